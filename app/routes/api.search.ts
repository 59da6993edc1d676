import type { RouteHandle } from "~/lib/route-handle";
import { parseSiteSearch } from "~/lib/site-search";
import { quickSearch } from "~/models/search/queries.server";
import type { Route } from "./+types/api.search";

export const handle = { cache: "personal" } satisfies RouteHandle;

/**
 * GET ?q=: the command palette's live results, at most five tools and five articles. A read of public
 * data, two small indexed queries: no rate limit (no read of the API has one); browsers keep each answer
 * a few minutes, so retyping a word costs nothing.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { q } = parseSiteSearch(new URL(request.url).searchParams);
  return Response.json(await quickSearch(q), { headers: { "Cache-Control": "public, max-age=300" } });
}
