import type { RouteHandle } from "~/lib/route-handle";
import { vitalsWrite } from "~/models/vitals/writes.server";
import { apiWrite } from "~/utils/write.server";
import type { Route } from "./+types/api.vitals";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** POST { pageType, metrics: [{ name, value }] }: a sampled page view's web vitals (see components/vitals). */
export const action = (args: Route.ActionArgs) => apiWrite(args, vitalsWrite);
