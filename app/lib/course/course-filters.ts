import { countOf } from "../ui/plural.ts";
import { formatNumber } from "../ui/numbers.ts";
/**
 * The course listing's filters, sorts and their URL form (spec part 2 §2.5). The route fixes the category
 * and platform (/courses/category/{c}, /courses/platform/{p}[/category/{c}]); the query holds the rest:
 * `search`, `price` (free, paid, sale), `level`, `sort`, `page`. The database query implements the rules
 * (app/models/course/queries.server.ts); tests/support/course-filter-oracle.ts holds a plain reference.
 *
 * - price: 'free' = can be studied without paying (free or free to audit), 'paid' = cannot, 'sale' = has a
 *   standing published sale price; several chosen match any of them.
 * - level: the course's level is one of those chosen.
 * - sort: 'recommended' (featured first, then rating, then students), 'rating' and 'students' (highest
 *   first), 'price' (lowest first: free courses count as 0, then the sale or list price in dollars). A
 *   course without the figure a sort uses comes after every course with it; ties go by title (A to Z).
 */

export const COURSE_LEVELS = ["Beginner", "Intermediate", "Advanced", "All Levels", "Beginner to Advanced"] as const;
export type CourseLevel = (typeof COURSE_LEVELS)[number];

export const PRICE_FILTERS = [
  { value: "free", label: "Free" },
  { value: "paid", label: "Paid" },
  { value: "sale", label: "On sale" },
] as const;
export type CoursePriceFilter = (typeof PRICE_FILTERS)[number]["value"];

export const COURSE_SORTS = [
  { value: "recommended", label: "Recommended" },
  { value: "rating", label: "Highest rated" },
  { value: "students", label: "Most students" },
  { value: "price", label: "Price: lowest first" },
] as const;
export type CourseSort = (typeof COURSE_SORTS)[number]["value"];
export const DEFAULT_COURSE_SORT: CourseSort = "recommended";

/** Twelve a page: two or three columns of cards fill evenly. */
export const COURSES_PAGE_SIZE = 12;
const MAX_PAGE = 1000;
const MAX_SEARCH_LENGTH = 100;

export type CourseFilters = { search: string; price: CoursePriceFilter[]; levels: CourseLevel[]; sort: CourseSort; page: number };

export const EMPTY_COURSE_FILTERS: CourseFilters = { search: "", price: [], levels: [], sort: DEFAULT_COURSE_SORT, page: 1 };

/** 'All Levels' ↔ 'all-levels': levels travel in the URL as slugs. */
export const levelSlug = (level: CourseLevel) => level.toLowerCase().replace(/\s+/g, "-");

function listParam(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .flatMap((value) => value.split(","))
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean);
}

/** Reads the query leniently: unknown values are dropped, so a bad link still lists courses. */
export function parseCourseFilters(params: URLSearchParams): CourseFilters {
  const sort = params.get("sort");
  const page = Number(params.get("page"));
  const prices = new Set(listParam(params, "price"));
  const levels = new Set(listParam(params, "level"));
  return {
    search: (params.get("search") ?? params.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
    // In the catalogue's order, whatever order the URL gave them in.
    price: PRICE_FILTERS.map((option) => option.value).filter((value) => prices.has(value)),
    levels: COURSE_LEVELS.filter((level) => levels.has(levelSlug(level))),
    sort: COURSE_SORTS.some((option) => option.value === sort) ? (sort as CourseSort) : DEFAULT_COURSE_SORT,
    page: Number.isInteger(page) && page > 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** The canonical query of a filter state: defaults left out, a stable order. */
export function courseFiltersToSearchParams(filters: CourseFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.price.length) params.set("price", filters.price.join(","));
  if (filters.levels.length) params.set("level", filters.levels.map(levelSlug).join(","));
  if (filters.sort !== DEFAULT_COURSE_SORT) params.set("sort", filters.sort);
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** Anything but the page narrows or reorders the list: such a view is not a page of its own for search engines. */
export const isFilteredView = (filters: CourseFilters) => Boolean(filters.search) || filters.price.length > 0 || filters.levels.length > 0 || filters.sort !== DEFAULT_COURSE_SORT;

/** The listing's path for a route's category and platform. */
export function coursesPath(scope: { category?: string | null; platform?: string | null }): string {
  if (scope.platform && scope.category) return `/courses/platform/${scope.platform}/category/${scope.category}`;
  if (scope.platform) return `/courses/platform/${scope.platform}`;
  if (scope.category) return `/courses/category/${scope.category}`;
  return "/courses";
}

/** How many courses a scope (category, platform, both or neither) holds, from the per-pair counts of the table. */
export function countCoursesInScope(pairs: Array<{ category: string; platform: string; count: number }>, scope: { category?: string | null; platform?: string | null }): number {
  return pairs
    .filter((pair) => (!scope.category || pair.category === scope.category) && (!scope.platform || pair.platform === scope.platform))
    .reduce((sum, pair) => sum + pair.count, 0);
}

/** What a course costs to start, for the price sort: 0 when free, else its sale or list price; null when not known. */
export function coursePriceKey(course: { free: boolean; priceUsd: number | null; salePrice: number | null }): number | null {
  if (course.free) return 0;
  return course.salePrice ?? course.priceUsd;
}

/** '1000000' → '1,000,000+': the students figure is a floor of the platform's count. */
export const studentsLabel = (students: number) => `${formatNumber(students)}+ students`;

export const dollars = (amount: number) => `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;

/**
 * The listing's title and description from the platform and category names (spec part 2 §2.5):
 * 'Artificial Intelligence Courses on Udemy', with the computed count in the description.
 */
export function courseListingCopy(scope: { category?: { name: string; description: string } | null; platform?: { name: string } | null }, count: number, platformNames: string[]) {
  const { category, platform } = scope;
  const courses = countOf(count, "course");
  if (category && platform) {
    const heading = `${category.name} Courses on ${platform.name}`;
    return { heading, title: heading, description: `${courses} in ${category.name.toLowerCase()} on ${platform.name}, hand-picked and checked. ${category.description}` };
  }
  if (category) {
    const heading = `${category.name} Courses`;
    return {
      heading,
      title: `Best ${heading} Online`,
      description: `${courses} in ${category.name.toLowerCase()} from ${joinNames(platformNames)}, hand-picked and checked. ${category.description}`,
    };
  }
  if (platform) {
    const heading = `${platform.name} Courses`;
    return {
      heading,
      title: `Best ${heading}`,
      description: `${courses} on ${platform.name} in AI, data science, cybersecurity, business and marketing, with honest prices, levels and durations.`,
    };
  }
  return {
    heading: "Online Courses",
    title: `Online Courses from ${joinNames(platformNames)}`,
    description: `${courses} from ${joinNames(platformNames)} in AI, data science, cybersecurity, business, real estate and digital marketing, with honest prices, levels and durations.`,
  };
}

function joinNames(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** A course's figures a reader acts on, each kept with the page it was read from (content `sources`, decision 063). */
export const COURSE_FIGURES = ["price", "priceUsd", "salePrice", "rating", "students", "duration"] as const;
export type CourseFigure = (typeof COURSE_FIGURES)[number];
