import type { RouteHandle } from "~/lib/route-handle";
import { cardOnPage } from "~/lib/tool/card-on-page";
import { Link } from "react-router";
import { PostCard } from "~/components/blog/post-card";
import { CourseCard } from "~/components/course/course-card";
import { JsonLd } from "~/components/json-ld";
import { ToolGrid } from "~/components/tool/tool-card";
import { useSiteUrl } from "~/components/use-site-url";
import { audienceBySlug, describeCourseRule, describeRule } from "~/lib/tool/audiences";
import { blogCategoryName } from "~/lib/blog/blog-filters";
import { itemListJsonLd } from "~/lib/seo/json-ld";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { MATRIX_PATH } from "~/lib/tool/tool-matrix";
import { listPostsByTopic } from "~/models/blog/queries.server";
import { listCategoriesWithCounts } from "~/models/category/queries.server";
import { courseCatalogue, listCoursesByRule } from "~/models/course/queries.server";
import { withLinkNotices } from "~/models/link-health/queries.server";
import { cardShown, listToolsByRule } from "~/models/tool/queries.server";
import { notFound } from "~/utils/not-found.server";
import type { Route } from "./+types/audience";

/** One module for /startup-toolkit, /business-hub and /career-resources (lib/tool/audiences.ts); the path picks the page. */
export const handle = {
  cache: "shared-with-personal-parts",
  // A page to read: sent without React's client (decision 049).
  hydrate: false as const,
  breadcrumb: (data: unknown) => (data as { name?: string } | undefined)?.name,
} satisfies RouteHandle;

export async function loader({ pattern }: Route.LoaderArgs) {
  // The matched route's own path ('/startup-toolkit'), the same for a document and a client navigation's .data request.
  const audience = audienceBySlug(pattern.replace(/^\/+|\/+$/g, ""));
  if (!audience) throw notFound("page");
  const [categories, toolLists, posts, courseList, catalogue] = await Promise.all([
    listCategoriesWithCounts(),
    Promise.all(audience.sections.map((section) => listToolsByRule(section.rule))),
    listPostsByTopic(audience.articles),
    listCoursesByRule(audience.courses).then((courses) => withLinkNotices("course", courses)),
    courseCatalogue(),
  ]);
  const courseCategoryName = (slug: string) => catalogue.categories.find((category) => category.slug === slug)?.name ?? slug;
  const categoryName = (slug: string) => categories.find((category) => category.slug === slug)?.name ?? slug;
  const sections = audience.sections
    .map((section, index) => ({
      id: section.id,
      heading: section.heading,
      text: section.text,
      rule: describeRule(section.rule, categoryName),
      tools: toolLists[index]!.map((card) => cardOnPage(cardShown(card), { document: false })),
    }))
    // A rule the catalogue no longer meets leaves no empty heading behind.
    .filter((section) => section.tools.length > 0);
  const toolCategories = [...new Set(audience.sections.flatMap((section) => section.rule.categories))].map((slug) => ({ slug, name: categoryName(slug) }));
  return {
    slug: audience.slug,
    name: audience.name,
    title: audience.title,
    description: audience.description,
    heading: audience.heading,
    intro: audience.intro,
    sections,
    courses: { heading: audience.courses.heading, text: audience.courses.text, rule: describeCourseRule(audience.courses, courseCategoryName), list: courseList },
    articles: { heading: audience.articles.heading, posts },
    toolCategories,
    blogCategories: audience.articles.categories.map((slug) => ({ slug, name: blogCategoryName(slug) ?? slug })),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta({ title: loaderData.title, description: loaderData.description, path: `/${loaderData.slug}`, siteUrl: siteUrlOf(matches) });
}

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

export default function AudiencePage({ loaderData }: Route.ComponentProps) {
  const { heading, intro, sections, courses, articles, toolCategories, blogCategories } = loaderData;
  const siteUrl = useSiteUrl();
  const listed = [...new Map(sections.flatMap((section) => section.tools).map((tool) => [tool.slug, tool])).values()];
  const contents = [
    ...sections.map((section) => ({ id: section.id, label: section.heading })),
    ...(courses.list.length > 0 ? [{ id: "courses", label: courses.heading }] : []),
    { id: "articles", label: articles.heading },
    { id: "explore", label: "Keep exploring" },
  ];
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <JsonLd
        data={itemListJsonLd(
          listed.map((tool) => ({ name: tool.name, path: `/tools/${tool.slug}` })),
          siteUrl,
        )}
      />
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold sm:text-4xl">{heading}</h1>
        {intro.map((paragraph) => (
          <p key={paragraph} className="mt-3 text-muted-foreground">
            {paragraph}
          </p>
        ))}
      </header>

      <nav aria-label="On this page" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {contents.map((item) => (
            <li key={item.id}>
              <a href={`#${item.id}`} className="inline-flex rounded-full border px-3 py-1 text-sm hover:bg-accent">
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {sections.map((section) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-12 scroll-mt-20">
          <h2 id={`${section.id}-heading`} className="text-2xl font-bold">
            {section.heading}
          </h2>
          <p className="mt-2 max-w-3xl text-muted-foreground">{section.text}</p>
          <p className="mt-1 text-sm text-muted-foreground">{section.rule}</p>
          <ToolGrid tools={section.tools} loading={false} skeletons={0} headingLevel={3} className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" />
        </section>
      ))}

      {courses.list.length > 0 && (
        <section id="courses" aria-labelledby="courses-heading" className="mt-12 scroll-mt-20">
          <h2 id="courses-heading" className="text-2xl font-bold">
            {courses.heading}
          </h2>
          <p className="mt-2 max-w-3xl text-muted-foreground">{courses.text}</p>
          <p className="mt-1 text-sm text-muted-foreground">
            {courses.rule}{" "}
            <Link to="/courses" className={linkClass}>
              All courses
            </Link>
          </p>
          <ul className="mt-5 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {courses.list.map((course) => (
              <li key={course.slug}>
                <CourseCard course={course} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <section id="articles" aria-labelledby="articles-heading" className="mt-12 scroll-mt-20">
        <h2 id="articles-heading" className="text-2xl font-bold">
          {articles.heading}
        </h2>
        {articles.posts.length > 0 ? (
          <ul className="mt-5 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {articles.posts.map((post) => (
              <li key={post.slug}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-muted-foreground">No articles on this yet.</p>
        )}
      </section>

      <section id="explore" aria-labelledby="explore-heading" className="mt-12 scroll-mt-20 rounded-2xl border bg-secondary/40 p-6 sm:p-8">
        <h2 id="explore-heading" className="text-2xl font-bold">
          Keep exploring
        </h2>
        <div className="mt-4 grid gap-6 md:grid-cols-3">
          <div>
            <h3 className="font-semibold">Tool categories on this page</h3>
            <ul className="mt-2 space-y-1 text-sm">
              {toolCategories.map((category) => (
                <li key={category.slug}>
                  <a href={`/tools/category/${category.slug}`} className={linkClass}>
                    {category.name}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="font-semibold">From the blog</h3>
            <ul className="mt-2 space-y-1 text-sm">
              {blogCategories.map((category) => (
                <li key={category.slug}>
                  <a href={`/blog/category/${category.slug}`} className={linkClass}>
                    {category.name} articles
                  </a>
                </li>
              ))}
              <li>
                <Link to="/blog" className={linkClass}>
                  All articles
                </Link>
              </li>
            </ul>
          </div>
          <div>
            <h3 className="font-semibold">Compare and browse</h3>
            <ul className="mt-2 space-y-1 text-sm">
              <li>
                <Link to="/tools" className={linkClass}>
                  All AI tools
                </Link>
              </li>
              <li>
                <Link to="/tools/comparison" className={linkClass}>
                  Compare up to four tools
                </Link>
              </li>
              <li>
                <Link to={MATRIX_PATH} className={linkClass}>
                  AI tools comparison matrix
                </Link>
              </li>
            </ul>
          </div>
        </div>
      </section>
    </main>
  );
}
