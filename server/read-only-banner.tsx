import { gzipSync } from "node:zlib";
import { renderToStaticMarkup } from "react-dom/server";
import { ReadOnlyBanner } from "~/components/layout/read-only-banner";
import { isReadOnly } from "~/utils/primary-health.server";
import { bodyBytes } from "~/utils/body-bytes.server";
import type { CachedPage } from "./page-cache";
import type { Step } from "./pipeline";

/**
 * The read-only banner (decision 090) in every HTML answer while the primary database is out of reach: pages rendered
 * now (`addReadOnlyBanner`, a step of the pipeline), kept pages served from the page cache (`keptPageWithBanner`) and
 * the pages the page cache puts together (a reader's personal parts, a search's shell). It goes right after `<body>`,
 * outside what React renders (React 19 passes over elements it did not render there while hydrating), and never into
 * a kept page's bytes: a page rendered in the mode is not kept (page-cache/anonymous.ts), and a kept page is served as
 * it was kept once the primary is back. The health banner's next poll after the mode removes it (`data-added`).
 */

let markup: string | undefined;
/** Rendered once. */
const bannerMarkup = () => (markup ??= renderToStaticMarkup(<ReadOnlyBanner />));

/** A page's HTML with the banner after its `<body>` tag; the HTML as it is when it has none. */
export function withReadOnlyBanner(html: Buffer): Buffer {
  const text = html.toString("utf8");
  const bodyAt = text.search(/<body[\s>]/);
  const openEnd = bodyAt === -1 ? -1 : text.indexOf(">", bodyAt);
  if (openEnd === -1) return html;
  return Buffer.from(text.slice(0, openEnd + 1) + bannerMarkup() + text.slice(openEnd + 1), "utf8");
}

const isHtml = (contentType: string | null) => (contentType ?? "").startsWith("text/html");

/**
 * The pipeline's step, just before the render (so before compression): in read-only mode a rendered HTML answer, the
 * 'temporarily unavailable' screen included, gets the banner. Read whole: pages are, to be compressed (server/compress.ts).
 */
export const addReadOnlyBanner: Step = async (exchange, next) => {
  const response = await next(exchange);
  if (!isReadOnly() || !response.body || response.headers.has("content-encoding") || !isHtml(response.headers.get("content-type"))) return response;
  const body = withReadOnlyBanner(Buffer.from(await response.arrayBuffer()));
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(bodyBytes(body), { status: response.status, statusText: response.statusText || undefined, headers });
};

type WithBanner = { body: Buffer; gzip: Buffer };
// Made once per kept page while the mode lasts (a kept page is served many times), dropped with the page.
const withBanner = new WeakMap<CachedPage, WithBanner>();

/**
 * A kept HTML page's bytes with the banner: plain, or gzip (made once, at a fast level: an outage is no time to spend
 * the CPU on brotli's best). Undefined for what is not a page (a `.data` navigation, a feed).
 */
export function keptPageWithBanner(page: CachedPage, acceptEncoding: string): { body: Buffer; encoding: "gzip" | null } | undefined {
  if (!isHtml(page.contentType)) return undefined;
  let made = withBanner.get(page);
  if (!made) {
    const body = withReadOnlyBanner(page.body);
    withBanner.set(page, (made = { body, gzip: gzipSync(body, { level: 1 }) }));
  }
  return /\bgzip\b/.test(acceptEncoding) ? { body: made.gzip, encoding: "gzip" } : { body: made.body, encoding: null };
}
