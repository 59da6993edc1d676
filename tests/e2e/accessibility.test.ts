import { describe, expect, it } from "vitest";
import { audit, axeBrowser } from "./support/axe";

const browser = axeBrowser();
/** The pages here that answer 404 on purpose: the not-found page, and an unknown slug with its nearest names (decision 047). */
const NOT_FOUND = ["/missing-page", "/404", "/tools/chatgtp"];

/** Desktop pages (1280 px), the dialogs and the dark theme; tests/e2e/accessibility-phone.test.ts has 360 px and signed-in pages. */
describe("accessibility at 1280 px (axe, WCAG 2.2 AA; target sizes)", () => {
  it.each([
    ["/", 1280],
    ["/missing-page", 1280],
    ["/auth", 1280],
    ["/auth?tab=forgot", 1280],
    ["/tools", 1280],
    ["/tools/chatgpt", 1280],
    ["/tools/activecampaign", 1280],
    ["/tools/seo-comparison", 1280],
    ["/blog", 1280],
    ["/blog/midjourney-vs-dall-e", 1280],
    ["/search?q=ai%20image%20generator", 1280],
    ["/search?q=zzqxv", 1280],
    ["/contact", 1280],
    ["/support", 1280],
    ["/newsletter/unsubscribe", 1280],
    ["/about", 1280],
    ["/how-we-review", 1280],
    ["/developers", 1280],
    ["/terms", 1280],
    ["/privacy", 1280],
    ["/affiliate-disclosure", 1280],
    ["/resources/ai-tools-comparison-matrix", 1280],
    ["/startup-toolkit", 1280],
    ["/business-hub", 1280],
    ["/career-resources", 1280],
    ["/deals", 1280],
    ["/changes", 1280],
    ["/cybersecurity", 1280],
    ["/courses", 1280],
    ["/courses/category/ai", 1280],
    ["/tasks", 1280],
    ["/tasks/transcribe-meetings", 1280],
    ["/tools/chatgtp", 1280],
    ["/sitemap-download", 1280],
    ["/sitemap-dashboard", 1280],
    ["/profile?edit=1", 1280],
  ])("%s at %i px has no violations", async (path, width) => {
    const violations = await audit(browser, path, { width, height: 900 }, { allowedHttpErrors: NOT_FOUND.includes(path) ? [404] : [] });
    expect(violations).toEqual([]);
  });

  it("the sign-in dialog has no violations", async () => {
    const violations = await audit(
      browser,
      "/tools",
      { width: 1280, height: 900 },
      {
        after: async (page) => {
          await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
          await page.getByRole("dialog").getByRole("tab", { name: "Sign Up" }).click();
        },
      },
    );
    expect(violations).toEqual([]);
  });

  // The matrix in one category: the same rows, stripes and sticky cells as the whole matrix (audited above in the
  // light theme), at a tenth of its 16,000 elements, which made its audit the slowest of the suite (issue 25).
  it.each(["/", "/resources/ai-tools-comparison-matrix?category=design"])("the dark theme keeps enough contrast on %s", async (path) => {
    expect(await audit(browser, path, { width: 1280, height: 900 }, { theme: "dark" })).toEqual([]);
  });
});
