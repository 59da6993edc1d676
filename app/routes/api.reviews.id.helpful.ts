import { REVIEW_MESSAGES } from "~/lib/review-rules";
import { voteHelpful } from "~/models/review/mutations.server";
import { apiResponse, methodNotAllowed, parseId, withViewer } from "~/utils/api.server";
import type { Route } from "./+types/api.reviews.id.helpful";

/** POST: one "helpful" vote per signed-in user, never on one's own review. */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return withViewer(context, { limit: "feedback", unauthenticated: REVIEW_MESSAGES.authRequiredFeedback }, async (viewer) => {
    const id = parseId(params.id);
    if (!id) return apiResponse({ ok: false, status: 404, toast: REVIEW_MESSAGES.reviewNotFound });
    return apiResponse(await voteHelpful(viewer.id, id));
  });
}
