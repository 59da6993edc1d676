import { escapeXml } from "./sitemap-xml";

/**
 * RSS 2.0 with the Atom self link that feed validators ask for (spec part 2 §9: language en-US, a 144x144
 * logo). Dates are the content's own, so the same content gives the same bytes (the page cache's ETag).
 */
/** `category`: one name, or several (a tool's primary category first, then its secondary ones), each its own element. */
export type FeedItem = { title: string; path: string; description: string; date: string; category?: string | readonly string[] };
export type Feed = { title: string; description: string; path: string; items: readonly FeedItem[] };

export const FEED_LANGUAGE = "en-US";
/** The channel image (public/logo-144.png): RSS readers take PNG, JPEG or GIF, at most 144 pixels wide. */
export const FEED_LOGO = { path: "/logo-144.png", width: 144, height: 144 } as const;

/** An ISO date (YYYY-MM-DD) as RFC 822, the date format of RSS 2.0. */
export function rfc822(date: string): string {
  return new Date(`${date.slice(0, 10)}T00:00:00Z`).toUTCString().replace("GMT", "+0000");
}

export function rssXml(feed: Feed, siteUrl: string): string {
  const url = (path: string) => escapeXml(new URL(path, siteUrl).toString());
  const newest = feed.items.reduce<string | undefined>((best, item) => (!best || item.date > best ? item.date : best), undefined);
  const items = feed.items.map(
    (item) =>
      `    <item>\n      <title>${escapeXml(item.title)}</title>\n      <link>${url(item.path)}</link>\n      <guid isPermaLink="true">${url(item.path)}</guid>\n` +
      `      <description>${escapeXml(item.description)}</description>\n` +
      [item.category ?? []]
        .flat()
        .map((category) => `      <category>${escapeXml(category)}</category>\n`)
        .join("") +
      `      <pubDate>${rfc822(item.date)}</pubDate>\n    </item>\n`,
  );
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">\n  <channel>\n` +
    `    <title>${escapeXml(feed.title)}</title>\n    <link>${url("/")}</link>\n    <description>${escapeXml(feed.description)}</description>\n` +
    `    <language>${FEED_LANGUAGE}</language>\n` +
    (newest ? `    <lastBuildDate>${rfc822(newest)}</lastBuildDate>\n` : "") +
    `    <atom:link href="${url(feed.path)}" rel="self" type="application/rss+xml"/>\n` +
    `    <image>\n      <url>${url(FEED_LOGO.path)}</url>\n      <title>${escapeXml(feed.title)}</title>\n      <link>${url("/")}</link>\n` +
    `      <width>${FEED_LOGO.width}</width>\n      <height>${FEED_LOGO.height}</height>\n    </image>\n` +
    items.join("") +
    `  </channel>\n</rss>\n`
  );
}
