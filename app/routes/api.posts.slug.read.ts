import type { RouteHandle } from "~/lib/route-handle";
import { postReadWrite } from "~/models/blog/writes.server";
import { apiWrite } from "~/utils/write.server";
import type { Route } from "./+types/api.posts.slug.read";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** POST: the article page reports that it was read (for 'Popular articles'). */
export const action = (args: Route.ActionArgs) => apiWrite(args, postReadWrite, { body: "none", urlFields: { slug: args.params.slug } });
