/**
 * The routes whose pages have a reader's part beyond the shared personal data (decision 055): their loader data says
 * what it is about. Apart from ./personal-data.ts, which every page loads, so that only the parts and the server name them.
 */

/** The route whose loader data says what `ToolPersonal` is about (its `personal` is the reader's, when rendered for them). */
export const TOOL_PAGE_ROUTE_ID = "routes/tools.detail";

/** The blog's list and its articles: their loader data says what `BlogPersonal` is about (reading pages, decision 049). */
export const BLOG_LIST_ROUTE_ID = "routes/blog";
export const BLOG_POST_ROUTE_ID = "routes/blog.post";
