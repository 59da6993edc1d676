import { changedPathsSince } from "./submissions.server";

/** Every page the sitemaps list, as paths: what 'Submit all URLs' sends. */
export async function sitemapPaths(): Promise<string[]> {
  return ["/", "/tools", "/blog", ...(await changedPathsSince(null))];
}
