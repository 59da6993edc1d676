import { countOf, pluralise } from "../ui/plural";
/**
 * The verification dashboard's results (spec part 2 §2.11, §5, §8): each check is a card with its issues,
 * warnings and notes. The browser runs some checks, the server the others (/verification/run); the overall
 * result is PASSED when no card has an issue.
 */
export type CheckResult = { id: string; name: string; issues: string[]; warnings: string[]; info: string[] };

export type VerificationSummary = { passed: boolean; issues: number; warnings: number; testsRun: number };

export function summarise(checks: readonly CheckResult[]): VerificationSummary {
  const issues = checks.reduce((sum, check) => sum + check.issues.length, 0);
  const warnings = checks.reduce((sum, check) => sum + check.warnings.length, 0);
  return { passed: issues === 0, issues, warnings, testsRun: checks.length };
}

/** The words of spec part 2 §8, in one place for both sides. */
export const VERIFICATION_MESSAGES = {
  http: (status: number, text: string) => `HTTP ${status}: ${text}`,
  resourceFailed: (tag: string) => `Resource failed to load: ${tag}`,
  criticalAssetFailed: (path: string, status: number) => `Critical asset failed: ${path} (${status})`,
  criticalAssetError: (path: string) => `Critical asset error: ${path}`,
  slowResource: "Slow loading resource",
  failedResource: "Failed to load resource",
  internetExplorer: "Internet Explorer is not supported",
  missingViewport: "Missing viewport meta tag",
  featureNotSupported: (feature: string) => `${feature} is not supported in this browser`,
  oldSafari: (version: number) => `Safari ${version} is older than 14: some features may not work`,
  touchTargets: (count: number) =>
    `${countOf(count, "touch target")} ${pluralise(count, "is", "are")} too small: under 24px with no room around (WCAG 2.5.8), or a primary button or bottom-bar item under 44px`,
  horizontalScroll: (width: number) => `Horizontal scroll detected at ${width}px width`,
} as const;

/** Spec part 2 §9. */
export const VERIFICATION_LIMITS = { autoRunDelayMs: 3000, slowResourceMs: 3000, mobileWidthPx: 768, maxTitleLength: 60 } as const;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: "\u00a0" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => ENTITIES[name]!);

/**
 * The head of one of our pages against the SEO rules (issue 17): one title of at most 60 characters, a meta
 * description, one canonical URL and JSON-LD that parses. Our pages are React's output, so their tags have
 * a known shape; icons' SVG <title>s sit in the body and are not counted.
 */
export function checkPageHead(path: string, html: string): Pick<CheckResult, "issues" | "warnings" | "info"> {
  const issues: string[] = [];
  const warnings: string[] = [];
  const head = html.match(/<head[^>]*>([\s\S]*?)<\/head>/i)?.[1] ?? "";
  const titles = [...head.matchAll(/<title[^>]*>([\s\S]*?)<\/title>/gi)].map((match) => decode(match[1]!.trim()));
  if (titles.length !== 1) issues.push(`${path}: ${titles.length} title elements (one expected)`);
  const title = titles[0] ?? "";
  if (titles.length && !title) issues.push(`${path}: empty title`);
  if (title.length > VERIFICATION_LIMITS.maxTitleLength) issues.push(`${path}: title is ${title.length} characters (at most ${VERIFICATION_LIMITS.maxTitleLength})`);
  const description = head.match(/<meta\s+name="description"\s+content="([^"]*)"/i)?.[1];
  if (!description?.trim()) issues.push(`${path}: missing meta description`);
  const canonicals = [...head.matchAll(/<link\s+rel="canonical"\s+href="([^"]*)"/gi)].map((match) => decode(match[1]!));
  if (canonicals.length !== 1) issues.push(`${path}: ${canonicals.length} canonical links (one expected)`);
  else if (!/^https?:\/\//.test(canonicals[0]!)) issues.push(`${path}: canonical URL is not absolute`);
  const jsonLd = [...html.matchAll(/<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/gi)].map((match) => match[1]!);
  let parsed = 0;
  for (const block of jsonLd) {
    try {
      JSON.parse(block);
      parsed++;
    } catch {
      issues.push(`${path}: JSON-LD does not parse`);
    }
  }
  if (!jsonLd.length) warnings.push(`${path}: no JSON-LD`);
  return { issues, warnings, info: [`${path}: "${title}" (${title.length} characters), ${countOf(parsed, "JSON-LD block")}`] };
}
