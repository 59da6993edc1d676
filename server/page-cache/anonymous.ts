import { changedSince, collectPageTags, pageExpiresAt, tagGenerations } from "~/utils/cache.server";
import { bodyBytes } from "~/utils/body-bytes.server";
import { onPrimary } from "~/utils/db-routing.server";
import { isReadOnly, modeChanges } from "~/utils/primary-health.server";
import type { RenderNotes } from "~/utils/request-context";
import { compressedAnswer } from "../compress";
import { buildPage, type CachedPage } from "../page-cache";
import type { Exchange, Next } from "../pipeline";
import type { PageCache } from "./context";
import { fromCache } from "./kept-answer";

/** Pages, client navigation data, and the files made from the database (sitemaps, feeds, robots.txt, llms.txt, tools' badges). */
const CACHEABLE_TYPE = /^(text\/html|text\/x-script|text\/plain|application\/xml|application\/rss\+xml|image\/svg\+xml)/;

/** Query addresses kept in mind at most: enough for the searches of a while, a bound on what visitors can fill. */
const SEEN_ONCE_AT_MOST = 10_000;

/** The page kept under `key`, or the one being rendered for it now (null when that render is not kept). */
export async function keptOrRendering(cache: PageCache, key: string): Promise<CachedPage | null | undefined> {
  return cache.store.get(key) ?? (await cache.rendering.get(key));
}

/** Whether to keep the page of `key`: an address without a query always; with one (a search), from its second request. */
export function worthStoring(cache: PageCache, key: string, url: URL): boolean {
  if (!url.search) return true;
  if (cache.seenOnce.delete(key)) return true;
  cache.seenOnce.add(key);
  if (cache.seenOnce.size > SEEN_ONCE_AT_MOST) cache.seenOnce.delete(cache.seenOnce.values().next().value!);
  return false;
}

export type RenderOutcome = { page: CachedPage } | { response: Response };

/** Renders an anonymous page and makes it a page to keep when it may be shared: 200, no cookie set, tagged data only, unchanged meanwhile. */
export async function renderForCache(exchange: Exchange, next: Next, asked: Partial<RenderNotes> = {}): Promise<RenderOutcome> {
  const tags = new Set<string>();
  let generations = tagGenerations([]);
  // Whether a loader read the viewer: such a page is never served to a signed-in reader with personal parts.
  const notes: RenderNotes = { ...asked, viewerRead: false };
  // A page rendered in read-only mode carries the banner in its HTML (decision 090): answered, never kept.
  const readOnlyAtStart = isReadOnly();
  const modeAtStart = modeChanges();
  const response = await collectPageTags(tags, async () => {
    // A page kept until an invalidation is read from the primary: a replica may not have that write yet (decision 089).
    // In read-only mode it is not kept (below), so it reads where its request reads: a replica can still render it.
    const render = () => next({ ...exchange, compress: false, notes });
    const rendered = await (readOnlyAtStart ? render() : onPrimary(render));
    // What the page showed was read by now; a write after this moment makes it stale.
    generations = tagGenerations(tags);
    return rendered;
  });
  const contentType = response.headers.get("content-type") ?? "";
  // A page true only until a moment already past (a `?team=` size not kept, decision 086) is not kept: it would sit in memory unserved.
  const expiresAt = pageExpiresAt(tags);
  const shareable =
    !readOnlyAtStart &&
    modeChanges() === modeAtStart &&
    response.status === 200 &&
    !response.headers.has("set-cookie") &&
    tags.size > 0 &&
    CACHEABLE_TYPE.test(contentType) &&
    (expiresAt === undefined || expiresAt > Date.now());
  const body = Buffer.from(await response.arrayBuffer());
  if (!shareable || changedSince(generations)) {
    // Answered as rendered, for this visitor only; its body is in memory, so it is compressed in one call.
    const answer = { status: response.status, headers: [...response.headers] };
    return { response: exchange.compress ? compressedAnswer(exchange.request, body, answer) : new Response(bodyBytes(body), answer) };
  }
  return { page: await buildPage(response.status, contentType, body, tags, notes) };
}

/** Renders the anonymous page of `key` once however many ask at the same moment, and keeps it when it may be shared. */
export async function renderAndKeep(cache: PageCache, key: string, exchange: Exchange, next: Next, asked: Partial<RenderNotes> = {}): Promise<RenderOutcome> {
  const pending = renderForCache(exchange, next, asked);
  cache.rendering.set(
    key,
    pending.then((outcome) => ("page" in outcome ? outcome.page : null)),
  );
  try {
    const outcome = await pending;
    if ("page" in outcome) cache.store.set(key, outcome.page);
    return outcome;
  } finally {
    cache.rendering.delete(key);
  }
}

/** Renders an anonymous page, keeps it when it may be shared, and answers with it. */
export async function keepRendered(cache: PageCache, key: string, exchange: Exchange, next: Next): Promise<Response> {
  const outcome = await renderAndKeep(cache, key, exchange, next);
  return "page" in outcome ? fromCache(cache, exchange, outcome.page, "MISS") : outcome.response;
}
