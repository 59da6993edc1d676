import type { RouteHandle } from "~/lib/route-handle";
import { importBookmarksWrite } from "~/models/blog/bookmarks.server";
import { apiWrite } from "~/utils/write.server";
import type { Route } from "./+types/api.bookmarks.import";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** POST JSON `{slugs}`: the articles saved on this device before signing in join the account. */
export const action = (args: Route.ActionArgs) => apiWrite(args, importBookmarksWrite);
