import { toolChangesParameters } from "~/lib/api/parameters";
import { OPEN_DATA_WORDS } from "~/lib/words/open-data";
import type { RouteHandle } from "~/lib/route-handle";
import { getToolRecord, listChangeRecords } from "~/models/api/records.server";
import { AppError } from "~/utils/errors.server";
import { answerApi, refuseApiWrite } from "~/utils/open-data-api.server";
import type { Route } from "./+types/api.v1.tools.slug.changes";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** GET /api/v1/tools/<slug>/changes: the tool's recorded changes (issue 46). */
export function loader(args: Route.LoaderArgs) {
  return answerApi(args, toolChangesParameters, async (query) => {
    if (!(await getToolRecord(args.params.slug))) throw new AppError("NOT_FOUND", { detail: OPEN_DATA_WORDS.toolNotFound });
    return listChangeRecords({ since: query.since ? new Date(query.since) : null, toolSlug: args.params.slug, kinds: query.kind, cursor: query.cursor ?? null });
  });
}

export const action = refuseApiWrite;
