import { REVIEW_IMAGE_MAX_BYTES, REVIEW_MESSAGES } from "~/lib/review-rules";
import { acceptReviewImage } from "~/models/review/images.server";
import { apiResponse, methodNotAllowed, withViewer } from "~/utils/api.server";
import { BodyTooLargeError, readFormData } from "~/utils/form-data.server";
import type { Route } from "./+types/api.uploads";

/** POST multipart `file`: one review image, checked and re-encoded; answers its URL. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return withViewer(context, { limit: "imageUpload", unauthenticated: REVIEW_MESSAGES.authRequiredReview }, async (viewer) => {
    let form: FormData;
    try {
      form = await readFormData(request, REVIEW_IMAGE_MAX_BYTES + 16 * 1024);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return apiResponse({ ok: false, status: 413, toast: REVIEW_MESSAGES.tooLarge, field: "images" });
      return apiResponse({ ok: false, status: 400, toast: REVIEW_MESSAGES.unreadableImage, field: "images" });
    }
    const file = form.get("file");
    if (!(file instanceof File)) return apiResponse({ ok: false, status: 400, toast: REVIEW_MESSAGES.unreadableImage, field: "images" });
    return apiResponse(await acceptReviewImage(viewer.id, file));
  });
}
