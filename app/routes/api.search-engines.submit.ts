import type { RouteHandle } from "~/lib/route-handle";
import { submitUrlsWrite } from "~/models/search-engine/writes.server";
import { apiWrite } from "~/utils/write.server";
import type { Route } from "./+types/api.search-engines.submit";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** POST {"scope": "all" | "changed"}: the dashboard's submission for scripts; the owner's only (403 for others). */
export const action = (args: Route.ActionArgs) => apiWrite(args, submitUrlsWrite);
