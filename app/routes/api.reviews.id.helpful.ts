import type { RouteHandle } from "~/lib/route-handle";
import { helpfulWrite } from "~/models/review/writes.server";
import { apiWrite } from "~/utils/write.server";
import type { Route } from "./+types/api.reviews.id.helpful";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** POST: one "helpful" vote per signed-in user, never on one's own review. */
export const action = (args: Route.ActionArgs) => apiWrite(args, helpfulWrite, { body: "none", urlFields: { id: args.params.id } });
