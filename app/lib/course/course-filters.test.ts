import { describe, expect, it } from "vitest";
import {
  countCoursesInScope,
  courseFiltersToSearchParams,
  courseListingCopy,
  coursePriceKey,
  coursesPath,
  EMPTY_COURSE_FILTERS,
  isFilteredView,
  parseCourseFilters,
} from "./course-filters";
import { compareCourses, matchesCourse, type FilterableCourse } from "../../../tests/support/course-filter-oracle";

const parse = (query: string) => parseCourseFilters(new URLSearchParams(query));

describe("parseCourseFilters", () => {
  it("reads nothing as the defaults", () => {
    expect(parse("")).toEqual(EMPTY_COURSE_FILTERS);
  });

  it("reads price and level lists, comma-separated or repeated (a plain form repeats them), in the catalogue's order", () => {
    expect(parse("price=sale,free&level=advanced&level=all-levels,beginner")).toMatchObject({ price: ["free", "sale"], levels: ["Beginner", "Advanced", "All Levels"] });
    expect(parse("price=free&price=paid").price).toEqual(["free", "paid"]);
    expect(parse("level=Beginner-To-Advanced").levels).toEqual(["Beginner to Advanced"]);
  });

  it("drops what it does not know rather than failing", () => {
    expect(parse("price=cheap,free&level=expert&sort=newest&page=abc")).toEqual({ ...EMPTY_COURSE_FILTERS, price: ["free"] });
    expect(parse("page=0").page).toBe(1);
    expect(parse("page=-3").page).toBe(1);
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=999999").page).toBe(1000);
  });

  it("trims the search, takes q as its other name, and caps its length", () => {
    expect(parse("search=%20%20machine%20learning%20").search).toBe("machine learning");
    expect(parse("q=python").search).toBe("python");
    expect(parse(`search=${"a".repeat(300)}`).search).toHaveLength(100);
  });

  it.each(["rating", "students", "price", "recommended"])("knows the sort %s", (sort) => {
    expect(parse(`sort=${sort}`).sort).toBe(sort);
  });
});

describe("courseFiltersToSearchParams", () => {
  it("leaves the defaults out and round-trips every value", () => {
    expect(courseFiltersToSearchParams(EMPTY_COURSE_FILTERS).toString()).toBe("");
    const filters = parse("search=ai&price=free,sale&level=beginner,all-levels&sort=price&page=3");
    const query = courseFiltersToSearchParams(filters).toString();
    expect(query).toBe("search=ai&price=free%2Csale&level=beginner%2Call-levels&sort=price&page=3");
    expect(parse(query)).toEqual(filters);
  });
});

describe("isFilteredView", () => {
  it("counts search, price, level and a sort as filters, but not the page", () => {
    expect(isFilteredView(parse("page=2"))).toBe(false);
    for (const query of ["search=x", "price=free", "level=advanced", "sort=rating"]) expect(isFilteredView(parse(query)), query).toBe(true);
  });
});

describe("coursesPath", () => {
  it("builds the four listing addresses", () => {
    expect(coursesPath({})).toBe("/courses");
    expect(coursesPath({ category: "ai" })).toBe("/courses/category/ai");
    expect(coursesPath({ platform: "udemy" })).toBe("/courses/platform/udemy");
    expect(coursesPath({ platform: "udemy", category: "ai" })).toBe("/courses/platform/udemy/category/ai");
  });
});

const course = (overrides: Partial<FilterableCourse>): FilterableCourse => ({
  slug: "x",
  title: "X",
  platform: "udemy",
  category: "ai",
  level: "Beginner",
  free: false,
  priceUsd: null,
  salePrice: null,
  rating: null,
  students: null,
  featured: false,
  ...overrides,
});

describe("the price key, filters and sorts of the reference", () => {
  it("prices a free course at 0, else the sale price, else the list price, else nothing", () => {
    expect(coursePriceKey({ free: true, priceUsd: 199, salePrice: null })).toBe(0);
    expect(coursePriceKey({ free: false, priceUsd: 199, salePrice: 19.99 })).toBe(19.99);
    expect(coursePriceKey({ free: false, priceUsd: 49, salePrice: null })).toBe(49);
    expect(coursePriceKey({ free: false, priceUsd: null, salePrice: null })).toBeNull();
  });

  it("matches any chosen price and any chosen level", () => {
    const filters = { ...EMPTY_COURSE_FILTERS, price: ["free" as const, "sale" as const] };
    expect(matchesCourse(course({ free: true }), {}, filters)).toBe(true);
    expect(matchesCourse(course({ priceUsd: 100, salePrice: 20 }), {}, filters)).toBe(true);
    expect(matchesCourse(course({}), {}, filters)).toBe(false);
    expect(matchesCourse(course({}), {}, { ...EMPTY_COURSE_FILTERS, price: ["paid"] })).toBe(true);
    expect(matchesCourse(course({ level: "Advanced" }), {}, { ...EMPTY_COURSE_FILTERS, levels: ["Beginner", "Advanced"] })).toBe(true);
    expect(matchesCourse(course({ level: "All Levels" }), {}, { ...EMPTY_COURSE_FILTERS, levels: ["Beginner"] })).toBe(false);
    expect(matchesCourse(course({ platform: "edx" }), { platform: "udemy" }, EMPTY_COURSE_FILTERS)).toBe(false);
  });

  it("sorts missing ratings, students and prices last, ties by title", () => {
    const list = [course({ slug: "b", title: "B" }), course({ slug: "a", title: "a", rating: 4.5, students: 10 }), course({ slug: "c", title: "C", rating: 4.9, free: true })];
    const order = (sort: Parameters<typeof compareCourses>[0]) => [...list].sort(compareCourses(sort)).map((item) => item.slug);
    expect(order("rating")).toEqual(["c", "a", "b"]);
    expect(order("students")).toEqual(["a", "b", "c"]);
    expect(order("price")).toEqual(["c", "a", "b"]);
    expect(order("recommended")).toEqual(["c", "a", "b"]);
  });
});

describe("computed counts and copy", () => {
  const pairs = [
    { category: "ai", platform: "udemy", count: 2 },
    { category: "ai", platform: "edx", count: 1 },
    { category: "business", platform: "udemy", count: 4 },
  ];
  it("sums the table's pair counts for any scope", () => {
    expect(countCoursesInScope(pairs, {})).toBe(7);
    expect(countCoursesInScope(pairs, { category: "ai" })).toBe(3);
    expect(countCoursesInScope(pairs, { platform: "udemy" })).toBe(6);
    expect(countCoursesInScope(pairs, { platform: "udemy", category: "business" })).toBe(4);
    expect(countCoursesInScope(pairs, { platform: "skillshare" })).toBe(0);
  });

  it("builds the title and description from the platform and category names", () => {
    const platforms = ["Udemy", "Coursera", "edX"];
    const ai = { name: "Artificial Intelligence", description: "How AI works." };
    expect(courseListingCopy({}, 30, platforms)).toMatchObject({ heading: "Online Courses", title: "Online Courses from Udemy, Coursera and edX" });
    expect(courseListingCopy({}, 30, platforms).description).toMatch(/^30 courses from Udemy, Coursera and edX/);
    expect(courseListingCopy({ category: ai }, 1, platforms)).toMatchObject({ heading: "Artificial Intelligence Courses", title: "Best Artificial Intelligence Courses Online" });
    expect(courseListingCopy({ category: ai }, 1, platforms).description).toMatch(/^1 course in artificial intelligence/);
    expect(courseListingCopy({ platform: { name: "Udemy" } }, 9, platforms)).toMatchObject({ heading: "Udemy Courses", title: "Best Udemy Courses" });
    expect(courseListingCopy({ category: ai, platform: { name: "Udemy" } }, 2, platforms).heading).toBe("Artificial Intelligence Courses on Udemy");
  });
});
