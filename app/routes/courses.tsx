import type { RouteHandle } from "~/lib/route-handle";
import { redirect } from "react-router";
import { CourseCard } from "~/components/course/course-card";
import { CourseListing } from "~/components/course/course-listing";
import { JsonLd } from "~/components/json-ld";
import { Icon } from "~/components/ui/icon";
import type { Breadcrumb } from "~/lib/ui/breadcrumbs";
import { countCoursesInScope, courseListingCopy, coursesPath, isFilteredView, parseCourseFilters } from "~/lib/course/course-filters";
import { courseListJsonLd } from "~/lib/course/course-json-ld";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { withLinkNotices } from "~/models/link-health/queries.server";
import { courseCatalogue, listCourses, listFeaturedCourses, resolveCourseCategory, resolveCoursePlatform } from "~/models/course/queries.server";
import { notFound } from "~/utils/not-found.server";
import type { Route } from "./+types/courses";
import { isPastLastPage } from "~/lib/ui/paging";

/**
 * /courses, /courses/category/{category}, /courses/platform/{platform} and
 * /courses/platform/{platform}/category/{category} (spec part 2 §2.5): one listing, fixed to the route's
 * category and platform. An unknown slug is a 404 'Category Not Found'; an alias or another spelling of a
 * slug ('artificial-intelligence', 'AI') answers 301 with the canonical address.
 */

type Named = { slug: string; name: string };

function crumbsFor(platform: Named | null, category: Named | null): Breadcrumb[] {
  const crumbs: Breadcrumb[] = [
    { label: "Home", href: "/" },
    { label: "Courses", href: "/courses" },
  ];
  if (platform) crumbs.push({ label: platform.name, href: coursesPath({ platform: platform.slug }) });
  if (category) crumbs.push({ label: category.name, href: coursesPath({ platform: platform?.slug, category: category.slug }) });
  return crumbs;
}

export const handle = {
  cache: "shared-with-personal-parts",
  crumbs: (data: unknown) => {
    const found = data as { platform: Named | null; category: Named | null } | undefined;
    return found ? crumbsFor(found.platform, found.category) : undefined;
  },
} satisfies RouteHandle;

export async function loader({ params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const catalogue = await courseCatalogue();
  const platform = params.platform !== undefined ? resolveCoursePlatform(catalogue, params.platform) : null;
  if (params.platform !== undefined && !platform) throw notFound("course-category", params.platform);
  const category = params.category !== undefined ? resolveCourseCategory(catalogue, params.category) : null;
  if (params.category !== undefined && !category) throw notFound("course-category", params.category);
  if (platform?.redirectTo || category?.redirectTo) {
    throw redirect(coursesPath({ platform: platform?.platform.slug, category: category?.category.slug }) + url.search, 301);
  }

  const scope = { platform: platform?.platform.slug ?? null, category: category?.category.slug ?? null };
  const filters = parseCourseFilters(url.searchParams);
  // The featured pair leads /courses itself, before any filter or page.
  const showFeatured = !scope.platform && !scope.category && !isFilteredView(filters) && filters.page === 1;
  const [listed, featured] = await Promise.all([
    listCourses(scope, filters),
    showFeatured ? listFeaturedCourses().then((courses) => withLinkNotices("course", courses)) : Promise.resolve([]),
  ]);
  if (isPastLastPage(filters.page, listed.pageCount)) throw notFound("page");
  const result = { ...listed, courses: await withLinkNotices("course", listed.courses) };
  return {
    catalogue,
    scope,
    platform: platform ? { slug: platform.platform.slug, name: platform.platform.name, description: platform.platform.description } : null,
    category: category ? { slug: category.category.slug, name: category.category.name, description: category.category.description } : null,
    filters,
    result,
    featured,
    count: countCoursesInScope(catalogue.pairs, scope),
  };
}

/** A meta description stops at 160 characters, at a word. */
function clip(text: string, max = 160) {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[\s,;:.]+$/, "")}…`;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { scope, platform, category, filters, count, catalogue } = loaderData;
  const copy = courseListingCopy(
    { platform, category },
    count,
    catalogue.platforms.map((p) => p.name),
  );
  const filtered = isFilteredView(filters);
  const path = coursesPath(scope);
  return pageMeta({
    title: `${copy.title}${filters.page > 1 ? `, page ${filters.page}` : ""}`,
    description: clip(copy.description),
    // A filtered, searched or re-sorted list is a view of the listing, not a page of its own; numbered pages are.
    path: !filtered && filters.page > 1 ? `${path}?page=${filters.page}` : path,
    siteUrl: siteUrlOf(matches),
    // An empty platform-and-category pair says only "no courses yet": nothing worth a search result.
    noindex: filtered || count === 0,
  });
}

export default function CoursesPage({ loaderData }: Route.ComponentProps) {
  const { catalogue, scope, platform, category, result, featured, count } = loaderData;
  const copy = courseListingCopy(
    { platform, category },
    count,
    catalogue.platforms.map((p) => p.name),
  );
  const about = category?.description ?? platform?.description;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <JsonLd data={courseListJsonLd(result.courses)} />
      <h1 className="text-3xl font-bold sm:text-4xl">{copy.heading}</h1>
      <p className="mt-3 max-w-3xl text-muted-foreground">
        {about ??
          "Courses we would point a friend to, on Udemy, Coursera, Skillshare and edX: what each one teaches, who teaches it, its level and length, and what it costs as the platform states it."}
      </p>
      <p className="mt-4 flex max-w-3xl items-start gap-2 rounded-lg border bg-muted/40 p-3 text-sm text-muted-foreground">
        <Icon name="info" className="mt-0.5 size-4 shrink-0" />
        <span>
          Some course links are affiliate links: if you enrol after following one, we may earn a commission at no extra cost to you. It never decides which courses we list or what
          we say about them.{" "}
          <a href="/affiliate-disclosure" className="font-medium text-primary underline-offset-4 hover:underline">
            Affiliate disclosure
          </a>
        </span>
      </p>

      {featured.length > 0 && (
        <section aria-labelledby="featured-courses-heading" className="mt-8">
          <h2 id="featured-courses-heading" className="text-2xl font-bold">
            Featured Courses
          </h2>
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {featured.map((course) => (
              <li key={course.slug}>
                <CourseCard course={course} featured />
              </li>
            ))}
          </ul>
        </section>
      )}

      <CourseListing
        catalogue={catalogue}
        scope={scope}
        result={result}
        searchLabel={
          category && platform
            ? `Search ${category.name} courses on ${platform.name}`
            : category
              ? `Search ${category.name} courses`
              : platform
                ? `Search ${platform.name} courses`
                : "Search courses"
        }
      />
    </main>
  );
}
