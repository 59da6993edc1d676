/**
 * Legacy and alias URLs of spec part 1 §2.2, answered by the server with 301s
 * so that crawlers and old links land on the one canonical URL.
 */

const exactRedirects: Record<string, string> = {
  "/tools/popular": "/tools",
  "/tools/featured": "/tools",
  "/tools/trending": "/tools",
  "/tools/new": "/tools",
  "/tools/recommended": "/tools",
  "/blog/popular": "/blog",
  "/blog/recent": "/blog",
  "/blog/latest": "/blog",
  // The most enrolled first: the nearest thing to 'popular' the platforms publish.
  "/courses/popular": "/courses?sort=students",
  "/courses/featured": "/courses",
  "/courses/trending": "/courses",
  "/course": "/courses",
  "/courses/category": "/courses",
  "/courses/platform": "/courses",
  "/tool": "/tools",
  "/ai-tools": "/tools",
  "/articles": "/blog",
  "/posts": "/blog",
  "/reviews": "/blog",
  "/category": "/tools",
  "/categories": "/tools",
  "/privacy-policy": "/privacy",
  "/terms-of-service": "/terms",
  "/tos": "/terms",
  "/feed": "/feed.xml",
  "/rss": "/feed.xml",
  "/sitemap": "/sitemap.xml",
};

const prefixRedirects: Array<[from: string, to: string]> = [
  ["/tool/", "/tools/"],
  ["/ai-tools/", "/tools/"],
  ["/articles/", "/blog/"],
  ["/posts/", "/blog/"],
  ["/reviews/", "/blog/"],
  ["/course/category/", "/courses/category/"],
  ["/course/platform/", "/courses/platform/"],
  ["/category/", "/tools/category/"],
  ["/categories/", "/tools/category/"],
];

/** Everything under these goes to one page: there are no course pages of our own, so an old /course/{slug} lands on the listing. */
const collapsedPrefixes: Array<[from: string, to: string]> = [["/course/", "/courses"]];

function rewritePath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
  const exact = exactRedirects[trimmed];
  if (exact) return exact;
  for (const [from, to] of prefixRedirects) {
    if (trimmed.startsWith(from)) return to + trimmed.slice(from.length);
  }
  for (const [from, to] of collapsedPrefixes) {
    if (trimmed.startsWith(from)) return to;
  }
  return trimmed;
}

/**
 * Returns the path (with the original query string) a request should be
 * redirected to, or null when the URL is already canonical.
 */
export function findRedirect(url: URL): string | null {
  // Collapse repeated slashes first: "//evil.example" must never become a
  // protocol-relative Location header (open redirect).
  const pathname = url.pathname.replace(/\/{2,}/g, "/");
  const target = rewritePath(pathname);
  if (target === url.pathname) return null;
  const [targetPath, targetQuery] = target.split("?");
  if (!targetQuery) return target + url.search;
  // A target with its own query ('/courses?sort=students'): the request's parameters are kept and win.
  const query = new URLSearchParams(targetQuery);
  for (const [name, value] of new URLSearchParams(url.search)) query.set(name, value);
  return `${targetPath}?${query}`;
}
