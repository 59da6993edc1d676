import { REVIEW_IMAGE_MAX_BYTES } from "~/lib/review-rules";
import { uploadWrite } from "~/models/review/writes.server";
import { apiWrite } from "~/utils/write.server";
import type { Route } from "./+types/api.uploads";

/** POST multipart `file`: one review image, checked and re-encoded; answers its URL. */
export const action = (args: Route.ActionArgs) =>
  apiWrite(args, uploadWrite, { body: "multipart", maxBytes: REVIEW_IMAGE_MAX_BYTES + 16 * 1024, tooLarge: { message: "imageTooLarge", field: "images" } });
