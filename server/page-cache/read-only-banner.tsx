import { gzipSync } from "node:zlib";
import { renderToStaticMarkup } from "react-dom/server";
import { ReadOnlyBanner } from "~/components/layout/health-banner";
import type { CachedPage } from "../page-cache";

/**
 * Kept pages in read-only mode (decision 090). A kept page was rendered while the primary answered, so it has no
 * banner of its own, and a page rendered in read-only mode is never kept (page-cache/anonymous.ts): the banner is
 * put into the answer, never into the kept bytes, so the page is served as it was kept once the primary is back.
 * It goes right after `<body>`, outside what React renders (React 19 passes over elements it did not render there
 * while hydrating), and the health banner's first poll after the mode ends removes it (`data-added`).
 */

let markup: string | undefined;
/** Rendered once: the same component React renders on pages rendered in read-only mode. */
const bannerMarkup = () => (markup ??= renderToStaticMarkup(<ReadOnlyBanner added />));

/** A page's HTML with the banner after its `<body>` tag; the HTML as it is when it has none. */
export function withReadOnlyBanner(html: Buffer): Buffer {
  const text = html.toString("utf8");
  const bodyAt = text.search(/<body[\s>]/);
  const openEnd = bodyAt === -1 ? -1 : text.indexOf(">", bodyAt);
  if (openEnd === -1) return html;
  return Buffer.from(text.slice(0, openEnd + 1) + bannerMarkup() + text.slice(openEnd + 1), "utf8");
}

type WithBanner = { body: Buffer; gzip: Buffer };
// Made once per kept page while the mode lasts (a kept page is served many times), dropped with the page.
const withBanner = new WeakMap<CachedPage, WithBanner>();

/**
 * A kept HTML page's bytes with the banner: plain, or gzip (made once, at a fast level: an outage is no time to spend
 * the CPU on brotli's best). Undefined for what is not a page (a `.data` navigation, a feed).
 */
export function keptPageWithBanner(page: CachedPage, acceptEncoding: string): { body: Buffer; encoding: "gzip" | null } | undefined {
  if (!page.contentType.startsWith("text/html")) return undefined;
  let made = withBanner.get(page);
  if (!made) {
    const body = withReadOnlyBanner(page.body);
    withBanner.set(page, (made = { body, gzip: gzipSync(body, { level: 1 }) }));
  }
  return /\bgzip\b/.test(acceptEncoding) ? { body: made.gzip, encoding: "gzip" } : { body: made.body, encoding: null };
}
