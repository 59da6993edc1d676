import type { RouteHandle } from "~/lib/route-handle";
import { toolFeedbackWrite } from "~/models/review/writes.server";
import { apiWrite } from "~/utils/write.server";
import type { Route } from "./+types/api.tools.slug.feedback";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** POST { kind: "reaction", value } | { kind: "rating", rating } | { kind: "note", body }: feedback on a tool. */
export const action = (args: Route.ActionArgs) => apiWrite(args, toolFeedbackWrite, { urlFields: { toolSlug: args.params.slug } });
