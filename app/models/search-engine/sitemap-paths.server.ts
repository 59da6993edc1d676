import { SECTION_ENTRIES } from "~/models/seo/sitemaps.server";

/** Every page the sitemaps list, as paths: what 'Submit all URLs' sends, and all a submission may name. */
export async function sitemapPaths(): Promise<string[]> {
  const sections = await Promise.all(Object.values(SECTION_ENTRIES).map((entries) => entries()));
  return [...new Set(sections.flat().map((entry) => entry.path))];
}
