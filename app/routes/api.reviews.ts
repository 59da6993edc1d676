import type { RouteHandle } from "~/lib/route-handle";
import { reviewWrite } from "~/models/review/writes.server";
import { apiWrite } from "~/utils/write.server";
import type { Route } from "./+types/api.reviews";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** POST { toolSlug, rating, comment, images }: creates the user's review of a tool or edits it. */
export const action = (args: Route.ActionArgs) => apiWrite(args, reviewWrite);
