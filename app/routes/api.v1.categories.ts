import { noParameters } from "~/lib/api/parameters";
import type { RouteHandle } from "~/lib/route-handle";
import { listCategoryRecords } from "~/models/api/records.server";
import { answerApi, refuseApiWrite } from "~/utils/open-data-api.server";
import type { Route } from "./+types/api.v1.categories";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** GET /api/v1/categories (issue 46). */
export function loader(args: Route.LoaderArgs) {
  return answerApi(args, noParameters, async () => ({ data: await listCategoryRecords() }));
}

export const action = refuseApiWrite;
