import { REVIEW_MESSAGES } from "~/lib/review-rules";
import { reportInput, reportReview } from "~/models/review/mutations.server";
import { apiResponse, methodNotAllowed, parseId, readJson, withViewer } from "~/utils/api.server";
import type { Route } from "./+types/api.reviews.id.report";

/** POST { reason, details }: reports a review for moderation. */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return withViewer(context, { limit: "feedback", unauthenticated: REVIEW_MESSAGES.authRequiredFeedback }, async (viewer) => {
    const id = parseId(params.id);
    if (!id) return apiResponse({ ok: false, status: 404, toast: REVIEW_MESSAGES.reviewNotFound });
    const body = await readJson(request, reportInput);
    if (body instanceof Response) return body;
    return apiResponse(await reportReview(viewer.id, id, body));
  });
}
