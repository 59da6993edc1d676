import type { RouteHandle } from "~/lib/route-handle";
import { readProposedLogo } from "~/models/maker/logo-proposals.server";
import { AppError } from "~/utils/errors.server";
import { viewerOf } from "~/utils/guards.server";
import { resourceErrorResponse } from "~/utils/replies.server";
import type { Route } from "./+types/maker.proposals.id.logo";

export const handle = { cache: "personal" } satisfies RouteHandle;

/**
 * A maker's proposed logo (issue 45, decision 084), to the editors and to the maker who proposed it: never cached by
 * anyone, never under /uploads. Anyone else (a stranger, a reader, another maker) gets the same not-found answer as
 * for a proposal that does not exist, so the route does not say which ids are logos.
 */
export async function loader(args: Route.LoaderArgs) {
  const viewer = viewerOf(args, { use: "page" });
  const id = /^[1-9][0-9]{0,15}$/.test(args.params.id) ? Number(args.params.id) : null;
  const bytes = viewer && id !== null ? await readProposedLogo(viewer, id) : null;
  if (!bytes) return resourceErrorResponse(new AppError("NOT_FOUND", { message: "fileNotFound" }));
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-store",
      "Content-Disposition": "inline",
    },
  });
}
