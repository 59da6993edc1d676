import { personalDataFor } from "~/models/account/personal.server";
import { errorText, log } from "~/utils/logger.server";
import { isUnavailable } from "~/utils/errors.server";
import { loadViewer } from "~/utils/session.server";
import { isReadOnly } from "~/utils/primary-health.server";
import { compressedAnswer } from "../compress";
import { withReadOnlyBanner } from "../read-only-banner";
import type { CachedPage } from "../page-cache";
import { fillForReader } from "../page-parts/kept-page";
import { withRequest, type Exchange, type Next } from "../pipeline";
import { keptOrRendering, renderAndKeep, worthStoring } from "./anonymous";
import type { PageCache } from "./context";
import { keptPageSecurityHeaders } from "./kept-answer";
import { anonymousRequestOf } from "./keys";

/**
 * A kept page for a signed-in reader, with its personal parts rendered for them (decision 054); rendered for them in
 * full when the session is gone, refreshed (its cookie must be set) or unreadable, or the page has a part this build
 * does not know. The reader's own answer: never kept, `private, no-store` (declareCaching). The one module that calls
 * server/page-parts (decision 066) for a reader.
 */
async function withPersonalParts(cache: PageCache, exchange: Exchange, page: CachedPage, next: Next): Promise<Response> {
  const { request, url, requestId } = exchange;
  const parts = page.parts;
  if (!parts?.forReader) return next(exchange);
  const session = await loadViewer(request, { use: "personal-parts" });
  // A page rendered for the reader looks the session up once: a fresh lookup is handed on, with any cookie it must
  // set; a reused one is not (a page rendered for the reader always reads the session anew).
  const rendered = () => next(session.reused ? exchange : { ...exchange, session });
  if (!session.viewer || session.setCookies.length || session.databaseUnavailable) return rendered();
  let body: Buffer | null;
  try {
    const viewer = session.viewer;
    body = await cache.fillInTurn(async () => fillForReader(parts, url, await personalDataFor(viewer, parts.route.loaderData)));
  } catch (error) {
    // The page is rendered for the reader instead. A database that does not answer is the render's to answer (503 with
    // the 'temporarily unavailable' screen); anything else is a part that cannot be rendered alone, a bug: logged.
    if (!isUnavailable(error)) log.error("personal parts failed to render; the page is rendered for the reader", { requestId, path: url.pathname, error: errorText(error) });
    return rendered();
  }
  if (!body) return rendered();
  const headers: [string, string][] = [
    ["Content-Type", page.contentType],
    ["X-Cache", "PERSONAL-PARTS"],
    ["X-Request-Id", requestId],
    // The kept page's script hashes cover every script that runs: the personal data is JSON, which never runs.
    ...keptPageSecurityHeaders(cache, page, url.searchParams),
  ];
  // In read-only mode the reader's page carries the banner too (decision 090).
  return compressedAnswer(request, isReadOnly() && page.contentType.startsWith("text/html") ? withReadOnlyBanner(body) : body, { status: page.status, headers });
}

/**
 * A signed-in GET of a route kept for everyone. A page not kept yet is rendered for anonymous visitors and kept first,
 * as an anonymous visitor's request would have done, so that a page invalidated by a write is shared again from its
 * next reader, signed in or not. Then, when the route declares personal parts (`shared-with-personal-parts`) and the
 * kept page has them (no loader read the viewer), the reader gets that page with their parts; else it is rendered
 * for them.
 */
export async function forSignedInReader(cache: PageCache, exchange: Exchange, next: Next, sharedKey: string, { fill }: { fill: boolean }): Promise<Response> {
  let shared = (await keptOrRendering(cache, sharedKey)) ?? undefined;
  if (!shared && worthStoring(cache, sharedKey, exchange.url)) {
    const outcome = await renderAndKeep(cache, sharedKey, withRequest(exchange, anonymousRequestOf(exchange.request)), next);
    if ("page" in outcome) shared = outcome.page;
    else await outcome.response.body?.cancel();
  }
  return fill && shared?.parts?.forReader ? withPersonalParts(cache, exchange, shared, next) : next(exchange);
}
