import { themeFromCookieHeader } from "~/lib/ui/theme";
import { changedSince, collectPageTags, tagGenerations } from "~/utils/cache.server";
import { isUnavailable } from "~/utils/errors.server";
import { errorText, log } from "~/utils/logger.server";
import { isReadOnly } from "~/utils/primary-health.server";
import { compressedAnswer } from "../compress";
import { withReadOnlyBanner } from "../read-only-banner";
import { buildPage, type CachedPage } from "../page-cache";
import { fillForAddress } from "../page-parts/kept-page";
import { withRequest, type Exchange, type Next } from "../pipeline";
import { shellAddress, type AddressShell, type ShellResults } from "../shells/address-shell";
import { shellServing } from "../shells/all-shells";
import { keepRendered, keptOrRendering, renderAndKeep } from "./anonymous";
import type { PageCache } from "./context";
import { fromCache, keptPageSecurityHeaders } from "./kept-answer";
import { anonymousRequestOf } from "./keys";

/** The kept shell that answers an anonymous GET not kept (decisions 059, 074), if any. The one module that calls server/shells. */
export const servingShell = shellServing;

/** A kept shell's page-cache key for this visitor's theme: one no address has (an address's key starts with its path). */
const shellKey = (shellUrl: URL, request: Request) => `shell|${shellUrl.pathname}${shellUrl.search}|${themeFromCookieHeader(request.headers.get("cookie") ?? "")}`;

/** The kept shell at `shellUrl` for this visitor's theme, rendered (with `RenderNotes.shell`) and kept first when it is not. */
async function keptShell(cache: PageCache, exchange: Exchange, next: Next, shellUrl: URL): Promise<CachedPage | null> {
  const key = shellKey(shellUrl, exchange.request);
  const kept = await keptOrRendering(cache, key);
  if (kept) return kept;
  const shellRequest = new Request(shellUrl, { headers: anonymousRequestOf(exchange.request).headers });
  const outcome = await renderAndKeep(cache, key, withRequest(exchange, shellRequest), next, { shell: true });
  if ("page" in outcome) return outcome.page;
  await outcome.response.body?.cancel();
  return null;
}

/**
 * An anonymous GET not kept that a shell serves (a search, a directory address): the kept shell with its parts
 * rendered at the address (decisions 059, 066, 074), kept in turn when `store` (its second request). Rendered in full
 * when the shell cannot serve it, when the address is no page of the shell's (past the last page: the render's 404),
 * and when reading its results fails: a database that does not answer is the render's to answer (503 with the
 * 'temporarily unavailable' screen).
 */
export async function fromShell(
  cache: PageCache,
  exchange: Exchange,
  next: Next,
  { key, store }: { key: string; store: boolean },
  { shell, shellUrl }: { shell: AddressShell; shellUrl: URL },
): Promise<Response> {
  const { request, url, requestId } = exchange;
  const inFull = () => (store ? keepRendered(cache, key, exchange, next) : next(exchange));
  const kept = await keptShell(cache, exchange, next, shellUrl);
  const parts = kept?.parts;
  if (!kept || !parts?.forAddress) return inFull();
  const tags = new Set<string>(kept.tags);
  let generations = tagGenerations([]);
  let results: ShellResults | null;
  let body: Buffer | null;
  try {
    ({ results, body } = await cache.fillInTurn(async () => {
      const read = await collectPageTags(tags, () => shell.resultsAt(url));
      // What the results showed was read by now; a write after this moment makes them stale.
      generations = tagGenerations(tags);
      return { results: read, body: read && (await fillForAddress(parts, shellAddress(url), read)) };
    }));
  } catch (error) {
    if (!isUnavailable(error)) log.error("an address could not be served from its shell; it is rendered in full", { requestId, path: url.pathname, error: errorText(error) });
    return next(exchange);
  }
  if (!results || !body) return inFull();
  // Kept only if nothing it shows changed meanwhile: its results, and its shell (an invalidated shell is dropped).
  if (store && !changedSince(generations) && cache.store.get(shellKey(shellUrl, request)) === kept) {
    const { routeId } = shell;
    const shellData = parts.route.loaderData[routeId] as Record<string, unknown> | undefined;
    const page = await buildPage(200, kept.contentType, body, tags, {
      route: { ...parts.route, loaderData: { ...parts.route.loaderData, [routeId]: { ...shellData, result: results.value } } },
    });
    cache.store.set(key, page);
    return fromCache(cache, exchange, page, "MISS");
  }
  const headers: [string, string][] = [
    ["Content-Type", kept.contentType],
    ["X-Cache", "SHELL"],
    ["X-Request-Id", requestId],
    // The shell's script hashes cover every script that runs: the results' JSON never runs.
    ...keptPageSecurityHeaders(cache, kept, url.searchParams),
  ];
  // In read-only mode the page carries the banner too (decision 090); a page kept above has it added when served.
  return compressedAnswer(request, isReadOnly() ? withReadOnlyBanner(body) : body, { status: 200, headers });
}
