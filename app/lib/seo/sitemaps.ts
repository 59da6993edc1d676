/**
 * The sitemap files the server serves (routes/sitemap*.ts), in the order the
 * index lists them and the owner pages show them (spec part 2 §2.10: 5 files).
 */
export type SitemapFile = { name: string; path: string; description: string };

export const SITEMAP_INDEX: SitemapFile = {
  name: "Sitemap Index",
  path: "/sitemap-index.xml",
  description: "The index that points search engines to every other sitemap",
};

/** The sitemaps the index lists. */
export const SECTION_SITEMAPS: readonly SitemapFile[] = [
  { name: "Main Sitemap", path: "/sitemap.xml", description: "Home page, tool and article categories, comparisons and the site's own pages" },
  { name: "Tools Sitemap", path: "/sitemap-tools.xml", description: "The directory and every AI tool review" },
  { name: "Blog Sitemap", path: "/sitemap-blog.xml", description: "The blog and every article" },
  { name: "Courses Sitemap", path: "/sitemap-courses.xml", description: "Course listings by category and by platform" },
];

export const SITEMAP_FILES: readonly SitemapFile[] = [SITEMAP_INDEX, ...SECTION_SITEMAPS];

/** The download name of a sitemap: the last segment of its path (spec part 2 §9). */
export function sitemapFileName(path: string): string {
  return path.split("/").filter(Boolean).pop() ?? path;
}
