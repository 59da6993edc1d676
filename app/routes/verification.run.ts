import type { RouteHandle } from "~/lib/route-handle";
import { serverChecks } from "~/models/seo/verification.server";
import { clientOf } from "~/utils/client.server";
import { asAppError } from "~/utils/errors.server";
import { enforceLimit } from "~/utils/limits.server";
import { errorResponse } from "~/utils/replies.server";
import type { Route } from "./+types/verification.run";

export const handle = { cache: "personal" } satisfies RouteHandle;

/**
 * GET: the server's checks for /verification as JSON (a run is shared for a minute; rate-limited per address).
 * A GET that writes (the rate-limit counter and the shared run), on purpose: it reports, it changes no data a
 * page shows, and repeating it is harmless (RFC 9110 §9.2.2 idempotent).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    await enforceLimit("verification", { ip: clientOf(request, context).ip });
  } catch (thrown) {
    const error = asAppError(thrown);
    if (!error) throw thrown;
    return errorResponse(error, { api: true });
  }
  const run = await serverChecks(request.url);
  return Response.json(run, { headers: { "Cache-Control": "private, max-age=60", "X-Robots-Tag": "noindex" } });
}
