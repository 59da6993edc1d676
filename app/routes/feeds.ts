import type { RouteHandle } from "~/lib/route-handle";
import { FEEDS } from "~/lib/seo/feeds";
import { rssXml, type Feed } from "~/lib/seo/rss";
import { blogFeed, changesFeed, mainFeed, newsletterFeed, toolsFeed } from "~/models/seo/feeds.server";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/feeds";

export const handle = { cache: "shared" } satisfies RouteHandle;

const BUILDERS: Record<string, () => Promise<Feed>> = {
  [FEEDS.main.path]: mainFeed,
  [FEEDS.blog.path]: blogFeed,
  [FEEDS.tools.path]: toolsFeed,
  [FEEDS.changes.path]: changesFeed,
  [FEEDS.newsletter.path]: newsletterFeed,
};

/**
 * The five RSS feeds (one module, one route id each); /feed and /rss answer 301 to /feed.xml (lib/seo/redirects.ts).
 * Readers poll feeds: they revalidate (the page cache answers with an ETag), and a shared cache keeps one briefly, as
 * it does any public page (server/page-cache-step.ts).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const build = BUILDERS[new URL(request.url).pathname] ?? mainFeed;
  return new Response(rssXml(await build(), getEnv().SITE_URL), {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=0, s-maxage=30, stale-while-revalidate=60" },
  });
}
