/** Shared by the accessibility audits (tests/e2e/accessibility*.test.ts), split in two files so both browser workers share them. */
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { findSmallTargets } from "~/lib/ui/target-size";
import { baseUrl, useBrowser, waitForHydration } from "./browser";

const axeSource = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
// axe is injected as a script, which the site's CSP would (rightly) refuse.
/** The browser of an audit file (call at the top of the file: it registers its hooks). */
export const axeBrowser = () => useBrowser({ bypassCSP: true });

type AxeResult = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };

export type AuditOptions = {
  allowedHttpErrors?: number[];
  theme?: string;
  /** Runs before the page is opened (e.g. signing in). */
  before?: (page: Page) => Promise<unknown>;
  /** Runs after hydration, before the audit (e.g. opening a dialog). */
  after?: (page: Page) => Promise<unknown>;
};

/**
 * axe's violations of one page opened at `path`, in words (see axeViolations), and on the same load the targets
 * under the site's size rule (smallTargets).
 */
export async function audit(browser: ReturnType<typeof axeBrowser>, path: string, viewport: { width: number; height: number }, options: AuditOptions = {}) {
  // A page that only opens the URL reuses the file's page of that size (cookies, cache and renderer kept): an audit
  // with a theme or a step before it gets a context of its own.
  const fresh = Boolean(options.theme || options.before);
  const page = fresh
    ? await browser.newPage({ viewport, allowedHttpErrors: options.allowedHttpErrors })
    : await browser.reusedPage({ viewport, allowedHttpErrors: options.allowedHttpErrors });
  if (options.theme) await page.context().addCookies([{ name: "theme", value: options.theme, url: baseUrl() }]);
  await options.before?.(page);
  await page.goto(path);
  await waitForHydration(page);
  await options.after?.(page);
  return [...(await axeViolations(page)), ...(await smallTargets(page))];
}

/**
 * The page's targets under the size rule /verification applies (lib/ui/target-size.ts: 24 px with WCAG 2.5.8's
 * exceptions, 44 px for primary buttons and the bottom bar), in words. axe's own target-size rule runs too; this one
 * also holds the site's 44 px rule, and is the same code as /verification's count.
 */
export async function smallTargets(page: Page) {
  const { small } = await measureTargets(page);
  return small.map(({ target, width, height, minimum }) => `small target: ${target} is ${width}x${height} px, under ${minimum}x${minimum}`);
}

/**
 * axe's WCAG 2.2 A/AA and best-practice violations of the page as it is now, in words (the page's context must bypass
 * CSP: axe is injected as a script). `resultTypes` keeps every violation but stops axe collecting each passing
 * node (only violations are read), which makes an audit markedly faster.
 */
export async function axeViolations(page: Page) {
  await page.addScriptTag({ path: axeSource });
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (o: unknown) => Promise<unknown> } }).axe.run({
      runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
      resultTypes: ["violations"],
    }),
  )) as AxeResult;
  return result.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** lib/ui/target-size.ts's measure of the page as it is now (the function is self-contained: it runs in the page as written). */
export const measureTargets = (page: Page) => page.evaluate(findSmallTargets as () => ReturnType<typeof findSmallTargets>);
