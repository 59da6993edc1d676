import { describe, expect, it } from "vitest";
import { signUpAndConfirm } from "./support/accounts";
import { audit, axeBrowser } from "./support/axe";

const browser = axeBrowser();
/** The pages here that answer 404 on purpose: the not-found page, and an unknown slug with its nearest names (decision 047). */
const NOT_FOUND = ["/missing-page", "/404", "/tasks/transcrbe-meetings"];

/** Pages at 360 px and the signed-in pages; tests/e2e/accessibility.test.ts has desktop, the dialogs and the dark theme. */
describe("accessibility at 360 px and signed in (axe, WCAG 2.1 AA)", () => {
  it.each([
    ["/", 360],
    ["/auth?tab=signup", 360],
    ["/profile", 360],
    ["/tools/canva", 360],
    ["/blog", 360],
    ["/blog/how-to-write-better-ai-prompts", 360],
    ["/blog/category/education", 360],
    ["/search", 360],
    ["/search?q=seo&tab=tools", 360],
    ["/contact", 360],
    ["/newsletter", 360],
    ["/support", 360],
    ["/about", 360],
    ["/how-we-review", 360],
    ["/terms", 360],
    ["/privacy", 360],
    ["/affiliate-disclosure", 360],
    ["/404", 360],
    ["/resources/ai-tools-comparison-matrix", 360],
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

  it.each([
    ["/profile?edit=1", 1280],
    ["/settings", 360],
  ])("signed in, %s at %i px has no violations", async (path, width) => {
    expect(await audit(browser, path, { width, height: 900 }, { before: (page) => signUpAndConfirm(page) })).toEqual([]);
  });
});
