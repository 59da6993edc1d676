import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { signUpAndConfirm } from "./support/accounts";
import { baseUrl, useBrowser, waitForHydration } from "./support/browser";

const axeSource = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
// axe is injected as a script, which the site's CSP would (rightly) refuse.
const browser = useBrowser({ bypassCSP: true });

type AxeResult = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };

type AuditOptions = {
  allowedHttpErrors?: number[];
  theme?: string;
  /** Runs before the page is opened (e.g. signing in). */
  before?: (page: Page) => Promise<unknown>;
  /** Runs after hydration, before the audit (e.g. opening a dialog). */
  after?: (page: Page) => Promise<unknown>;
};

async function audit(path: string, viewport: { width: number; height: number }, options: AuditOptions = {}) {
  const page = await browser.newPage({ viewport, allowedHttpErrors: options.allowedHttpErrors });
  if (options.theme) await page.context().addCookies([{ name: "theme", value: options.theme, url: baseUrl() }]);
  await options.before?.(page);
  await page.goto(path);
  await waitForHydration(page);
  await options.after?.(page);
  await page.addScriptTag({ path: axeSource });
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (o: unknown) => Promise<unknown> } }).axe.run({ runOnly: ["wcag2a", "wcag2aa", "wcag21aa", "best-practice"] }),
  )) as AxeResult;
  return result.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("accessibility (axe, WCAG 2.1 AA)", () => {
  it.each([
    ["/", 1280],
    ["/", 360],
    ["/missing-page", 1280],
    ["/auth", 1280],
    ["/auth?tab=signup", 360],
    ["/auth?tab=forgot", 1280],
    ["/profile", 360],
    ["/tools/chatgpt", 1280],
    ["/tools/canva", 360],
    ["/blog", 1280],
    ["/blog", 360],
    ["/blog/midjourney-vs-dall-e", 1280],
    ["/blog/how-to-write-better-ai-prompts", 360],
    ["/blog/category/education", 360],
    ["/search", 360],
    ["/search?q=midjourney", 1280],
    ["/search?q=seo&tab=tools", 360],
    ["/search?q=zzqxv", 1280],
    ["/contact", 1280],
    ["/contact", 360],
    ["/newsletter", 360],
    ["/support", 1280],
    ["/support", 360],
    ["/newsletter/unsubscribe", 1280],
    ["/about", 1280],
    ["/about", 360],
    ["/how-we-review", 1280],
    ["/how-we-review", 360],
    ["/terms", 1280],
    ["/terms", 360],
    ["/privacy", 1280],
    ["/privacy", 360],
    ["/affiliate-disclosure", 1280],
    ["/affiliate-disclosure", 360],
    ["/404", 360],
    ["/resources/ai-tools-comparison-matrix", 1280],
    ["/resources/ai-tools-comparison-matrix", 360],
    ["/resources/ai-tools-comparison-matrix?category=design&sort=name", 360],
    ["/startup-toolkit", 360],
    ["/startup-toolkit", 1280],
    ["/business-hub", 360],
    ["/business-hub", 1280],
    ["/career-resources", 360],
    ["/career-resources", 1280],
    ["/deals", 1280],
    ["/deals", 360],
    ["/cybersecurity", 1280],
    ["/cybersecurity", 360],
    ["/courses", 1280],
    ["/courses", 360],
    ["/courses/category/ai", 1280],
    ["/courses/category/ai", 360],
    ["/sitemap-download", 1280],
    ["/sitemap-download", 360],
    ["/sitemap-download?tab=preview", 360],
    ["/sitemap-dashboard", 1280],
    ["/sitemap-dashboard", 360],
    ["/sitemap-dashboard?tab=troubleshoot", 360],
  ])("%s at %i px has no violations", async (path, width) => {
    const violations = await audit(path, { width, height: 900 }, { allowedHttpErrors: ["/missing-page", "/404"].includes(path) ? [404] : [] });
    expect(violations).toEqual([]);
  });

  it("the sign-in dialog has no violations", async () => {
    const violations = await audit(
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

  it.each([
    ["/profile?edit=1", 1280],
    ["/settings", 360],
  ])("signed in, %s at %i px has no violations", async (path, width) => {
    expect(await audit(path, { width, height: 900 }, { before: (page) => signUpAndConfirm(page) })).toEqual([]);
  });

  it.each(["/", "/resources/ai-tools-comparison-matrix"])("the dark theme keeps enough contrast on %s", async (path) => {
    expect(await audit(path, { width: 1280, height: 900 }, { theme: "dark" })).toEqual([]);
  });
});
