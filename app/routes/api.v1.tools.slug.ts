import { toolParameters } from "~/lib/api/parameters";
import { OPEN_DATA_WORDS } from "~/lib/words/open-data";
import type { RouteHandle } from "~/lib/route-handle";
import { getToolRecord, getToolTeamCost } from "~/models/api/records.server";
import { AppError } from "~/utils/errors.server";
import { answerApi, refuseApiWrite } from "~/utils/open-data-api.server";
import type { Route } from "./+types/api.v1.tools.slug";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** GET /api/v1/tools/<slug>: one tool, every figure with its source and confirmation (issue 46). */
export function loader(args: Route.LoaderArgs) {
  return answerApi(args, toolParameters, async (query) => {
    const tool = await getToolRecord(args.params.slug);
    if (!tool) throw new AppError("NOT_FOUND", { detail: OPEN_DATA_WORDS.toolNotFound });
    // With ?team=: what the tool costs that team (issue 47), the tool page's figures.
    if (query.team === undefined) return { data: tool };
    return { data: tool, team_cost: await getToolTeamCost(args.params.slug, query.team, query.needs ?? []) };
  });
}

export const action = refuseApiWrite;
