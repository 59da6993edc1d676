import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { SEARCH_RESULT_ID, SearchView } from "~/components/search/search-part";
import { parseSiteSearch } from "~/lib/site-search";
import type { SiteSearchResult } from "~/models/search/queries.server";
import { escapeAttribute, jsonScript, partRoutesOf } from "./personal-overlay";

/**
 * A search page as the kept search shell with its results filled in (decision 059). Every search page is the same
 * page but for its `<main>` and the few places the layout shows the page's own address; the page cache keeps that
 * page once, rendered for a query of our own and with an empty results part, and a search nobody made before costs
 * its statement and the render of its results alone, not React Router's render of the whole document.
 */

/** The query the shell is rendered for: where the layout shows it, it is this page's own. */
export const SHELL_QUERY = "atlas-search-shell";

/** The shell's address. Its page-cache key is one no address has (server/page-cache-step.ts). */
export const searchShellUrl = (url: URL) => new URL(`/search?q=${SHELL_QUERY}`, url);

/**
 * Whether the shell serves this address: /search with a query, and no parameter but `q`, `tab` and `page` (a
 * diagnostic `?mode=` changes the layout). An empty query is the start page, indexable and kept as it is.
 */
export function servedByShell(url: URL): boolean {
  if (url.pathname !== "/search") return false;
  for (const name of url.searchParams.keys()) if (name !== "q" && name !== "tab" && name !== "page") return false;
  return parseSiteSearch(url.searchParams).q !== "";
}

/**
 * A search's address as React Router's server reads it for the page (its getNormalizedPath): the query written
 * again by URLSearchParams, so that a space sent as `%20` reads `+`. The results part and the layout's address are
 * filled in from it, as the full render would.
 */
export function searchAddress(url: URL): URL {
  const address = new URL(url);
  address.search = new URLSearchParams(url.search).toString();
  return address;
}

/**
 * The places the layout shows the page's own address, as React writes them for the shell: the way back of the
 * theme switch (`redirectTo`, an attribute), of the sign-in link (`redirectTo=`, encoded in an attribute) and the
 * header's search boxes (`value`).
 */
const ADDRESS = new RegExp(`/search\\?q=${SHELL_QUERY}|%2Fsearch%3Fq%3D${SHELL_QUERY}|(?<=value=")${SHELL_QUERY}(?=")`, "g");
const EMPTY_PART = "<search-part></search-part>";

type Hole = "address" | "encodedAddress" | "query" | "results" | "resultJson";

/** A kept shell cut around what differs from search to search: `chunks[i]` comes before `holes[i]`, the last chunk after all. */
export type ShellCut = { chunks: Buffer[]; holes: Hole[] };

const cutShells = new WeakMap<Buffer, ShellCut | null>();

/**
 * The shell's holes, found once per kept shell (read as latin1, so that offsets in the text are offsets in the
 * bytes). Null, and every search rendered in full, unless the shell has one empty results part before `</body>` and
 * shows its query nowhere but in the places above: a layout that showed the address anywhere else (in a script, a
 * heading) would otherwise show the shell's.
 */
export function cutShell(body: Buffer): ShellCut | null {
  const known = cutShells.get(body);
  if (known !== undefined) return known;
  const text = body.toString("latin1");
  const found: { at: number; length: number; hole: Hole }[] = [];
  for (const match of text.matchAll(ADDRESS)) {
    const hole: Hole = match[0].startsWith("/") ? "address" : match[0].startsWith("%") ? "encodedAddress" : "query";
    found.push({ at: match.index, length: match[0].length, hole });
  }
  const partAt = text.indexOf(EMPTY_PART);
  const bodyEnd = text.lastIndexOf("</body>");
  const shownElsewhere = text.split(SHELL_QUERY).length - 1 !== found.length;
  let cut: ShellCut | null = null;
  if (!shownElsewhere && partAt !== -1 && partAt === text.lastIndexOf(EMPTY_PART) && bodyEnd > partAt) {
    found.push({ at: partAt + "<search-part>".length, length: 0, hole: "results" }, { at: bodyEnd, length: 0, hole: "resultJson" });
    found.sort((a, b) => a.at - b.at);
    cut = { chunks: [], holes: [] };
    let at = 0;
    for (const hole of found) {
      cut.chunks.push(body.subarray(at, hole.at));
      cut.holes.push(hole.hole);
      at = hole.at + hole.length;
    }
    cut.chunks.push(body.subarray(at));
  }
  cutShells.set(body, cut);
  return cut;
}

/** The routes a search's results are rendered in, alone, made once per kept shell (its loader data never changes). */
const handlers = new WeakMap<Record<string, unknown>, ReturnType<typeof createStaticHandler>>();

/** The search whose results part is being rendered: `renderToString` is synchronous, so no two renders share it. */
let rendering: SiteSearchResult | null = null;

function ResultsPart() {
  return <SearchView result={rendering!} />;
}

/**
 * The results part's HTML for one search: rendered in a router of its own at the search's address (its forms and
 * links read it), with the shell's loader data, as the page renders it inside `<search-part>`.
 */
export async function renderResultsPart(url: URL, loaderData: Record<string, unknown>, result: SiteSearchResult): Promise<string> {
  let handler = handlers.get(loaderData);
  if (!handler) handlers.set(loaderData, (handler = createStaticHandler(partRoutesOf(loaderData, ResultsPart))));
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`The search part's router answered ${context.status}`);
  rendering = result;
  try {
    return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
  } finally {
    rendering = null;
  }
}

/** The search page at `url`: the shell with its address, its results part and their JSON (beside React Router's loader data) filled in. */
export function fillShell(cut: ShellCut, url: URL, resultsHtml: string, result: SiteSearchResult): Buffer {
  const back = url.pathname + url.search;
  const fill: Record<Hole, string> = {
    address: escapeAttribute(back),
    encodedAddress: escapeAttribute(encodeURIComponent(back)),
    query: escapeAttribute(url.searchParams.get("q") ?? ""),
    results: resultsHtml,
    resultJson: jsonScript(SEARCH_RESULT_ID, result),
  };
  const chunks: Buffer[] = [];
  cut.holes.forEach((hole, index) => chunks.push(cut.chunks[index]!, Buffer.from(fill[hole])));
  chunks.push(cut.chunks.at(-1)!);
  return Buffer.concat(chunks);
}
