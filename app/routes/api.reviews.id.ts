import type { RouteHandle } from "~/lib/route-handle";
import { deleteReviewWrite } from "~/models/review/writes.server";
import { apiWrite } from "~/utils/write.server";
import type { Route } from "./+types/api.reviews.id";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** DELETE: the author removes their own review (and its images). */
export const action = (args: Route.ActionArgs) => apiWrite(args, deleteReviewWrite, { method: "DELETE", body: "none", urlFields: { id: args.params.id } });
