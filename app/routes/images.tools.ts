import type { RouteHandle } from "~/lib/route-handle";
import { getToolLogoSvg } from "~/models/tool/logo.server";
import { AppError } from "~/utils/errors.server";
import { resourceErrorResponse } from "~/utils/replies.server";
import type { Route } from "./+types/images.tools";

export const handle = { cache: "personal" } satisfies RouteHandle;

/**
 * A tool's logo file (decision 026): the image its maker proposed and an editor accepted (decision 084, embedded),
 * else its brand mark from simple-icons, else a monogram on the category colour, with a symbol per theme for
 * `<ToolLogo>`. Drawn here from stored data: the site never hot-links vendor images. Cached for a day by browsers;
 * marks and names rarely change, and an accepted logo reaches a reader who saw the old one within that day.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const svg = params.file.endsWith(".svg") ? await getToolLogoSvg(params.file.slice(0, -4)) : undefined;
  if (!svg) return resourceErrorResponse(new AppError("NOT_FOUND", { message: "fileNotFound" }));
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" } });
}
