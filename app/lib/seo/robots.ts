import { SITEMAP_INDEX } from "./sitemaps";

/**
 * Crawlers may read every public page; personal pages, the API, sign-in, the outbound redirects, the
 * newsletter's one-time links and uploaded files (readers' avatars and review images) are kept out.
 * Comparison selections and searches stay crawlable: they say `noindex` themselves, which a crawler
 * only sees when it may fetch them.
 */
export const DISALLOWED_PATHS = [
  "/api/",
  "/auth",
  "/profile",
  "/favorites",
  "/my-reviews",
  "/settings",
  "/dashboard",
  "/admin",
  "/go/",
  "/uploads/",
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
  "/unsubscribe/",
] as const;

export function robotsTxt(siteUrl: string): string {
  return ["User-agent: *", "Allow: /", ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), "", `Sitemap: ${new URL(SITEMAP_INDEX.path, siteUrl)}`, ""].join("\n");
}
