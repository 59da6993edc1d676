import { toolsParameters } from "~/lib/api/parameters";
import type { RouteHandle } from "~/lib/route-handle";
import { DEFAULT_SORT, type SortOption } from "~/lib/tool/tool-filters";
import { DEFAULT_TEAM_SIZE } from "~/lib/tool/team-cost";
import { findToolRecords } from "~/models/api/records.server";
import { answerApi, refuseApiWrite } from "~/utils/open-data-api.server";
import type { Route } from "./+types/api.v1.tools";

/** Counted for every request (the open data's limit), so never answered from the page cache. */
export const handle = { cache: "personal" } satisfies RouteHandle;

/** GET /api/v1/tools: the directory's search, filters and orders, a page at a time (issue 46). */
export function loader(args: Route.LoaderArgs) {
  return answerApi(args, toolsParameters, (query) =>
    findToolRecords({
      search: query.search?.trim() ?? "",
      category: query.category ?? null,
      task: query.task ?? null,
      pricing: query.pricing ?? [],
      noTraining: query.no_training ?? null,
      minRating: query.min_rating ?? null,
      sort: (query.sort as SortOption | undefined) ?? DEFAULT_SORT,
      team: query.team ?? DEFAULT_TEAM_SIZE,
      cursor: query.cursor ?? null,
    }),
  );
}

export const action = refuseApiWrite;
