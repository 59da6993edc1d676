import { readableSearchParams } from "~/lib/readable-text";
import { bodyLimitFor, limitedBody } from "~/utils/body-limits.server";
import { withRequest, type Step } from "./pipeline";
import { applySecurityHeaders, type SiteHeaders } from "./security-headers";

/** Longer than any URL of ours (a search with every filter is a few hundred characters). */
export const MAX_URL_LENGTH = 8 * 1024;

/**
 * The request as the visitor sent it to the public address. Behind a TLS-terminating proxy the socket
 * says `http:`, but the browser's Origin says `https:`: React Router refuses such form posts (the origins
 * differ). With TRUST_PROXY the proxy's X-Forwarded-Proto is believed; without it, it is ignored, since
 * anyone can send it. The host is the Host header, which the proxy passes on (docs/DEPLOY.md);
 * X-Forwarded-Host is never read, so no header can make another site's origin look like ours.
 */
export function publicRequest(request: Request, trustProxy: boolean): Request {
  if (!trustProxy) return request;
  const proto = firstValue(request.headers.get("x-forwarded-proto"))?.toLowerCase();
  const url = new URL(request.url);
  if ((proto !== "http" && proto !== "https") || `${proto}:` === url.protocol) return request;
  url.protocol = `${proto}:`;
  return rebuild(request, url.toString(), request.body);
}

function firstValue(header: string | null) {
  return header?.split(",")[0]?.trim() || undefined;
}

function rebuild(request: Request, url: string, body: ReadableStream<Uint8Array> | null): Request {
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    // A streamed body is passed on as it arrives, not buffered.
    ...(body ? { duplex: "half" } : {}),
  } as RequestInit);
}

/**
 * The body limit of the request's path (utils/body-limits.server.ts): "too large" at once when
 * Content-Length says so, else a body that fails as soon as it passes the limit, whoever reads it.
 */
export function limitRequestBody(request: Request): Request | "too-large" {
  if (!request.body) return request;
  const maxBytes = bodyLimitFor(new URL(request.url).pathname);
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) return "too-large";
  return rebuild(request, request.url, limitedBody(request.body, maxBytes));
}

/**
 * A path whose percent-encoding does not decode (`/tools/%C0%AF`, overlong or cut UTF-8) is read as the
 * literal text it spells, with its percent signs escaped: it then names no page and gets the not-found
 * page, instead of reaching the router as something it cannot decode.
 */
export function decodablePath(request: Request): Request {
  const url = new URL(request.url);
  try {
    decodeURIComponent(url.pathname);
    return request;
  } catch {
    url.pathname = url.pathname.replaceAll("%", "%25");
    return rebuild(request, url.toString(), request.body);
  }
}

/**
 * Every query parameter, of every route, without control characters (lib/readable-text.ts): one place, before
 * any loader reads `searchParams`, so no `?q=%00` or `?page=1%00` reaches the database (PostgreSQL refuses NUL
 * in any text) and no future parameter needs its own cleaning. Loaders read what the visitor could have meant;
 * an address without control characters passes as sent.
 */
export function readableQuery(request: Request): Request {
  const url = new URL(request.url);
  if (!url.search) return request;
  const clean = readableSearchParams(url.searchParams);
  if (!clean) return request;
  url.search = clean.toString();
  return rebuild(request, url.toString(), request.body);
}

/** A short answer before any rendering: the request is one no page could take. */
function refuse(status: 413 | 414, requestId: string, site: SiteHeaders): Response {
  const text = status === 413 ? "The request is larger than this page accepts." : "The address is longer than any page of ours.";
  const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8", "X-Request-Id": requestId, "Cache-Control": "no-store" });
  // The rest of an oversized body is not read: the connection closes instead.
  if (status === 413) headers.set("Connection", "close");
  applySecurityHeaders(headers, { scriptHashes: [] }, site);
  return new Response(text, { status, headers });
}

/**
 * The pipeline's first check: an address longer than any of ours is refused (414), one that does not decode
 * names no page, its query parameters lose their control characters, and behind a trusted proxy the request
 * takes the public protocol. (A malformed Host or request line never gets here: server/front-door.ts.)
 */
export function guardRequests({ trustProxy, site }: { trustProxy: boolean; site: SiteHeaders }): Step {
  return (exchange, next) => {
    if (exchange.request.url.length > MAX_URL_LENGTH) return Promise.resolve(refuse(414, exchange.requestId, site));
    return next(withRequest(exchange, readableQuery(decodablePath(publicRequest(exchange.request, trustProxy)))));
  };
}

/** The pipeline step of body limits: 413 at once when Content-Length is over the path's limit, else a body that stops there. */
export function limitBodies(site: SiteHeaders): Step {
  return (exchange, next) => {
    const limited = limitRequestBody(exchange.request);
    if (limited === "too-large") return Promise.resolve(refuse(413, exchange.requestId, site));
    return next(withRequest(exchange, limited));
  };
}
