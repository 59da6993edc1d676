import { z } from "zod";
import { OPEN_DATA_WORDS } from "~/lib/words/open-data";
import type { RouteHandle } from "~/lib/route-handle";
import { AppError } from "~/utils/errors.server";
import { answerApi, refuseApiWrite } from "~/utils/open-data-api.server";
import type { Route } from "./+types/api.v1.not-found";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** Any other address under /api/v1: a problem, not the site's HTML 404 page. */
export function loader(args: Route.LoaderArgs) {
  return answerApi(args, z.object({}), async () => {
    throw new AppError("NOT_FOUND", { detail: OPEN_DATA_WORDS.noSuchEndpoint });
  });
}

export const action = refuseApiWrite;
