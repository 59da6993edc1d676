import { z } from "zod";
import { REVIEW_MESSAGES } from "~/lib/review-rules";
import { addNote, saveRating, setReaction } from "~/models/review/mutations.server";
import { apiResponse, methodNotAllowed, readJson, withViewer } from "~/utils/api.server";
import type { Route } from "./+types/api.tools.slug.feedback";

const input = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("reaction"), value: z.union([z.literal(-1), z.literal(0), z.literal(1)]) }),
  z.object({ kind: z.literal("rating"), rating: z.number().int().min(1, "Please select a star rating.").max(5) }),
  z.object({ kind: z.literal("note"), body: z.string().max(2000) }),
]);

/** POST: like/dislike (reaction), the rating card's stars (rating) or the comment dialog (note) for a tool. */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return withViewer(context, { limit: "feedback", unauthenticated: REVIEW_MESSAGES.authRequiredFeedback }, async (viewer) => {
    const body = await readJson(request, input);
    if (body instanceof Response) return body;
    if (body.kind === "reaction") return apiResponse(await setReaction(viewer.id, params.slug, body.value));
    if (body.kind === "rating") return apiResponse(await saveRating(viewer.id, params.slug, body.rating));
    return apiResponse(await addNote(viewer.id, params.slug, body.body));
  });
}
