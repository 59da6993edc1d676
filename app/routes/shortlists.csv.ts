import type { RouteHandle } from "~/lib/route-handle";
import { shortlistCsvOf, shortlistOfAddress } from "~/models/shortlist/access.server";
import { AppError } from "~/utils/errors.server";
import { resourceErrorResponse } from "~/utils/replies.server";
import type { Route } from "./+types/shortlists.csv";

/** A reader's own list's CSV (`/shortlists/<id>/export.csv`) or a shared list's (`/s/<token>/export.csv`): never kept. */
export const handle = { cache: "personal" } satisfies RouteHandle;

export async function loader(args: Route.LoaderArgs) {
  const found = await shortlistOfAddress(args);
  if (!found) return resourceErrorResponse(new AppError("NOT_FOUND", { message: "notFound" }));
  const { body, fileName } = shortlistCsvOf(found.list, new Date());
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
