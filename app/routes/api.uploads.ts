import type { RouteHandle } from "~/lib/route-handle";
import { uploadWrite } from "~/models/review/writes.server";
import { apiWrite } from "~/utils/write.server";
import type { Route } from "./+types/api.uploads";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** POST multipart `file`: one review image, checked and re-encoded; answers its URL. */
export const action = (args: Route.ActionArgs) => apiWrite(args, uploadWrite, { body: "multipart", tooLarge: { message: "imageTooLarge", field: "images" } });
