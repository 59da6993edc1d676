import { bodyBytes } from "~/utils/body-bytes.server";
import { matchesEtag, pickEncoding, type CachedPage } from "../page-cache";
import type { Exchange } from "../pipeline";
import { framedByVerification, securityHeaderList } from "../security-headers";
import { isReadOnly } from "~/utils/primary-health.server";
import { cacheControlOf, type PageCache } from "./context";
import { keptPageWithBanner } from "../read-only-banner";

/** An answer of a kept page: status, headers in order, and the body (null for HEAD and 304). */
export type KeptPageAnswer = { status: number; headers: [string, string][]; body: Buffer | null };

export type KeptPageRequest = { method: string; searchParams: URLSearchParams; acceptEncoding: string; ifNoneMatch: string | null; requestId: string };

/** The security headers of a kept page, made once per page and framing (its CSP names the page's script hashes). */
export function keptPageSecurityHeaders(cache: PageCache, page: CachedPage, searchParams: URLSearchParams): [string, string][] {
  const sameOriginFrames = framedByVerification(searchParams);
  let byFraming = cache.securityHeaders.get(page);
  if (!byFraming) cache.securityHeaders.set(page, (byFraming = new Map()));
  let list = byFraming.get(sameOriginFrames);
  if (!list) byFraming.set(sameOriginFrames, (list = securityHeaderList({ scriptHashes: page.scriptHashes }, { ...cache.site, sameOriginFrames })));
  return list;
}

/**
 * The answer to a request for a kept page, the one way both paths make it: the pipeline's step (as a Response,
 * `fromCache`) and the front door's hit path (`answerKeptPage`, written to the socket as it is). The headers are
 * those every step of the pipeline would have set on it: Cache-Control and Vary (declareCaching leaves a kept
 * page's as they are), the security headers with the page's script hashes, and the request id.
 */
export function keptPageAnswer(cache: PageCache, request: KeptPageRequest, page: CachedPage, state: "HIT" | "MISS"): KeptPageAnswer {
  const withBanner = isReadOnly() ? keptPageWithBanner(page, request.acceptEncoding) : undefined;
  if (withBanner) return readOnlyAnswer(cache, request, page, state, withBanner);
  const { body, encoding, etag } = pickEncoding(page, request.acceptEncoding);
  const headers: [string, string][] = [
    ["Content-Type", page.contentType],
    ["ETag", etag],
    ["Cache-Control", cacheControlOf(cache, page)],
    ["Vary", "Accept-Encoding, Cookie"],
    // For the edge in front to purge it by tag (decision 091); the edge strips it from what browsers get.
    ["Surrogate-Key", page.surrogateKey],
    ["X-Cache", state],
    ["X-Request-Id", request.requestId],
    ...keptPageSecurityHeaders(cache, page, request.searchParams),
  ];
  if (matchesEtag(request.ifNoneMatch, etag)) return { status: 304, headers, body: null };
  if (encoding) headers.push(["Content-Encoding", encoding]);
  headers.push(["Content-Length", String(body.length)]);
  return { status: page.status, headers, body: request.method === "HEAD" ? null : body };
}

/**
 * A kept page in read-only mode (decision 090): its bytes with the read-only banner, kept by no cache and without an
 * ETag (a browser's copy of the page without the banner is not confirmed with a 304 meanwhile).
 */
function readOnlyAnswer(
  cache: PageCache,
  request: KeptPageRequest,
  page: CachedPage,
  state: "HIT" | "MISS",
  { body, encoding }: { body: Buffer; encoding: "gzip" | null },
): KeptPageAnswer {
  const headers: [string, string][] = [
    ["Content-Type", page.contentType],
    ["Cache-Control", "no-store"],
    ["Vary", "Accept-Encoding, Cookie"],
    ["X-Cache", state],
    ["X-Request-Id", request.requestId],
    ...keptPageSecurityHeaders(cache, page, request.searchParams),
  ];
  if (encoding) headers.push(["Content-Encoding", encoding]);
  headers.push(["Content-Length", String(body.length)]);
  return { status: page.status, headers, body: request.method === "HEAD" ? null : body };
}

/** A kept page as the pipeline's answer. */
export function fromCache(cache: PageCache, { request, url, requestId }: Exchange, page: CachedPage, state: "HIT" | "MISS"): Response {
  const kept = keptPageAnswer(
    cache,
    {
      method: request.method,
      searchParams: url.searchParams,
      acceptEncoding: request.headers.get("accept-encoding") ?? "",
      ifNoneMatch: request.headers.get("if-none-match"),
      requestId,
    },
    page,
    state,
  );
  return new Response(kept.body && bodyBytes(kept.body), { status: kept.status, headers: kept.headers });
}
