import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEditorialContent } from "../../app/models/content/load.server";
import { backends, describeEachBackend, scratchPostgres, type TestApp } from "../support/app";
import { ONE_BACKEND } from "../support/sample";
import { expectedCourses, type FilterableCourse, type Scope } from "../support/course-filter-oracle";
import { projectRoot, templateDataDir } from "../support/paths";

/** The reference: the course files themselves, read by the loader the sync uses. */
const content = loadEditorialContent(path.join(projectRoot, "content"));
const reference: FilterableCourse[] = content.courses.map((course) => ({
  slug: course.slug,
  title: course.title,
  platform: course.platform,
  category: course.category,
  level: course.level,
  free: course.free,
  priceUsd: course.priceUsd ?? null,
  salePrice: course.salePrice ?? null,
  rating: course.rating ?? null,
  students: course.students ?? null,
  featured: course.featured,
}));
const CATEGORIES = content.courseCategories.map((category) => category.slug);
const PLATFORMS = content.coursePlatforms.map((platform) => platform.slug);

/** The listing's course slugs in order (the featured pair is marked apart). */
const listed = (body: string) => [...body.matchAll(/<article data-course-slug="([^"]+)"/g)].map((match) => match[1]!);
const featuredIn = (body: string) => [...body.matchAll(/<article data-featured-course="([^"]+)"/g)].map((match) => match[1]!);
const titleOf = (body: string) => body.match(/<title>([^<]*)<\/title>/)?.[1] ?? "";
const h1Of = (body: string) => body.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1] ?? "";
const jsonLd = (body: string) => [...body.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));
const foundLine = (total: number) => `${total} ${total === 1 ? "course" : "courses"} found`;
/** The sidebar's links and the counts beside them: { href: count }. */
const sidebarCounts = (body: string) =>
  Object.fromEntries(
    [...body.matchAll(/href="(\/courses[^"]*)"[^>]*><span>[^<]+<\/span> <span class="text-muted-foreground">(\d+)<\/span>/g)].map((match) => [match[1]!, Number(match[2])]),
  );

const pathOf = (scope: Scope) =>
  scope.platform && scope.category
    ? `/courses/platform/${scope.platform}/category/${scope.category}`
    : scope.platform
      ? `/courses/platform/${scope.platform}`
      : scope.category
        ? `/courses/category/${scope.category}`
        : "/courses";

const SCOPES: Scope[] = [
  {},
  { category: "ai" },
  { category: "data-science" },
  { platform: "udemy" },
  { platform: "edx" },
  { platform: "coursera", category: "ai" },
  { platform: "skillshare", category: "real-estate" },
];
const QUERIES = [
  "",
  "price=free",
  "price=paid",
  "price=sale",
  "price=free,sale",
  "price=free&price=paid",
  "level=beginner",
  "level=intermediate,advanced",
  "level=all-levels&price=paid",
  "sort=rating",
  "sort=students",
  "sort=price",
  "page=2",
  "page=3",
  "sort=rating&page=2",
  "sort=price&page=3",
  "price=paid&sort=students&page=2",
  "level=beginner&sort=price",
];

/** What the reference says every scope's sidebar counts are. */
function expectedCounts(courses: FilterableCourse[], scope: Scope) {
  const count = (s: Scope) => courses.filter((c) => (!s.category || c.category === s.category) && (!s.platform || c.platform === s.platform)).length;
  const counts: Record<string, number> = {
    [pathOf({ platform: scope.platform })]: count({ platform: scope.platform }),
    [pathOf({ category: scope.category })]: count({ category: scope.category }),
  };
  for (const category of CATEGORIES) counts[pathOf({ platform: scope.platform, category })] = count({ platform: scope.platform, category });
  for (const platform of PLATFORMS) counts[pathOf({ platform, category: scope.category })] = count({ platform, category: scope.category });
  return counts;
}

/** Courses whose own words hold `word` (title, instructor, description, category or platform), as a set. */
const containing = (word: string, scope: Scope = {}) =>
  content.courses
    .filter((course) => (!scope.category || course.category === scope.category) && (!scope.platform || course.platform === scope.platform))
    .filter((course) => `${course.title} ${course.instructor} ${course.description} ${course.category} ${course.platform}`.toLowerCase().includes(word))
    .map((course) => course.slug)
    .sort();

async function allPages(app: TestApp, url: string) {
  const slugs: string[] = [];
  for (let page = 1; page <= 10; page++) {
    const { body } = await app.html(`${url}${url.includes("?") ? "&" : "?"}page=${page}`);
    const found = listed(body);
    slugs.push(...found);
    if (found.length < 12) break;
  }
  return slugs;
}

describeEachBackend(
  "the course listing",
  (app) => {
    it("has at least 24 courses, every platform and category represented by the files", () => {
      expect(reference.length).toBeGreaterThanOrEqual(24);
      expect(new Set(reference.map((course) => course.platform)).size).toBe(4);
    });

    for (const scope of SCOPES) {
      it(`filters, sorts and pages ${pathOf(scope)} in the database exactly as the reference rules`, async () => {
        for (const query of QUERIES) {
          const { response, body } = await app.html(`${pathOf(scope)}${query ? `?${query}` : ""}`);
          const expected = expectedCourses(reference, scope, query);
          // A page past the last names no page: the not-found page, never an empty list (decision 026).
          const page = Number(new URLSearchParams(query).get("page") ?? "1");
          if (page > 1 && (page - 1) * 12 >= expected.total) {
            expect(response.status, query).toBe(404);
            expect(body, query).toContain('<meta name="robots" content="noindex');
            continue;
          }
          expect(response.status, query).toBe(200);
          expect(listed(body), `${pathOf(scope)}?${query}`).toEqual(expected.page);
          expect(body, query).toContain(foundLine(expected.total));
          if (expected.total === 0) {
            expect(body, query).toContain("No courses found");
            expect(body, query).toMatch(/<a[^>]*href="\/courses"[^>]*>Browse All Courses<\/a>/);
          }
        }
      });
    }

    it("paginates with real numbered pages", async () => {
      const pages = Math.ceil(reference.length / 12);
      const { body } = await app.html("/courses");
      const nav = body.slice(body.indexOf('aria-label="Pagination"'));
      for (let page = 2; page <= pages; page++) expect(nav).toContain(`href="/courses?page=${page}"`);
      expect(nav).toContain(">Next</a>");
      expect(nav).not.toContain(">Previous</a>");
      const last = await app.html(`/courses?page=${pages}`);
      expect(last.body).toContain(">Previous</a>");
      expect(last.body.slice(last.body.indexOf('aria-label="Pagination"'))).not.toContain(">Next</a>");
      // Every course once over all pages.
      expect((await allPages(app, "/courses?sort=rating")).sort()).toEqual(reference.map((course) => course.slug).sort());
    });

    it("searches on the server: every word, within the route's scope and filters, and corrects typos", async () => {
      expect((await allPages(app, "/courses?search=andrew")).sort()).toEqual(containing("andrew"));
      expect((await allPages(app, "/courses/platform/edx?search=python")).sort()).toEqual(containing("python", { platform: "edx" }));
      expect(listed((await app.html("/courses?search=python&price=free")).body).sort()).toEqual(
        containing("python").filter((slug) => reference.find((course) => course.slug === slug)!.free),
      );
      const both = listed((await app.html("/courses?search=google%20cybersecurity")).body);
      expect(both[0]).toBe("google-cybersecurity");
      const typo = await app.html("/courses?search=machne%20lerning");
      expect(typo.body).toContain("Showing results for <strong>“machine learning”</strong>");
      expect(listed(typo.body)).toContain("machine-learning-specialization");
      const nothing = await app.html("/courses/category/ai?search=zzqxv");
      expect(nothing.body).toContain(foundLine(0));
      expect(nothing.body).toContain("No courses found");
      expect(nothing.body).toContain("Browse All Courses");
    });

    it("shows the two featured courses on the unfiltered /courses only", async () => {
      const featured = reference.filter((course) => course.featured).map((course) => course.slug);
      expect(featured).toHaveLength(2);
      expect(featuredIn((await app.html("/courses")).body).sort()).toEqual(featured.sort());
      for (const url of ["/courses?page=2", "/courses?price=free", "/courses?search=ai", "/courses/category/ai", "/courses/platform/edx"]) {
        expect(featuredIn((await app.html(url)).body), url).toEqual([]);
      }
    });

    it("counts courses from the table for every sidebar link of every scope", async () => {
      for (const scope of SCOPES) {
        const { body } = await app.html(pathOf(scope));
        expect(sidebarCounts(body), pathOf(scope)).toEqual(expectedCounts(reference, scope));
      }
    });

    it("builds titles, headings, canonical URLs and structured data from the route", async () => {
      const all = await app.html("/courses");
      expect(titleOf(all.body)).toBe("Online Courses from Udemy, Coursera, Skillshare and edX");
      expect(h1Of(all.body)).toBe("Online Courses");
      expect(all.body).toContain(`<meta name="description" content="${reference.length} courses from Udemy, Coursera, Skillshare and edX`);
      expect(all.body).toContain('rel="canonical" href="http://localhost:3000/courses"');
      expect(all.body).not.toContain('name="robots"');

      const ai = await app.html("/courses/category/ai");
      const aiCount = reference.filter((course) => course.category === "ai").length;
      expect(titleOf(ai.body)).toBe("Best Artificial Intelligence Courses Online | AI Tools Atlas");
      expect(h1Of(ai.body)).toBe("Artificial Intelligence Courses");
      expect(ai.body).toContain(`<meta name="description" content="${aiCount} courses in artificial intelligence from Udemy, Coursera, Skillshare and edX`);
      expect(ai.body).toContain('rel="canonical" href="http://localhost:3000/courses/category/ai"');

      const both = await app.html("/courses/platform/coursera/category/ai");
      expect(h1Of(both.body)).toBe("Artificial Intelligence Courses on Coursera");
      const crumbs = jsonLd(both.body).find((block) => block["@type"] === "BreadcrumbList");
      expect(crumbs.itemListElement.map((item: { name: string; item: string }) => [item.name, item.item])).toEqual([
        ["Home", "http://localhost:3000/"],
        ["Courses", "http://localhost:3000/courses"],
        ["Coursera", "http://localhost:3000/courses/platform/coursera"],
        ["Artificial Intelligence", "http://localhost:3000/courses/platform/coursera/category/ai"],
      ]);
      expect(both.body).toMatch(/<nav[^>]*aria-label="Breadcrumb"[\s\S]*?Coursera[\s\S]*?Artificial Intelligence/);
      expect(h1Of((await app.html("/courses/platform/udemy")).body)).toBe("Udemy Courses");

      // Numbered pages are pages of their own; a filtered, searched or re-sorted view is not.
      const second = await app.html("/courses?page=2");
      expect(second.body).toContain('rel="canonical" href="http://localhost:3000/courses?page=2"');
      expect(second.body).not.toContain('name="robots"');
      for (const url of ["/courses?price=free", "/courses?search=python", "/courses/category/ai?sort=rating", "/courses/platform/edx?level=beginner"]) {
        const { body } = await app.html(url);
        expect(body, url).toContain('<meta name="robots" content="noindex, follow"/>');
        expect(body, url).toContain(`rel="canonical" href="http://localhost:3000${url.split("?")[0]}"`);
      }

      // A platform-and-category pair with no course yet is a page for visitors, not for search engines.
      const emptyPair = content.coursePlatforms
        .flatMap((platform) => content.courseCategories.map((category) => [platform.slug, category.slug] as const))
        .find(([platform, category]) => !reference.some((course) => course.platform === platform && course.category === category));
      expect(emptyPair).toBeDefined();
      const empty = await app.html(`/courses/platform/${emptyPair![0]}/category/${emptyPair![1]}`);
      expect([empty.response.status, empty.body.includes('<meta name="robots" content="noindex, follow"/>')]).toEqual([200, true]);

      const list = jsonLd(all.body).find((block) => block["@type"] === "ItemList");
      const shown = listed(all.body);
      expect(list.itemListElement.map((item: { item: { name: string } }) => item.item.name)).toEqual(
        shown.slice(0, 10).map((slug) => content.courses.find((course) => course.slug === slug)!.title),
      );
      for (const { item } of list.itemListElement as Array<{ item: Record<string, unknown> & { name: string } }>) {
        const course = content.courses.find((c) => c.title === item.name)!;
        expect(item).toMatchObject({
          "@type": "Course",
          url: course.url,
          provider: { "@type": "Organization", name: content.coursePlatforms.find((p) => p.slug === course.platform)!.name },
        });
        // An offer only where a price is known: the free ones (none has a published price in dollars yet).
        if (course.free) expect(item.offers).toEqual([{ "@type": "Offer", category: "Free", price: 0, priceCurrency: "USD" }]);
        else expect(item.offers).toBeUndefined();
      }
    });

    it("shows honest figures: a platform rating where known, 'Not rated yet' otherwise, and outbound buttons through /go", async () => {
      const { body } = await app.html("/courses?page=1");
      const unrated = reference.filter((course) => course.rating === null).length;
      expect(unrated).toBeGreaterThan(0);
      const shown = listed(body);
      const shownUnrated = [...featuredIn(body), ...shown].filter((slug) => reference.find((course) => course.slug === slug)!.rating === null).length;
      expect(body.match(/Not rated yet/g)?.length ?? 0).toBe(shownUnrated);
      const outbound = [...body.matchAll(/<a (?=[^>]*target="_blank")(?=[^>]*rel="sponsored nofollow noopener")[^>]*href="\/go\/course\/([a-z0-9-]+)"/g)].map((match) => match[1]);
      expect(outbound).toEqual([...featuredIn(body), ...shown]);
      expect(body).toContain('href="/affiliate-disclosure"');
    });

    it("answers an unknown category or platform with 404 'Category Not Found' and the ways back", async () => {
      for (const url of [
        "/courses/category/gardening",
        "/courses/platform/khan-academy",
        "/courses/platform/udemy/category/gardening",
        "/courses/platform/khan-academy/category/ai",
      ]) {
        const { response, body } = await app.html(url);
        expect(response.status, url).toBe(404);
        expect(body, url).toContain("Category Not Found");
        expect(body, url).toMatch(/<a[^>]*href="\/courses"[^>]*>Browse All Courses<\/a>/);
        expect(body, url).toMatch(/<a[^>]*href="\/"[^>]*>.*Go Home<\/a>/s);
        expect(body, url).toContain('name="robots" content="noindex, follow"');
      }
    });

    it("sends the artificial-intelligence alias and other spellings to the canonical address with a 301, keeping the query", async () => {
      for (const [from, to] of [
        ["/courses/category/artificial-intelligence", "/courses/category/ai"],
        ["/courses/category/artificial-intelligence?sort=rating", "/courses/category/ai?sort=rating"],
        ["/courses/platform/udemy/category/artificial-intelligence", "/courses/platform/udemy/category/ai"],
        ["/courses/category/AI", "/courses/category/ai"],
        ["/courses/platform/Udemy", "/courses/platform/udemy"],
        ["/course/some-old-course", "/courses"],
        ["/courses/popular", "/courses?sort=students"],
      ]) {
        const response = await app.request(from!, { redirect: "manual" });
        expect(response.status, from).toBe(301);
        expect(response.headers.get("location"), from).toBe(to);
      }
    });

    it("keeps anonymous listings in the page cache until a content sync", async () => {
      await app.request("/courses/category/business");
      const second = await app.request("/courses/category/business");
      expect(second.headers.get("cache-control")).toContain("s-maxage");
      expect(second.headers.get("etag")).toBeTruthy();
    });
  },
  ONE_BACKEND,
);

/** A course with a standing sale price, written straight into the table before the app reads anything. */
const SALE_COURSE: FilterableCourse = {
  slug: "test-sale-course",
  title: "A Pottery Course On Sale",
  platform: "skillshare",
  category: "real-estate",
  level: "Advanced",
  free: false,
  priceUsd: 120,
  salePrice: 30,
  rating: 5,
  students: 5_000_000,
  featured: false,
};

describeEachBackend(
  "the course listing, computed from the table",
  (app) => {
    beforeAll(async () => {
      await app.query(
        `insert into courses (slug, title, description, instructor, platform_slug, category_slug, level, price, free, price_usd, sale_price, rating, students, duration, url, featured, added_at, content_hash)
       values ($1, $2, 'A course that exists only in this test, to prove that counts, filters and sorts read the table.', 'Test Instructor', $3, $4, $5, '$120, now $30', false, 120, 30, 5, 5000000, '1 hour', 'https://example.com/sale', false, '2026-11-23', 'x')`,
        [SALE_COURSE.slug, SALE_COURSE.title, SALE_COURSE.platform, SALE_COURSE.category, SALE_COURSE.level],
      );
    });
    const withSale = [...reference, SALE_COURSE];

    it("filters 'On sale', sorts by price and students, and counts it, as the reference does with it", async () => {
      for (const [scope, query] of [
        [{}, "price=sale"],
        [{}, "sort=price"],
        [{}, "sort=price&page=3"],
        [{}, "sort=students"],
        [{ category: "real-estate" }, "price=paid,sale&sort=price"],
        [{ platform: "skillshare" }, "level=advanced"],
      ] as Array<[Scope, string]>) {
        const { body } = await app.html(`${pathOf(scope)}?${query}`);
        const expected = expectedCourses(withSale, scope, query);
        expect(listed(body), `${pathOf(scope)}?${query}`).toEqual(expected.page);
        expect(body).toContain(foundLine(expected.total));
      }
      const sale = await app.html("/courses?price=sale");
      expect(sale.body).toContain("On sale");
      expect(sale.body).toMatch(/\$30 <s[^>]*>\$120<\/s>/);
      const item = jsonLd(sale.body).find((block) => block["@type"] === "ItemList").itemListElement[0].item;
      expect(item.offers).toEqual([{ "@type": "Offer", category: "Paid", price: 30, priceCurrency: "USD" }]);
      for (const scope of [{}, { category: "real-estate" }, { platform: "skillshare" }] as Scope[]) {
        expect(sidebarCounts((await app.html(pathOf(scope))).body), pathOf(scope)).toEqual(expectedCounts(withSale, scope));
      }
    });

    it("finds the new course by a typo of its title (the typo lexicon holds course titles once refreshed)", async () => {
      await app.query("refresh materialized view search_words");
      const { body } = await app.html("/courses?search=potery");
      expect(body).toContain("Showing results for <strong>“pottery”</strong>");
      expect(listed(body)).toContain(SALE_COURSE.slug);
    });
  },
  ONE_BACKEND,
);

/** courseDestination, which the /go redirect calls, run in this process against each backend. */
for (const backend of backends) {
  describe(`courseDestination [${backend}]`, () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-destination-"));
    let drop = async () => {};
    let models: typeof import("../../app/models/course/queries.server");
    let db: typeof import("../../app/utils/db.server");
    beforeAll(async () => {
      db = await import("../../app/utils/db.server");
      if (backend === "postgres") {
        const scratch = await scratchPostgres(process.env.TEST_DATABASE_URL!);
        drop = scratch.drop;
        // A copy of the run's template database: migrated and synced already.
        await db.openDatabase({ databaseUrl: scratch.url, dataDir });
      } else {
        cpSync(templateDataDir(), dataDir, { recursive: true });
        await db.openDatabase({ dataDir });
      }
      models = await import("../../app/models/course/queries.server");
    });
    afterAll(async () => {
      await db?.closeDatabase();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("returns the stored course page for a slug, and null for anything else", async () => {
      for (const course of content.courses) expect(await models.courseDestination(course.slug)).toBe(course.url);
      expect(await models.courseDestination("no-such-course")).toBeNull();
      expect(await models.courseDestination("https://evil.example")).toBeNull();
      expect(await models.courseDestination("")).toBeNull();
    });
  });
}
