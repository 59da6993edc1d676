import { readableText } from "./readable-text";
import { countOf } from "./ui/plural";
/**
 * The site search's URL (spec part 1 §2.11, part 2 §2.9): `q` (trimmed; blank means no search), `tab`
 * (all, posts, tools) and `page`. Read leniently: unknown values fall back to the defaults.
 */

export const SEARCH_TABS = [
  { id: "all", label: "All" },
  { id: "posts", label: "Blog Posts" },
  { id: "tools", label: "AI Tools" },
] as const;
export type SearchTab = (typeof SEARCH_TABS)[number]["id"];

/** Results a page (spec part 1 §2.13: the tool listing shows 6, in two columns). */
export const SEARCH_PAGE_SIZE = 6;
/** Articles the All tab shows before 'View all'. */
export const SEARCH_PREVIEW_POSTS = 3;
/** Tools and articles the command palette lists each. */
export const QUICK_SEARCH_LIMIT = 5;
export const MAX_QUERY_LENGTH = 100;
/** Deep pages of a common word are never read; a cap keeps offsets cheap. */
const MAX_PAGE = 200;

export type SiteSearch = { q: string; tab: SearchTab; page: number };

const isTab = (value: string | null): value is SearchTab => SEARCH_TABS.some((tab) => tab.id === value);

export function parseSiteSearch(params: URLSearchParams): SiteSearch {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const tab = params.get("tab");
  return {
    q: readableText(params.get("q") ?? "")
      .trim()
      .slice(0, MAX_QUERY_LENGTH)
      .trim(),
    tab: isTab(tab) ? tab : "all",
    page: Number.isFinite(page) ? Math.min(Math.max(page, 1), MAX_PAGE) : 1,
  };
}

/** The URL of a search; defaults are left out, so each view has one address. */
export function siteSearchHref({ q, tab = "all", page = 1 }: { q: string; tab?: SearchTab; page?: number }): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set("q", q.trim());
  if (tab !== "all") params.set("tab", tab);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/search?${query}` : "/search";
}

/** 'Found 1 result' / 'Found 7 results'. */
export const resultsLabel = (count: number) => countOf(count, "result");
