import type { RouteHandle } from "~/lib/route-handle";
import { robotsTxt } from "~/lib/seo/robots";
import { getEnv } from "~/utils/env.server";

export const handle = { cache: "shared" } satisfies RouteHandle;

/** Depends only on SITE_URL: browsers and crawlers may keep it an hour. */
export function loader() {
  return new Response(robotsTxt(getEnv().SITE_URL), { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
