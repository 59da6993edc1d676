import type { RouteHandle } from "~/lib/route-handle";
import { reportWrite } from "~/models/review/writes.server";
import { apiWrite } from "~/utils/write.server";
import type { Route } from "./+types/api.reviews.id.report";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** POST { reason, details }: reports a review for moderation. */
export const action = (args: Route.ActionArgs) => apiWrite(args, reportWrite, { urlFields: { id: args.params.id } });
