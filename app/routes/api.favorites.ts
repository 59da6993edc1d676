import { z } from "zod";
import { REVIEW_MESSAGES } from "~/lib/review-rules";
import { setFavorite } from "~/models/review/mutations.server";
import { apiResponse, methodNotAllowed, readJson, withViewer } from "~/utils/api.server";
import type { Route } from "./+types/api.favorites";

const input = z.object({ toolSlug: z.string().min(1).max(200), favorite: z.boolean() });

/** POST { toolSlug, favorite }: saves or removes a favourite of the signed-in user. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return withViewer(context, { limit: "feedback", unauthenticated: REVIEW_MESSAGES.authRequiredBookmark }, async (viewer) => {
    const body = await readJson(request, input);
    if (body instanceof Response) return body;
    return apiResponse(await setFavorite(viewer.id, body.toolSlug, body.favorite));
  });
}
