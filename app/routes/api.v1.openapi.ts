import { z } from "zod";
import { openApiDocument } from "~/lib/api/openapi";
import type { RouteHandle } from "~/lib/route-handle";
import { getEnv } from "~/utils/env.server";
import { answerApi, refuseApiWrite } from "~/utils/open-data-api.server";
import type { Route } from "./+types/api.v1.openapi";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** The API's OpenAPI 3.1 description, written from the schemas its answers are checked against (issue 46). */
export function loader(args: Route.LoaderArgs) {
  return answerApi(args, z.object({}), async () => (documentWritten ??= openApiDocument(getEnv().SITE_URL)));
}

/** Written once per process: it changes only with the code. */
let documentWritten: ReturnType<typeof openApiDocument> | undefined;

export const action = refuseApiWrite;
