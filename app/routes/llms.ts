import type { RouteHandle } from "~/lib/route-handle";
import { FEEDS } from "~/lib/seo/feeds";
import { llmsTxt, type LlmsSection } from "~/lib/seo/llms-txt";
import { SITEMAP_INDEX } from "~/lib/seo/sitemaps";
import { listBlogCategories, listLatestPosts } from "~/models/blog/queries.server";
import { countTools, listCategoriesWithCounts } from "~/models/category/queries.server";
import { courseCatalogue } from "~/models/course/queries.server";
import { topRatedTools } from "~/models/seo/feeds.server";
import { getCatalogueStats } from "~/models/tool/queries.server";
import { editorialRatingText } from "~/lib/words";
import { getEnv } from "~/utils/env.server";

export const handle = { cache: "shared" } satisfies RouteHandle;

const TOP_TOOLS = 10;
const RECENT_POSTS = 10;

/** A plain summary of the site for language-model crawlers, from the database; cached until the content sync (its data is tagged `catalogue`). */
export async function loader() {
  const [toolCount, categories, tools, posts, blogCategories, courses, stats] = await Promise.all([
    countTools(),
    listCategoriesWithCounts(),
    topRatedTools(TOP_TOOLS),
    listLatestPosts(RECENT_POSTS),
    listBlogCategories(),
    courseCatalogue(),
    getCatalogueStats(),
  ]);
  const courseCount = courses.pairs.reduce((sum, pair) => sum + pair.count, 0);
  const coursesIn = (key: "category" | "platform", slug: string) => courses.pairs.filter((pair) => pair[key] === slug).reduce((sum, pair) => sum + pair.count, 0);
  const summary =
    `An independent directory of ${toolCount} AI tools in ${categories.filter((c) => c.toolCount > 0).length} categories, with pricing and features for each ` +
    `and an in-depth review with our rating out of 5 for ${stats.inDepthReviews} of them (how we review: /how-we-review), ` +
    `with side-by-side comparisons, a blog of guides and tutorials, and ${courseCount} courses on AI from other platforms. No vendor pays for a rating; affiliate links are disclosed.`;
  const sections: LlmsSection[] = [
    {
      heading: "AI tools directory",
      links: [
        { name: "All AI tools", path: "/tools", notes: "searchable, filterable directory with ratings, pricing and features" },
        { name: "Compare tools", path: "/tools/comparison", notes: "up to four tools side by side" },
        { name: "AI tools comparison matrix", path: "/resources/ai-tools-comparison-matrix", notes: "every tool against every capability" },
        ...categories.filter((c) => c.toolCount > 0).map((c) => ({ name: c.name, path: `/tools/category/${c.slug}`, notes: `${c.toolCount} tools` })),
      ],
    },
    {
      heading: "Top rated tools",
      links: tools.map((tool) => ({
        name: tool.name,
        path: `/tools/${tool.slug}`,
        notes: `${tool.categoryNames.join(", ")}, our rating ${editorialRatingText(tool.rating)}. ${tool.tagline}`,
      })),
    },
    {
      heading: "Blog",
      links: [
        { name: "All articles", path: "/blog" },
        ...blogCategories.filter((c) => c.count > 0).map((c) => ({ name: `${c.name} articles`, path: `/blog/category/${c.slug}`, notes: `${c.count} articles` })),
        ...posts.map((post) => ({ name: post.title, path: `/blog/${post.slug}`, notes: `${post.publishedAt}. ${post.excerpt}` })),
      ],
    },
    {
      heading: "Courses",
      links: [
        { name: "All courses", path: "/courses", notes: `${courseCount} courses with prices, levels and platform ratings` },
        ...courses.categories
          .filter((c) => coursesIn("category", c.slug) > 0)
          .map((c) => ({ name: c.name, path: `/courses/category/${c.slug}`, notes: `${coursesIn("category", c.slug)} courses` })),
        ...courses.platforms.filter((p) => coursesIn("platform", p.slug) > 0).map((p) => ({ name: `Courses on ${p.name}`, path: `/courses/platform/${p.slug}` })),
      ],
    },
    {
      // Issue 46: programs and assistants read the same records as the pages, with sources and confirmation dates.
      heading: "Open data",
      links: [
        {
          name: "For developers and AI assistants",
          path: "/developers",
          notes: "the API, the data files and the MCP server (Streamable HTTP at /mcp, read-only), with examples and limits",
        },
        { name: "OpenAPI description", path: "/api/v1/openapi.json", notes: "read-only JSON API; every figure with its source and whether, and when, it was confirmed" },
      ],
    },
    {
      heading: "About",
      links: [
        { name: "About us", path: "/about", notes: "mission, team and how reviews are made" },
        { name: "Affiliate disclosure", path: "/affiliate-disclosure", notes: "how the site earns money" },
        { name: "Deals", path: "/deals", notes: "discounts and free trials, each saying whether and when we confirmed it" },
        { name: "Contact", path: "/contact" },
      ],
    },
    {
      heading: "Optional",
      links: [
        { name: "Sitemap index", path: SITEMAP_INDEX.path },
        { name: "RSS feed", path: FEEDS.main.path },
        { name: "Privacy policy", path: "/privacy" },
        { name: "Terms of service", path: "/terms" },
      ],
    },
  ];
  return new Response(llmsTxt(summary, sections, getEnv().SITE_URL), { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
