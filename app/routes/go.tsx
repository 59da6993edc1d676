import type { RouteHandle } from "~/lib/route-handle";
import { isbot } from "isbot";
import { OUTBOUND_KINDS, type OutboundKind } from "~/lib/link-health/outbound";
import { recordClick, resolveOutbound } from "~/models/affiliate/clicks.server";
import { clientOf } from "~/utils/client.server";
import { getEnv } from "~/utils/env.server";
import { checkLimit } from "~/utils/limits.server";
import { errorText, log } from "~/utils/logger.server";
import { notFound } from "~/utils/not-found.server";
import type { Route } from "./+types/go";

export const handle = { cache: "personal" } satisfies RouteHandle;

const isKind = (value: string): value is OutboundKind => (OUTBOUND_KINDS as readonly string[]).includes(value);

/** The page of this site the click came from, as a path; nothing when the browser did not say or it was elsewhere. */
function fromPathOf(request: Request): string | null {
  const referrer = request.headers.get("referer");
  if (!referrer) return null;
  try {
    const from = new URL(referrer);
    if (from.origin !== new URL(getEnv().SITE_URL).origin && from.origin !== new URL(request.url).origin) return null;
    return `${from.pathname}${from.search}`.slice(0, 300);
  } catch {
    return null;
  }
}

/**
 * Every outbound button: /go/{kind}/{slug} (decision 016). The destination comes from stored data only (no URL
 * in the request is ever followed), with its program's tracking applied; the click is recorded unless a known bot
 * made it or the address clicked too much in the last minute.
 * A GET that writes (one click row), on purpose: an outbound link must be a plain link (rel="sponsored" for search
 * engines, middle-click, no script), and the row is a counter that changes nothing the visitor sees (RFC 9110 §9.2.1).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { kind, slug } = params;
  const outbound = isKind(kind) && slug.length <= 200 ? await resolveOutbound(kind, slug) : null;
  if (!outbound) throw notFound("page");
  const client = clientOf(request, context);
  if (!isbot(request.headers.get("user-agent") ?? "")) {
    try {
      if ((await checkLimit("outboundClick", { ip: client.ip })).allowed) {
        await recordClick({ kind: kind as OutboundKind, target: slug, outbound, fromPath: fromPathOf(request), ip: client.ip });
      }
    } catch (error) {
      // The visitor is sent on all the same: a lost click costs less than a lost visitor.
      log.error("outbound click not recorded", { error: errorText(error) });
    }
  }
  return new Response(null, {
    status: 302,
    headers: { Location: outbound.url, "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}

export default function Go() {
  return null;
}
