import { REVIEW_MESSAGES } from "~/lib/review-rules";
import { reviewInput, saveReview } from "~/models/review/mutations.server";
import { apiResponse, methodNotAllowed, readJson, withViewer } from "~/utils/api.server";
import type { Route } from "./+types/api.reviews";

/** POST { toolSlug, rating, comment, images }: creates the user's review of a tool or edits it. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return withViewer(context, { limit: "reviewWrite", unauthenticated: REVIEW_MESSAGES.authRequiredReview }, async (viewer) => {
    const body = await readJson(request, reviewInput);
    if (body instanceof Response) return body;
    return apiResponse(await saveReview(viewer.id, body));
  });
}
