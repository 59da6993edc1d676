import type { RouteHandle } from "~/lib/route-handle";
import { SECTION_SITEMAPS, SITEMAP_INDEX } from "~/lib/seo/sitemaps";
import { sitemapIndexXml, urlsetXml } from "~/lib/seo/sitemap-xml";
import { SECTION_ENTRIES, sitemapIndexEntries } from "~/models/seo/sitemaps.server";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/sitemaps";

export const handle = { cache: "shared" } satisfies RouteHandle;

/**
 * The five sitemaps (one module, one route id each). Their data is tagged `catalogue`, so the page cache
 * keeps each file until the content sync changes what it lists.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  const siteUrl = getEnv().SITE_URL;
  const xml =
    path === SITEMAP_INDEX.path
      ? sitemapIndexXml(await sitemapIndexEntries(SECTION_SITEMAPS.map((file) => file.path)), siteUrl)
      : urlsetXml(await SECTION_ENTRIES[path as keyof typeof SECTION_ENTRIES](), siteUrl);
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
