import { useCallback } from "react";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { SortForm } from "~/components/ui/sort-form";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { useDebouncedSearch, type SearchCommit } from "~/components/ui/use-debounced-search";
import { useUrlFilters } from "~/components/ui/use-url-filters";
import { cn } from "~/lib/ui/cn";
import {
  COURSE_LEVELS,
  COURSE_SORTS,
  COURSES_PAGE_SIZE,
  countCoursesInScope,
  courseFiltersToSearchParams,
  coursesPath,
  levelSlug,
  parseCourseFilters,
  PRICE_FILTERS,
  type CourseFilters,
} from "~/lib/course/course-filters";
import type { CourseCard as CourseCardData, CourseCatalogue, CourseScope } from "~/models/course/queries.server";
import { CourseCard } from "./course-card";
import { countOf } from "~/lib/ui/plural";

type Update = (patch: Partial<CourseFilters>, options?: { replace?: boolean }) => void;
export type CourseListResult = {
  courses: (CourseCardData & { brokenLinkNote?: string | null })[];
  total: number;
  page: number;
  pageCount: number;
  correctedSearch: string | null;
};

/** Hidden copies of the other filters, so each plain form keeps them when JavaScript is off. */
function HiddenFilters({ filters, except }: { filters: CourseFilters; except: Array<"search" | "price" | "level" | "sort"> }) {
  const params = courseFiltersToSearchParams({ ...filters, page: 1 });
  return (
    <>
      {[...params]
        .filter(([name]) => !(except as string[]).includes(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}

function SearchBox({ filters, update, label }: { filters: CourseFilters; update: Update; label: string }) {
  // A search typed into an unsearched list adds a history entry, so back returns to the full list; refining it replaces.
  const commit = useCallback((search: string, { submitted }: SearchCommit) => update({ search }, { replace: !submitted && filters.search !== "" }), [update, filters.search]);
  const { value, onChange, onSubmit } = useDebouncedSearch(filters.search, commit);
  return (
    <Form method="get" role="search" aria-label="Search courses" className="flex flex-1 gap-2" onSubmit={onSubmit}>
      <HiddenFilters filters={filters} except={["search"]} />
      <label htmlFor="course-search" className="sr-only">
        {label}
      </label>
      <div className="relative flex-1">
        <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id="course-search"
          name="search"
          type="search"
          value={value}
          maxLength={100}
          autoComplete="off"
          placeholder="Search by title, instructor or topic..."
          className="pl-9"
          onChange={onChange}
        />
      </div>
      <Button type="submit" variant="outline">
        Search
      </Button>
    </Form>
  );
}

function SortSelect({ filters, update }: { filters: CourseFilters; update: Update }) {
  return (
    <SortForm id="course-sort" value={filters.sort} options={COURSE_SORTS} onChange={(sort) => update({ sort })} hidden={<HiddenFilters filters={filters} except={["sort"]} />} />
  );
}

function ScopeLinks({
  id,
  title,
  allLabel,
  allHref,
  allCount,
  items,
}: {
  id: string;
  title: string;
  allLabel: string;
  allHref: string;
  allCount: number;
  items: Array<{ slug: string; name: string; href: string; count: number; current: boolean }>;
}) {
  const anyCurrent = items.some((item) => item.current);
  const linkClass = (current: boolean) =>
    cn(
      "flex justify-between gap-2 rounded-full border px-3 py-1 text-sm hover:bg-accent lg:rounded-md lg:border-0 lg:px-2 lg:py-1.5",
      current && "border-primary bg-accent font-semibold",
    );
  return (
    // Named apart from the footer's own 'Categories' navigation.
    <nav aria-label={`Course ${title.toLowerCase()}`}>
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
        {title}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2 lg:grid lg:gap-0.5">
        <li>
          <Link to={allHref} aria-current={anyCurrent ? undefined : "page"} className={linkClass(!anyCurrent)}>
            <span>{allLabel}</span> <span className="text-muted-foreground">{allCount}</span>
          </Link>
        </li>
        {items.map((item) => (
          <li key={item.slug}>
            <Link to={item.href} aria-current={item.current ? "page" : undefined} className={linkClass(item.current)}>
              <span>{item.name}</span> <span className="text-muted-foreground">{item.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Sidebar({ catalogue, scope, filters, update }: { catalogue: CourseCatalogue; scope: CourseScope; filters: CourseFilters; update: Update }) {
  const toggle = <K extends "price" | "levels">(key: K, value: CourseFilters[K][number], checked: boolean) => {
    const current = filters[key] as string[];
    update({ [key]: checked ? [...current, value] : current.filter((item) => item !== value) } as Partial<CourseFilters>);
  };
  return (
    <aside aria-label="Course filters" className="grid content-start gap-6">
      <ScopeLinks
        id="course-categories-heading"
        title="Categories"
        allLabel="All categories"
        allHref={coursesPath({ platform: scope.platform })}
        allCount={countCoursesInScope(catalogue.pairs, { platform: scope.platform })}
        items={catalogue.categories.map((category) => ({
          slug: category.slug,
          name: category.name,
          href: coursesPath({ platform: scope.platform, category: category.slug }),
          count: countCoursesInScope(catalogue.pairs, { platform: scope.platform, category: category.slug }),
          current: scope.category === category.slug,
        }))}
      />
      <ScopeLinks
        id="course-platforms-heading"
        title="Platforms"
        allLabel="All platforms"
        allHref={coursesPath({ category: scope.category })}
        allCount={countCoursesInScope(catalogue.pairs, { category: scope.category })}
        items={catalogue.platforms.map((platform) => ({
          slug: platform.slug,
          name: platform.name,
          href: coursesPath({ platform: platform.slug, category: scope.category }),
          count: countCoursesInScope(catalogue.pairs, { category: scope.category, platform: platform.slug }),
          current: scope.platform === platform.slug,
        }))}
      />
      <Form method="get" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-1" onSubmit={(event) => event.preventDefault()}>
        <HiddenFilters filters={filters} except={["price", "level"]} />
        <fieldset>
          <legend className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Price</legend>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2 lg:grid">
            {PRICE_FILTERS.map((option) => (
              <label key={option.value} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="price"
                  value={option.value}
                  checked={filters.price.includes(option.value)}
                  onChange={(event) => toggle("price", option.value, event.target.checked)}
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Level</legend>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2 lg:grid">
            {COURSE_LEVELS.map((level) => (
              <label key={level} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="level"
                  value={levelSlug(level)}
                  checked={filters.levels.includes(level)}
                  onChange={(event) => toggle("levels", level, event.target.checked)}
                />
                {level}
              </label>
            ))}
          </div>
        </fieldset>
        <noscript>
          <Button type="submit" variant="outline" size="sm">
            Apply filters
          </Button>
        </noscript>
      </Form>
    </aside>
  );
}

function ActiveFilterChips({ filters, hrefFor }: { filters: CourseFilters; hrefFor: (patch: Partial<CourseFilters>) => string }) {
  const chips: Array<{ label: string; href: string }> = [];
  if (filters.search) chips.push({ label: `Search: “${filters.search}”`, href: hrefFor({ search: "" }) });
  for (const value of filters.price)
    chips.push({ label: PRICE_FILTERS.find((option) => option.value === value)!.label, href: hrefFor({ price: filters.price.filter((p) => p !== value) }) });
  for (const level of filters.levels) chips.push({ label: level, href: hrefFor({ levels: filters.levels.filter((l) => l !== level) }) });
  if (!chips.length) return null;
  return (
    <ul aria-label="Active filters" className="mb-4 flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.label}>
          <Link
            to={chip.href}
            preventScrollReset
            className="inline-flex items-center gap-1 rounded-full border bg-secondary px-3 py-1 text-sm text-secondary-foreground hover:bg-secondary/70"
            aria-label={`Remove filter ${chip.label}`}
          >
            {chip.label} <Icon name="x" className="size-3.5" />
          </Link>
        </li>
      ))}
      <li>
        <Link to={hrefFor({ search: "", price: [], levels: [] })} preventScrollReset className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Clear all
        </Link>
      </li>
    </ul>
  );
}

/**
 * The course listing of /courses and its category and platform pages: search, price and level filters,
 * sort and numbered pages, all in the URL; every view is rendered by the server, and with JavaScript the
 * controls navigate in place.
 */
export function CourseListing({ catalogue, scope, result, searchLabel }: { catalogue: CourseCatalogue; scope: CourseScope; result: CourseListResult; searchLabel: string }) {
  const { filters, update, hrefFor, loading } = useUrlFilters(parseCourseFilters, courseFiltersToSearchParams);
  const first = (result.page - 1) * COURSES_PAGE_SIZE + 1;
  return (
    <>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchBox filters={filters} update={update} label={searchLabel} />
        <SortSelect filters={filters} update={update} />
      </div>
      <div className="mt-6 grid gap-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <Sidebar catalogue={catalogue} scope={scope} filters={filters} update={update} />
        <section aria-labelledby="course-results-heading" aria-busy={loading} className="min-w-0">
          <h2 id="course-results-heading" className="sr-only">
            Courses
          </h2>
          <ActiveFilterChips filters={filters} hrefFor={hrefFor} />
          {result.correctedSearch && (
            <p className="mb-2 text-sm">
              No exact matches for “{filters.search}”. Showing results for <strong>“{result.correctedSearch}”</strong>.
            </p>
          )}
          <p className="mb-4 text-sm text-muted-foreground" aria-live="polite">
            {countOf(result.total, "course")} found
            {result.courses.length > 0 && result.pageCount > 1 && ` (showing ${first}-${first + result.courses.length - 1})`}
          </p>
          {result.courses.length === 0 ? (
            <div className="rounded-xl border border-dashed p-10 text-center">
              <h3 className="text-xl font-semibold">No courses found</h3>
              <p className="mt-2 text-muted-foreground">Try another search, fewer filters, or every course we list.</p>
              <Button asChild className="mt-4">
                <Link to="/courses">Browse All Courses</Link>
              </Button>
            </div>
          ) : (
            <ul className={cn("grid gap-4 sm:grid-cols-2 xl:grid-cols-3", loading && "opacity-60")}>
              {result.courses.map((course) => (
                <li key={course.slug}>
                  <CourseCard course={course} />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={result.page} pageCount={result.pageCount} hrefFor={hrefFor} />
        </section>
      </div>
    </>
  );
}
