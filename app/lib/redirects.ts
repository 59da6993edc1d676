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
  "/courses/popular": "/courses",
  "/courses/featured": "/courses",
  "/courses/trending": "/courses",
  "/course": "/courses",
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
  ["/course/", "/courses/"],
  ["/category/", "/tools/category/"],
  ["/categories/", "/tools/category/"],
];

function rewritePath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
  const exact = exactRedirects[trimmed];
  if (exact) return exact;
  for (const [from, to] of prefixRedirects) {
    if (trimmed.startsWith(from)) return to + trimmed.slice(from.length);
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
  return target + url.search;
}
