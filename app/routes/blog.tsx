import type { RouteHandle } from "~/lib/route-handle";
import { Form, isRouteErrorResponse, Link } from "react-router";
import { PostCard, type PostCardData } from "~/components/blog/post-card";
import { JsonLd } from "~/components/json-ld";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input, Label } from "~/components/ui/input";
import { useSiteUrl } from "~/components/use-site-url";
import { blogCategoryName, blogHref, isUnfiltered, parseBlogFilters, type BlogFilters } from "~/lib/blog/blog-filters";
import { itemListJsonLd } from "~/lib/seo/json-ld";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { listBlogCategories, listPopularPosts, listPopularTags, listPosts } from "~/models/blog/queries.server";
import { viewerOf } from "~/utils/guards.server";
import { blogPersonalFor } from "~/models/account/personal.server";
import { SavedArticlesPart } from "~/components/blog/saved-articles-part";
import { NewsletterForm } from "~/components/newsletter/newsletter-form";
import type { Route } from "./+types/blog";
import { countOf } from "~/lib/ui/plural";
import { isPastLastPage } from "~/lib/ui/paging";
import { notFound } from "~/utils/not-found.server";

/** A page to read: sent without React's client (decision 049). */
export const handle = { cache: "shared-with-personal-parts", hydrate: false as const } satisfies RouteHandle;

export async function loader(args: Route.LoaderArgs) {
  const filters = parseBlogFilters(new URL(args.request.url).searchParams);
  // The reader's saved articles are their personal data, shown by a personal part (decision 055).
  const viewer = viewerOf(args, { use: "personal-parts" });
  const [result, categories, tags, popular, personal] = await Promise.all([
    listPosts(filters),
    listBlogCategories(),
    listPopularTags(),
    listPopularPosts(),
    viewer ? blogPersonalFor(viewer, { list: true }) : null,
  ]);
  if (isPastLastPage(filters.page, result.pageCount)) throw notFound("page");
  return { filters, result, categories, tags, popular, personal };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const filtered = loaderData && !isUnfiltered(loaderData.filters);
  return pageMeta({
    title: "AI Tools Blog: Guides, Comparisons and Tutorials",
    description: "Practical guides to choosing and using AI tools: honest comparisons, tutorials and plans for marketers, creators, developers and students.",
    path: "/blog",
    siteUrl: siteUrlOf(matches),
    // A filtered or searched list, or more of it loaded (?page=2 shows the first two pages), is a view of /blog, not a page of its own.
    noindex: Boolean(filtered) || (loaderData?.filters.page ?? 1) > 1,
  });
}

/** Tags read as words: 'image-generation' is 'image generation'. */
const tagLabel = (tag: string) => tag.replace(/-/g, " ");

type SidebarProps = {
  filters: BlogFilters;
  categories: { slug: string; name: string; count: number }[];
  tags: { tag: string; uses: number }[];
  popular: PostCardData[];
};

function Sidebar({ filters, categories, tags, popular }: SidebarProps) {
  return (
    <aside className="flex flex-col gap-8" aria-label="Blog filters and more">
      <section aria-labelledby="blog-search-heading">
        <h2 id="blog-search-heading" className="font-semibold">
          Search articles
        </h2>
        <Form method="get" action="/blog" className="mt-3 flex gap-2" role="search" aria-label="Search articles">
          <Label htmlFor="blog-search" className="sr-only">
            Search articles
          </Label>
          <Input id="blog-search" name="search" type="search" defaultValue={filters.search} placeholder="Search articles…" maxLength={100} />
          {filters.category && <input type="hidden" name="category" value={filters.category} />}
          {filters.tags.length > 0 && <input type="hidden" name="tags" value={filters.tags.join(",")} />}
          <Button type="submit" aria-label="Search">
            <Icon name="search" />
          </Button>
        </Form>
      </section>

      <section aria-labelledby="blog-tags-heading">
        <h2 id="blog-tags-heading" className="font-semibold">
          Popular tags
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {tags.map(({ tag, uses }) => {
            const active = filters.tags.includes(tag);
            const next = active ? filters.tags.filter((t) => t !== tag) : [...filters.tags, tag];
            return (
              <li key={tag}>
                <Link
                  to={blogHref(filters, { tags: next })}
                  preventScrollReset
                  className={`inline-flex rounded-full border px-3 py-1 text-sm ${active ? "border-primary bg-primary text-primary-foreground" : "hover:bg-accent"}`}
                >
                  {tagLabel(tag)} <span className="ml-1 opacity-70">({uses})</span>
                  {active && <span className="sr-only"> (selected, select to remove)</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="blog-categories-heading">
        <h2 id="blog-categories-heading" className="font-semibold">
          Categories
        </h2>
        <ul className="mt-3 space-y-1">
          {categories.map((category) => (
            <li key={category.slug}>
              <a href={`/blog/category/${category.slug}`} className="flex justify-between rounded-md px-2 py-1.5 text-sm hover:bg-accent">
                <span>{category.name}</span>
                <span className="text-muted-foreground">{category.count}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="blog-popular-heading">
        <h2 id="blog-popular-heading" className="font-semibold">
          Popular articles
        </h2>
        <ol className="mt-3 space-y-3">
          {popular.map((post) => (
            <li key={post.slug}>
              <a href={`/blog/${post.slug}`} className="text-sm font-medium hover:underline">
                {post.title}
              </a>
              <p className="text-xs text-muted-foreground">{post.readMinutes} min read</p>
            </li>
          ))}
        </ol>
      </section>

      <SavedArticlesPart />

      <section aria-labelledby="blog-newsletter-heading" className="rounded-xl border p-4">
        <h2 id="blog-newsletter-heading" className="font-semibold">
          Get new articles by email
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Our newest guides and comparisons, with the other news of the site.</p>
        <NewsletterForm source="blog" stacked className="mt-3" />
      </section>

      <section aria-labelledby="blog-trust-heading" className="rounded-xl border bg-muted/40 p-4 text-sm">
        <h2 id="blog-trust-heading" className="font-semibold">
          How we write
        </h2>
        <p className="mt-2 text-muted-foreground">
          Every article is written by our editors, names the date it was last reviewed, and never quotes a price, rating or user count we could not check. Links to tools go to our
          own reviews first.
        </p>
      </section>
    </aside>
  );
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { filters, result, categories, tags, popular } = loaderData;
  const siteUrl = useSiteUrl();
  const unfiltered = isUnfiltered(filters);
  const [featured, ...rest] = result.posts;
  const showFeatured = unfiltered && featured !== undefined;
  const grid = showFeatured ? rest : result.posts;
  const chips = [
    ...(filters.search ? [{ label: `Search: ${filters.search}`, href: blogHref(filters, { search: "" }) }] : []),
    ...(filters.category ? [{ label: blogCategoryName(filters.category) ?? filters.category, href: blogHref(filters, { category: null }) }] : []),
    ...filters.tags.map((tag) => ({ label: tagLabel(tag), href: blogHref(filters, { tags: filters.tags.filter((t) => t !== tag) }) })),
  ];
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <JsonLd
        data={itemListJsonLd(
          result.posts.slice(0, 10).map((post) => ({ name: post.title, path: `/blog/${post.slug}` })),
          siteUrl,
        )}
      />
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold sm:text-4xl">AI Tools Blog</h1>
        <p className="mt-3 text-muted-foreground">Guides, comparisons and tutorials for choosing and using AI tools well, written by our editors and dated when last reviewed.</p>
      </header>

      <div className="mt-8 grid grid-cols-[minmax(0,1fr)] gap-10 lg:grid-cols-[minmax(0,1fr)_300px]">
        <div>
          {chips.length > 0 && (
            <div className="mb-6 flex flex-wrap items-center gap-2" role="group" aria-label="Active filters">
              {chips.map((chip) => (
                <Link key={chip.label} to={chip.href} preventScrollReset className="inline-flex items-center gap-1 rounded-full border bg-accent px-3 py-1 text-sm">
                  {chip.label} <Icon name="x" className="size-3" aria-hidden="true" />
                  <span className="sr-only">(remove)</span>
                </Link>
              ))}
              <Link to="/blog" className="text-sm font-medium text-primary hover:underline">
                Clear all
              </Link>
            </div>
          )}
          {result.correctedSearch && (
            <p className="mb-4 text-sm text-muted-foreground">
              Showing results for <strong>{result.correctedSearch}</strong>.
            </p>
          )}
          <p className="mb-4 text-sm text-muted-foreground" aria-live="polite">
            {countOf(result.total, "article")}
          </p>

          {result.posts.length === 0 ? (
            <div className="rounded-xl border border-dashed p-10 text-center">
              <h2 className="text-lg font-semibold">No articles found</h2>
              <p className="mt-2 text-muted-foreground">Try another search or fewer filters.</p>
              <Button asChild className="mt-4">
                <Link to="/blog">View all articles</Link>
              </Button>
            </div>
          ) : (
            <>
              {showFeatured && (
                <section aria-labelledby="featured-heading" className="mb-8">
                  <h2 id="featured-heading" className="sr-only">
                    Featured article
                  </h2>
                  <PostCard post={featured} featured />
                </section>
              )}
              <h2 className="sr-only">Articles</h2>
              <ul className="grid gap-6 sm:grid-cols-2" data-post-grid="">
                {grid.map((post) => (
                  <li key={post.slug}>
                    <PostCard post={post} />
                  </li>
                ))}
              </ul>
              {result.page < result.pageCount && (
                <div className="mt-8 text-center" data-load-more="">
                  <Button asChild variant="outline">
                    <Link to={blogHref(filters, { page: result.page + 1 })} preventScrollReset replace>
                      Load More
                    </Link>
                  </Button>
                </div>
              )}
            </>
          )}
        </div>
        <Sidebar filters={filters} categories={categories} tags={tags} popular={popular} />
      </div>
    </main>
  );
}

/** Spec part 2 §2.2: a list that failed to load says so and offers a refresh; a 404 or 503 goes to the site's screens. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 503)) throw error;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">Unable to load articles</h1>
      <p className="mt-3 text-muted-foreground">Something went wrong while loading the blog. Please try again in a moment.</p>
      <Button asChild className="mt-6">
        <a href="/blog">
          <Icon name="refresh-cw" /> Refresh Page
        </a>
      </Button>
    </main>
  );
}
