/**
 * The RSS feeds the site serves (routes/feeds.ts) and their sizes (spec part 2 §9): the main feed has the
 * 10 newest articles, then up to 5 tools that are high-value partners or rated 4.5 or more, best rated
 * first; the blog feed 20 articles; the tools feed the 50 best rated tools. Only tools with our rating (an in-depth
 * review) are in a 'top rated' list: unreviewed and community tools are in the directory and the sitemap instead.
 */
import { SITE_NAME } from "../site";

export const FEEDS = {
  main: { path: "/feed.xml", title: SITE_NAME, description: `New articles and the best rated AI tools from ${SITE_NAME}` },
  blog: { path: "/feed/blog.xml", title: `${SITE_NAME} Blog`, description: "Guides, comparisons and tutorials about AI tools" },
  tools: {
    path: "/feed/tools.xml",
    title: `${SITE_NAME}: Top Rated Tools`,
    description: `The best rated AI tools we have reviewed in depth in the ${SITE_NAME} directory, by our rating (up to 50)`,
  },
  changes: {
    path: "/feed/changes.xml",
    title: `${SITE_NAME}: Price Changes`,
    description: "Recorded changes to AI tools' prices, plans, free plans, trials and sites, newest first (up to 50)",
  },
  newsletter: {
    path: "/feed/newsletter.xml",
    title: `${SITE_NAME}: Newsletter`,
    description: `Every issue of the ${SITE_NAME} newsletter as sent, newest first`,
  },
} as const;

export const MAIN_FEED_POSTS = 10;
export const MAIN_FEED_TOOLS = 5;
/** A tool rated at least this joins the main feed even when it is not a high-value partner. */
export const MAIN_FEED_MIN_RATING = 4.5;
export const BLOG_FEED_POSTS = 20;
export const TOOLS_FEED_TOOLS = 50;
