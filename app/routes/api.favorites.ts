import type { RouteHandle } from "~/lib/route-handle";
import { favoriteWrite } from "~/models/review/writes.server";
import { apiWrite } from "~/utils/write.server";
import type { Route } from "./+types/api.favorites";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** POST { toolSlug, favorite }: saves or removes a favourite of the signed-in user. */
export const action = (args: Route.ActionArgs) => apiWrite(args, favoriteWrite);
