import { changesParameters } from "~/lib/api/parameters";
import type { RouteHandle } from "~/lib/route-handle";
import { listChangeRecords } from "~/models/api/records.server";
import { answerApi, refuseApiWrite } from "~/utils/open-data-api.server";
import type { Route } from "./+types/api.v1.changes";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** GET /api/v1/changes?since=: every recorded change after a moment, oldest first; newest first without one (issue 46). */
export function loader(args: Route.LoaderArgs) {
  return answerApi(args, changesParameters, (query) =>
    listChangeRecords({ since: query.since ? new Date(query.since) : null, toolSlug: query.tool ?? null, kinds: query.kind, cursor: query.cursor ?? null }),
  );
}

export const action = refuseApiWrite;
