import { REVIEW_MESSAGES } from "~/lib/review-rules";
import { deleteReview } from "~/models/review/mutations.server";
import { apiResponse, methodNotAllowed, parseId, withViewer } from "~/utils/api.server";
import type { Route } from "./+types/api.reviews.id";

/** DELETE: the author removes their own review (and its images). */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  return withViewer(context, { limit: "reviewWrite", unauthenticated: REVIEW_MESSAGES.authRequiredReview }, async (viewer) => {
    const id = parseId(params.id);
    if (!id) return apiResponse({ ok: false, status: 404, toast: REVIEW_MESSAGES.reviewNotFound });
    return apiResponse(await deleteReview(viewer.id, id));
  });
}
