import { findRedirect } from "~/lib/seo/redirects";
import { MESSAGES } from "~/lib/messages";
import { keyFileResponse } from "~/utils/indexnow.server";
import { log } from "~/utils/logger.server";
import { MCP_PATH } from "./mcp-cors";
import type { Step } from "./pipeline";

/** Old addresses of the site answer 301 to their page today (lib/seo/redirects.ts), before any rendering. */
export const legacyRedirects: Step = (exchange, next) => {
  const { request, url } = exchange;
  const to = request.method === "GET" || request.method === "HEAD" ? findRedirect(url) : null;
  return to ? Promise.resolve(new Response(null, { status: 301, headers: { Location: to } })) : next(exchange);
};

/** The IndexNow key file at the site's root, when IndexNow is configured (utils/indexnow.server.ts). */
export const indexNowKeyFile: Step = (exchange, next) => {
  const keyFile = keyFileResponse(exchange.request, exchange.url.pathname);
  return keyFile ? Promise.resolve(keyFile) : next(exchange);
};

/** Whether a write came from another site: its Origin is neither this request's nor the site's, or the browser says cross-site. */
export function isCrossSiteWrite(request: Request, url: URL, siteOrigin: string) {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return false;
  // The MCP server's POSTs are reads of public data that never look at the session or a cookie, so another site's
  // page gains nothing by sending one that it could not get by asking itself; assistants in browsers must (server/mcp-cors.ts).
  if (url.pathname === MCP_PATH) return false;
  const origin = request.headers.get("origin");
  if (origin) return origin !== url.origin && origin !== siteOrigin;
  return request.headers.get("sec-fetch-site") === "cross-site";
}

/**
 * A write whose Origin is the site's public origin while the request was sent to another Host (a proxy that does not
 * pass the Host on, or a probe). React Router refuses any write whose Origin is not the request's own origin, and
 * reported it as an error with a stack; it is refused here first, as one warning line (issue 41).
 */
export function isMisaddressedWrite(request: Request, url: URL, siteOrigin: string) {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return false;
  const origin = request.headers.get("origin");
  return origin === siteOrigin && origin !== url.origin;
}

/** Writes must come from our own pages: a cross-site form or fetch is refused (403) before any action runs. */
export function refuseCrossSiteWrites(siteOrigin: string): Step {
  return (exchange, next) => {
    const { request, url, requestId } = exchange;
    if (isCrossSiteWrite(request, url, siteOrigin)) return Promise.resolve(Response.json({ error: MESSAGES.crossSite.description }, { status: 403 }));
    if (isMisaddressedWrite(request, url, siteOrigin)) {
      log.warn("write refused: its Origin is the site's but its Host is not", { requestId, method: request.method, path: url.pathname, host: url.host });
      return Promise.resolve(Response.json({ error: MESSAGES.crossSite.description }, { status: 403 }));
    }
    return next(exchange);
  };
}
