/**
 * The course listing's rules (app/lib/course/course-filters.ts) written plainly over an in-memory list: the
 * reference the database query (app/models/course/queries.server.ts) is held to. Text search is left to
 * the database (it ranks); everything else is here.
 */
import { coursePriceKey, COURSES_PAGE_SIZE, parseCourseFilters, type CourseFilters, type CourseSort } from "~/lib/course/course-filters";

export type FilterableCourse = {
  slug: string;
  title: string;
  platform: string;
  category: string;
  level: string;
  free: boolean;
  priceUsd: number | null;
  salePrice: number | null;
  rating: number | null;
  students: number | null;
  featured: boolean;
};

export type Scope = { category?: string | null; platform?: string | null };

export function matchesCourse(course: FilterableCourse, scope: Scope, filters: CourseFilters): boolean {
  if (scope.category && course.category !== scope.category) return false;
  if (scope.platform && course.platform !== scope.platform) return false;
  if (filters.levels.length && !filters.levels.includes(course.level as CourseFilters["levels"][number])) return false;
  if (filters.price.length) {
    const matches = { free: course.free, paid: !course.free, sale: course.salePrice !== null };
    if (!filters.price.some((value) => matches[value])) return false;
  }
  return true;
}

/** Highest first, a missing figure after every present one. */
const descNullsLast = (a: number | null, b: number | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : b - a);
const ascNullsLast = (a: number | null, b: number | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a - b);

export function compareCourses(sort: CourseSort) {
  // Code-point order of the lower-cased title, the database's `lower(title) collate "C"`.
  const byTitle = (a: FilterableCourse, b: FilterableCourse) => {
    const x = a.title.toLowerCase();
    const y = b.title.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  };
  return (a: FilterableCourse, b: FilterableCourse): number => {
    switch (sort) {
      case "recommended":
        return Number(b.featured) - Number(a.featured) || descNullsLast(a.rating, b.rating) || descNullsLast(a.students, b.students) || byTitle(a, b);
      case "rating":
        return descNullsLast(a.rating, b.rating) || byTitle(a, b);
      case "students":
        return descNullsLast(a.students, b.students) || byTitle(a, b);
      case "price":
        return ascNullsLast(coursePriceKey(a), coursePriceKey(b)) || byTitle(a, b);
    }
  };
}

/** Every course the reference puts in a scope and query, in order, and the page the query asks for. */
export function expectedCourses(courses: FilterableCourse[], scope: Scope, query: string) {
  const filters = parseCourseFilters(new URLSearchParams(query));
  const all = courses.filter((course) => matchesCourse(course, scope, filters)).sort(compareCourses(filters.sort));
  return { total: all.length, page: all.slice((filters.page - 1) * COURSES_PAGE_SIZE, filters.page * COURSES_PAGE_SIZE).map((course) => course.slug) };
}
