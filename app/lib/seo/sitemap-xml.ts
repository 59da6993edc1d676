/**
 * The XML of the served sitemaps (sitemaps.org protocol 0.9): absolute locations on the site's URL,
 * `lastmod` as a W3C date when the content has one. Checked against the published XSDs in
 * tests/integration/seo-files.test.ts.
 */
export type SitemapEntry = { path: string; lastmod?: string };

const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

function entryXml(tag: "url" | "sitemap", entry: SitemapEntry, siteUrl: string): string {
  const loc = `<loc>${escapeXml(new URL(entry.path, siteUrl).toString())}</loc>`;
  const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : "";
  return `  <${tag}>${loc}${lastmod}</${tag}>\n`;
}

export function urlsetXml(entries: readonly SitemapEntry[], siteUrl: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NAMESPACE}">\n${entries.map((entry) => entryXml("url", entry, siteUrl)).join("")}</urlset>\n`;
}

export function sitemapIndexXml(entries: readonly SitemapEntry[], siteUrl: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NAMESPACE}">\n${entries.map((entry) => entryXml("sitemap", entry, siteUrl)).join("")}</sitemapindex>\n`;
}
