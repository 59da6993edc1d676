/** The blog's categories (spec part 2 §2.3): slug and name, in the order the blog lists them. */
export const BLOG_CATEGORIES = [
  { slug: "ai-tools", name: "AI Tools" },
  { slug: "machine-learning", name: "Machine Learning" },
  { slug: "business", name: "Business" },
  { slug: "content-creation", name: "Content Creation" },
  { slug: "cybersecurity", name: "Cybersecurity" },
  { slug: "education", name: "Education" },
  { slug: "tutorials", name: "Tutorials" },
] as const;
export type BlogCategorySlug = (typeof BLOG_CATEGORIES)[number]["slug"];

/** Spec part 2 §2.2 and §9: six articles a page, eight tags, three popular articles. */
export const BLOG_PAGE_SIZE = 6;
export const POPULAR_TAG_COUNT = 8;
export const POPULAR_POST_COUNT = 3;
/** Load More stops here: 50 pages of 6 is more than the blog will hold for years. */
const MAX_PAGE = 50;

export type BlogFilters = { search: string; category: BlogCategorySlug | null; tags: string[]; page: number };

const CATEGORY_SLUGS = new Set<string>(BLOG_CATEGORIES.map((category) => category.slug));

export function blogCategoryName(slug: string): string | undefined {
  return BLOG_CATEGORIES.find((category) => category.slug === slug)?.name;
}

/** The blog's query string, read leniently: unknown values are dropped, a blank search is ignored. */
export function parseBlogFilters(params: URLSearchParams): BlogFilters {
  const category = params.get("category")?.trim().toLowerCase() ?? "";
  const tags = (params.get("tags") ?? "")
    .split(",")
    .map((tag) => tag.trim().toLowerCase())
    .filter((tag) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(tag));
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    search: (params.get("search") ?? "").trim().slice(0, 100),
    category: CATEGORY_SLUGS.has(category) ? (category as BlogCategorySlug) : null,
    tags: [...new Set(tags)].slice(0, POPULAR_TAG_COUNT),
    page: Number.isFinite(page) ? Math.min(Math.max(page, 1), MAX_PAGE) : 1,
  };
}

/** The blog URL of a set of filters; a change of search, category or tags starts at page 1 again. */
export function blogHref(filters: BlogFilters, change: Partial<BlogFilters> = {}): string {
  const next = { ...filters, ...change };
  if (!("page" in change)) next.page = 1;
  const params = new URLSearchParams();
  if (next.search) params.set("search", next.search);
  if (next.category) params.set("category", next.category);
  if (next.tags.length) params.set("tags", next.tags.join(","));
  if (next.page > 1) params.set("page", String(next.page));
  const query = params.toString();
  return query ? `/blog?${query}` : "/blog";
}

export const isUnfiltered = (filters: BlogFilters) => !filters.search && !filters.category && filters.tags.length === 0;
