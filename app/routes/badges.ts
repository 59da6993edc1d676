import { badgeOptions, badgeSvg, badgeWords } from "~/lib/badge/badge-svg";
import type { RouteHandle } from "~/lib/route-handle";
import { getToolBadge } from "~/models/badge/badge.server";
import { unpurgedSharedSeconds } from "~/utils/edge-purge.server";
import { AppError } from "~/utils/errors.server";
import { resourceErrorResponse } from "~/utils/replies.server";
import type { Route } from "./+types/badges";

/** One answer for every visitor, kept by the page cache under the tool's tags (decision 067). */
export const handle = { cache: "shared" } satisfies RouteHandle;

/**
 * /badges/<slug>.svg (issue 45, decision 083): the badge a tool's maker may embed, "Listed on AI Tools Atlas" and,
 * when a recorded confirmation covers the prices as they are now, "Prices confirmed <date>". `?theme=dark` for dark
 * pages, `?prices=0` to leave the prices out; other values are ignored. Its reads are the tool page's, so the kept
 * badge goes stale when the tool page does. Cache-Control as every kept answer says it (revalidated by browsers, kept
 * briefly by a CDN), so an embedded badge never outlives what it says for long.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const slug = params.file.endsWith(".svg") ? params.file.slice(0, -4) : "";
  const badge = slug ? await getToolBadge(slug) : undefined;
  if (!badge) return resourceErrorResponse(new AppError("NOT_FOUND", { message: "fileNotFound" }));
  const options = badgeOptions(new URL(request.url).searchParams);
  const svg = badgeSvg(badgeWords(options.prices ? badge.pricesConfirmedOn : null), options.theme);
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": `public, max-age=0, s-maxage=${unpurgedSharedSeconds()}, stale-while-revalidate=60`,
    },
  });
}
