import type { RouteHandle } from "~/lib/route-handle";
import { Link } from "react-router";
import { PostCard } from "~/components/blog/post-card";
import { JsonLd } from "~/components/json-ld";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { useSiteUrl } from "~/components/use-site-url";
import { blogCategoryName, parseBlogFilters, type BlogCategorySlug } from "~/lib/blog/blog-filters";
import type { Breadcrumb } from "~/lib/ui/breadcrumbs";
import { itemListJsonLd } from "~/lib/seo/json-ld";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { listBlogCategories, listPosts } from "~/models/blog/queries.server";
import { notFound } from "~/utils/not-found.server";
import type { Route } from "./+types/blog.category";
import { countOf } from "~/lib/ui/plural";
import { isPastLastPage } from "~/lib/ui/paging";

/** What each category covers, for its about blurb. */
const ABOUT: Record<string, string> = {
  "ai-tools": "Guides and comparisons of AI tools by the job they do: writing, images, video, research, coding and productivity.",
  "machine-learning": "Plain-language explanations of how the machine learning behind AI tools works, and what that means for the people using them.",
  business: "How small and growing businesses use AI tools for automation, customer service, marketing and launching new products.",
  "content-creation": "Tools and workflows for writers, marketers and video creators, with honest notes on quality, originality and search.",
  cybersecurity: "How defenders use AI, the new risks AI brings, and what AI security tools do and do not fix.",
  education: "AI for students, teachers and career changers: studying, research, academic integrity and learning new skills.",
  tutorials: "Step-by-step guides to getting better results from AI assistants, coding tools and prompts.",
};

const crumbsFor = (slug: string | undefined): Breadcrumb[] => [
  { label: "Home", href: "/" },
  { label: "Blog", href: "/blog" },
  slug ? { label: blogCategoryName(slug) ?? slug, href: `/blog/category/${slug}` } : { label: "Categories", href: "/blog/category" },
];

export const handle = {
  cache: "shared-with-personal-parts",
  // A page to read: sent without React's client (decision 049).
  hydrate: false as const,
  crumbs: (data: unknown) => crumbsFor((data as { slug?: string } | undefined)?.slug),
} satisfies RouteHandle;

export async function loader({ params, request }: Route.LoaderArgs) {
  const slug = params.slug?.toLowerCase();
  if (slug && !blogCategoryName(slug)) throw notFound("blog-category", params.slug);
  const page = parseBlogFilters(new URL(request.url).searchParams).page;
  const categories = await listBlogCategories();
  const result = slug ? await listPosts({ search: "", category: slug as BlogCategorySlug, tags: [], page }) : null;
  if (result && isPastLastPage(page, result.pageCount)) throw notFound("page");
  return { slug, categories, result };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const name = loaderData?.slug ? blogCategoryName(loaderData.slug) : undefined;
  return pageMeta({
    title: name ? `${name} Articles` : "Blog Categories",
    description: name ? (ABOUT[loaderData!.slug!] ?? `${name} articles.`) : "Every category of the AI tools blog, with how many articles each holds.",
    path: loaderData?.slug ? `/blog/category/${loaderData.slug}` : "/blog/category",
    siteUrl: siteUrlOf(matches),
    // ?page=2 shows the category's first two pages: a view of the category page, not a page of its own.
    noindex: (loaderData?.result?.page ?? 1) > 1,
  });
}

export default function BlogCategoryPage({ loaderData }: Route.ComponentProps) {
  const { slug, categories, result } = loaderData;
  const siteUrl = useSiteUrl();
  const name = slug ? blogCategoryName(slug) : undefined;
  const count = categories.find((category) => category.slug === slug)?.count ?? 0;
  const others = categories.filter((category) => category.slug !== slug);
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      {result && (
        <JsonLd
          data={itemListJsonLd(
            result.posts.slice(0, 10).map((post) => ({ name: post.title, path: `/blog/${post.slug}` })),
            siteUrl,
          )}
        />
      )}
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold sm:text-4xl">{name ? `${name} Articles` : "Blog Categories"}</h1>
        {name && <Badge variant="secondary">{countOf(count, "article")}</Badge>}
      </header>

      <section aria-labelledby="other-categories" className="mt-6">
        <h2 id="other-categories" className="text-sm font-semibold text-muted-foreground">
          {name ? "Other Categories" : "Categories"}
        </h2>
        <ul className="mt-2 flex flex-wrap gap-2">
          {others.map((category) => (
            <li key={category.slug}>
              <a href={`/blog/category/${category.slug}`} className="inline-flex rounded-full border px-3 py-1 text-sm hover:bg-accent">
                {category.name} ({category.count})
              </a>
            </li>
          ))}
        </ul>
      </section>

      {result &&
        (result.posts.length === 0 ? (
          <div className="mt-10 rounded-xl border border-dashed p-10 text-center">
            <h2 className="text-lg font-semibold">No articles found</h2>
            <Button asChild className="mt-4">
              <Link to="/blog">View All Articles</Link>
            </Button>
          </div>
        ) : (
          <>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {result.posts.map((post) => (
                <li key={post.slug}>
                  <PostCard post={post} headingLevel={2} />
                </li>
              ))}
            </ul>
            {result.page < result.pageCount && (
              <div className="mt-8 text-center">
                <Button asChild variant="outline">
                  <Link to={`/blog/category/${slug}?page=${result.page + 1}`} preventScrollReset replace>
                    Load More
                  </Link>
                </Button>
              </div>
            )}
            {slug && ABOUT[slug] && (
              <section aria-labelledby="about-category" className="mt-12 max-w-3xl rounded-xl border bg-muted/30 p-6">
                <h2 id="about-category" className="font-semibold">
                  About {name}
                </h2>
                <p className="mt-2 text-muted-foreground">{ABOUT[slug]}</p>
              </section>
            )}
          </>
        ))}
    </main>
  );
}
