import { describe, expect, it } from "vitest";
import { signUpAndConfirm } from "./support/accounts";
import { audit, axeBrowser, measureTargets } from "./support/axe";
import { scrollCue } from "./support/scroll-region";

const browser = axeBrowser();
/** The pages here that answer 404 on purpose: the not-found page, and an unknown slug with its nearest names (decision 047). */
const NOT_FOUND = ["/missing-page", "/404", "/tasks/transcrbe-meetings"];

/** Pages at 360 px and the signed-in pages; tests/e2e/accessibility.test.ts has desktop, the dialogs and the dark theme. */
describe("accessibility at 360 px and signed in (axe, WCAG 2.2 AA; target sizes)", () => {
  it.each([
    ["/", 360],
    ["/auth?tab=signup", 360],
    ["/profile", 360],
    ["/tools", 360],
    ["/tools/canva", 360],
    // A tool without a review: its plans table is in the pricing box on phones (decision 052).
    ["/tools/activecampaign", 360],
    ["/tools/seo-comparison", 360],
    ["/blog", 360],
    ["/blog/category/education", 360],
    ["/search", 360],
    ["/search?q=seo&tab=tools", 360],
    ["/contact", 360],
    ["/newsletter", 360],
    ["/support", 360],
    ["/about", 360],
    ["/how-we-review", 360],
    ["/developers", 360],
    ["/terms", 360],
    ["/privacy", 360],
    ["/affiliate-disclosure", 360],
    ["/404", 360],
    // One category of the matrix: the whole one is audited at 1280 px; the same table at a tenth of the size (issue 25).
    ["/resources/ai-tools-comparison-matrix?category=design&sort=name", 360],
    ["/startup-toolkit", 360],
    ["/business-hub", 360],
    ["/career-resources", 360],
    ["/deals", 360],
    ["/changes", 360],
    ["/cybersecurity", 360],
    ["/courses", 360],
    ["/courses/category/ai", 360],
    ["/tasks", 360],
    ["/tasks/transcribe-meetings", 360],
    ["/tasks/transcrbe-meetings", 360],
    ["/sitemap-download", 360],
    ["/sitemap-download?tab=preview", 360],
    ["/sitemap-dashboard", 360],
    ["/sitemap-dashboard?tab=troubleshoot", 360],
    ["/settings", 360],
  ])("%s at %i px has no violations", async (path, width) => {
    const violations = await audit(browser, path, { width, height: 900 }, { allowedHttpErrors: NOT_FOUND.includes(path) ? [404] : [] });
    expect(violations).toEqual([]);
  });

  it("an article's table wider than the screen scrolls in its own named region with a cue, and the page has no violations", async () => {
    let cue: Awaited<ReturnType<typeof scrollCue>> | undefined;
    const violations = await audit(browser, "/blog/ai-coding-assistants-compared", { width: 360, height: 900 }, { after: async (page) => (cue = await scrollCue(page)) });
    expect(violations).toEqual([]);
    const region = { name: "Table: Tool, Type, Best suited to, Pricing structure", role: "region", tabindex: "0", pageScrollsSideways: false, boxScrolls: true };
    expect(cue!.start).toEqual({ ...region, hint: "Scroll sideways for more →", startShadow: "0", endShadow: "1", lastColumnInView: false });
    expect(cue!.end).toEqual({ ...region, hint: "Scroll sideways for more →", startShadow: "1", endShadow: "0", lastColumnInView: true });
  });

  it("measures targets by the site's rule: 24 px unless spaced or inline (WCAG 2.5.8), 44 px for primary buttons and the bottom bar", async () => {
    // A page of its own (no request to the server): one case of each kind the audits above rely on.
    const page = await browser.newPage({ viewport: { width: 360, height: 900 } });
    await page.setContent(`
      <style>body { margin: 0; font: 16px/18px sans-serif } .tiny { width: 20px; height: 20px; padding: 0 } .row { display: block; line-height: 16px }</style>
      <div><button class="tiny">a</button><button class="tiny">b</button></div>
      <div style="margin-top: 40px"><button class="tiny">alone</button></div>
      <p style="margin-top: 40px">See <a href="/x">x</a> and <a href="/y">y</a> today.</p>
      <nav style="margin-top: 40px"><a class="row" href="/one">one</a><a class="row" href="/two">two</a></nav>
      <div style="margin-top: 40px"><button class="btn-default" style="height: 40px; width: 120px">primary</button></div>
      <div style="margin-top: 40px" data-target-size="44"><a href="/home" style="display: block; width: 72px; height: 56px">bar</a></div>
      <div style="margin-top: 40px"><button class="tiny" disabled>off</button><button class="tiny" aria-hidden="true" tabindex="-1">hidden</button></div>
      <div style="margin-top: 40px; height: 30px; overflow: auto"><div style="height: 30px"></div><a class="row" href="/scrolled">scrolled</a></div>
      <a class="row" href="/below" style="margin-top: 0">below</a>
      <div style="margin-top: 40px; width: 100px; overflow-x: auto; white-space: nowrap"><a href="/c1" style="display: inline-block; width: 80px; height: 30px">chip</a><a href="/c2" style="display: inline-block; width: 80px; height: 30px">half shown</a></div>`);
    const { small } = await measureTargets(page);
    expect(small.map(({ target, minimum }) => `${target} ${minimum}`)).toEqual(['button "a" 24', 'button "b" 24', 'a "one" 24', 'a "two" 24', 'button "primary" 44']);
  });

  it.each([
    ["/profile?edit=1", 1280],
    ["/settings", 360],
    // Issue 47: the reader's shortlists and the form that adds a tool to one.
    ["/shortlists", 360],
    ["/shortlists/add?tool=chatgpt", 360],
  ])("signed in, %s at %i px has no violations", async (path, width) => {
    expect(await audit(browser, path, { width, height: 900 }, { before: (page) => signUpAndConfirm(page) })).toEqual([]);
  });
});
