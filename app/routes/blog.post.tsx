import type { RouteHandle } from "~/lib/route-handle";
import { useEffect } from "react";
import { Link } from "react-router";
import { PostCard, PostCover } from "~/components/blog/post-card";
import { formatLongDate } from "~/lib/ui/dates";
import { authorJsonLd } from "~/lib/seo/json-ld";
import { faqJsonLd, FaqSection } from "~/components/faq-section";
import { JsonLd } from "~/components/json-ld";
import { ShareButtons } from "~/components/share-buttons";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import { useSiteUrl } from "~/components/use-site-url";
import { blogCategoryName } from "~/lib/blog/blog-filters";
import { MESSAGES } from "~/lib/messages";
import type { Breadcrumb } from "~/lib/ui/breadcrumbs";
import { postOgImage } from "~/lib/seo/og-image";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { SITE_NAME } from "~/lib/site";
import { canonicalPostSlug, getPost, listPopularPosts, listRelatedPosts, type PostDetail } from "~/models/blog/queries.server";
import { notFound } from "~/utils/not-found.server";
import { canonicalRedirect } from "~/utils/canonical-redirect.server";
import { viewerOf } from "~/utils/guards.server";
import { blogPersonalFor } from "~/models/account/personal.server";
import { formWrite } from "~/utils/write.server";
import { bookmarkWrite } from "~/models/blog/bookmarks.server";
import { BookmarkButtonPart } from "~/components/blog/bookmark-button-part";
import { NewsletterForm } from "~/components/newsletter/newsletter-form";
import type { Route } from "./+types/blog.post";

/** Spec part 2 §9: six keyword topics in the sidebar. */
const SIDEBAR_KEYWORDS = 6;

const crumbsFor = (post: PostDetail["post"]): Breadcrumb[] => [
  { label: "Home", href: "/" },
  { label: "Blog", href: "/blog" },
  { label: blogCategoryName(post.category) ?? "General", href: `/blog/category/${post.category}` },
  { label: post.title, href: `/blog/${post.slug}` },
];

export const handle = {
  cache: "shared-with-personal-parts",
  // A page to read: sent without React's client (decision 049).
  hydrate: false as const,
  crumbs: (loaderData: unknown) => {
    const found = (loaderData as { found?: PostDetail } | undefined)?.found;
    return found ? crumbsFor(found.post) : undefined;
  },
} satisfies RouteHandle;

export async function loader(args: Route.LoaderArgs) {
  const { params } = args;
  const found = await getPost(params.slug);
  if (!found) {
    // 'Midjourney-vs-DALL-E', ' midjourney-vs-dall-e' or 'vs-dall' stand for one article: send the reader to its one address.
    const canonical = await canonicalPostSlug(params.slug);
    if (canonical) throw canonicalRedirect(args.request, `/blog/${canonical}`);
    const popular = await listPopularPosts();
    // Spec part 2 §2.4: three popular articles, their excerpts cut to 100 characters.
    const suggestions = popular.map((post) => ({
      href: `/blog/${post.slug}`,
      title: post.title,
      excerpt: post.excerpt.length > 100 ? `${post.excerpt.slice(0, 99)}…` : post.excerpt,
    }));
    throw notFound("post", params.slug, suggestions);
  }
  // Whether the reader saved the article is their personal data, shown by a personal part (decision 055).
  const viewer = viewerOf(args, { use: "personal-parts" });
  const [related, personal] = await Promise.all([listRelatedPosts(found.post), viewer ? blogPersonalFor(viewer, { list: false, articleSlug: found.post.slug }) : null]);
  // An article without a body yet shows the error block instead, and its HTML is not sent at all.
  const contentError = found.post.hasBody ? null : MESSAGES.contentMissing;
  const ogImage = postOgImage({ ...found.post, categoryName: blogCategoryName(found.post.category) });
  return { found: contentError ? { ...found, post: { ...found.post, html: "", toc: [] } } : found, related, contentError, personal, ogImage };
}

/** Save / Saved, as a plain form post too (signed-out visitors without JavaScript are asked to sign in). */
export function action(args: Route.ActionArgs) {
  return formWrite(args, {
    bookmark: { spec: bookmarkWrite, options: { urlFields: { slug: args.params.slug }, redirect: { when: "without-script", to: () => `/blog/${args.params.slug}` } } },
  });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const post = loaderData?.found.post;
  if (!post) return [];
  const siteUrl = siteUrlOf(matches);
  return [
    ...pageMeta({ title: post.title, description: post.excerpt.slice(0, 160), path: `/blog/${post.slug}`, siteUrl, ogType: "article", image: loaderData.ogImage }),
    { property: "article:published_time", content: post.publishedAt },
    { property: "article:modified_time", content: post.lastReviewedAt },
    { name: "keywords", content: post.keywords.join(", ") },
  ];
}

function articleJsonLd({ post, author }: PostDetail, siteUrl: string, imagePath: string) {
  const url = new URL(`/blog/${post.slug}`, siteUrl).toString();
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    image: new URL(imagePath, siteUrl).toString(),
    datePublished: post.publishedAt,
    dateModified: post.lastReviewedAt,
    author: authorJsonLd(author),
    publisher: { "@type": "Organization", name: SITE_NAME, url: siteUrl },
    mainEntityOfPage: url,
    keywords: post.keywords.join(", "),
    articleSection: blogCategoryName(post.category),
  };
}

function ContentMissing({ title, description }: { title: string; description?: string }) {
  return (
    <div role="alert" data-code="CONTENT_MISSING" className="mt-8 rounded-xl border border-destructive/40 bg-destructive/5 p-5">
      <h2 className="font-semibold text-destructive">{title}</h2>
      <p className="mt-1 text-sm">{description}</p>
    </div>
  );
}

/**
 * Counts the read once the article is on screen (anonymous; the server keeps a daily counter). For an article
 * rendered by React after a navigation; a page loaded from the server is counted by its script (app/enhance/main.ts).
 */
function useReportRead(slug: string) {
  useEffect(() => {
    const timer = setTimeout(() => navigator.sendBeacon?.(`/api/posts/${encodeURIComponent(slug)}/read`), 3000);
    return () => clearTimeout(timer);
  }, [slug]);
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { found, related, contentError } = loaderData;
  const { post, author } = found;
  const siteUrl = useSiteUrl();
  const url = new URL(`/blog/${post.slug}`, siteUrl).toString();
  const categoryName = blogCategoryName(post.category) ?? "General";
  useReportRead(post.slug);
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <JsonLd data={articleJsonLd(found, siteUrl, loaderData.ogImage.path)} />
      {post.faq.length > 0 && <JsonLd data={faqJsonLd(post.faq)} />}
      <Link to="/blog" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <Icon name="arrow-left" className="size-4" /> Back to blog
      </Link>

      <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-10 lg:grid-cols-[minmax(0,1fr)_300px]">
        <article data-read-beacon={`/api/posts/${encodeURIComponent(post.slug)}/read`}>
          <header>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="secondary">{categoryName}</Badge>
              <Badge variant="outline">
                <Icon name="badge-check" className="size-3" /> Professional Review
              </Badge>
            </div>
            <h1 className="mt-3 text-3xl font-bold leading-tight sm:text-4xl">{post.title}</h1>
            <p className="mt-3 text-lg text-muted-foreground">{post.excerpt}</p>
            <p className="mt-4 text-sm text-muted-foreground">
              By <a href="#author">{author.name}</a> · <time dateTime={post.publishedAt}>{formatLongDate(post.publishedAt)}</time> · {post.readMinutes} min read · Last reviewed{" "}
              <time dateTime={post.lastReviewedAt}>{formatLongDate(post.lastReviewedAt)}</time>
            </p>
            <PostCover slug={post.slug} eager className="mt-6 aspect-[1200/630] w-full rounded-xl border object-cover" />
            <div className="mt-6 flex flex-wrap items-start gap-2">
              <BookmarkButtonPart slug={post.slug} title={post.title} />
              <ShareButtons url={url} title={post.title} />
            </div>
          </header>

          {post.toc.length > 0 && (
            <nav aria-labelledby="toc-heading" className="mt-8 rounded-xl border bg-muted/30 p-5">
              <h2 id="toc-heading" className="font-semibold">
                In this article
              </h2>
              <ol className="mt-3 space-y-1 text-sm">
                {post.toc.map((entry) => (
                  <li key={entry.id} className={entry.level === 3 ? "pl-4" : undefined}>
                    <a href={`#${entry.id}`} className="text-primary hover:underline">
                      {entry.text}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          )}

          {!contentError ? (
            // Rendered from Markdown and sanitised with an allow-list at sync (utils/markdown.server.ts).
            <div className="article-body mt-8" dangerouslySetInnerHTML={{ __html: post.html }} />
          ) : (
            <ContentMissing {...contentError} />
          )}

          <section aria-labelledby="topics-heading" className="mt-10">
            <h2 id="topics-heading" className="font-semibold">
              Related topics
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {post.keywords.map((keyword) => (
                <li key={keyword}>
                  <a href={`/blog?search=${encodeURIComponent(keyword)}`} className="inline-flex rounded-full border px-3 py-1 text-sm hover:bg-accent">
                    {keyword}
                  </a>
                </li>
              ))}
            </ul>
          </section>

          <section id="author" aria-labelledby="author-heading" className="mt-10 rounded-xl border p-5">
            <h2 id="author-heading" className="font-semibold">
              About the author: {author.name}
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">{author.bio}</p>
          </section>

          {post.faq.length > 0 && <FaqSection items={post.faq} />}

          <section aria-labelledby="article-newsletter-heading" className="mt-10 rounded-xl border bg-muted/40 p-5">
            <h2 id="article-newsletter-heading" className="font-semibold">
              Get AI Tool Updates &amp; Deals
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">Articles like this one, tools we added or whose listings changed, and current offers.</p>
            <NewsletterForm source="article" className="mt-4" />
          </section>
        </article>

        <aside className="space-y-8" aria-label="About this article">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl border p-5 text-sm">
            <dt className="text-muted-foreground">Category</dt>
            <dd>
              <a href={`/blog/category/${post.category}`} className="hover:underline">
                {categoryName}
              </a>
            </dd>
            <dt className="text-muted-foreground">Read time</dt>
            <dd>{post.readMinutes} min</dd>
            <dt className="text-muted-foreground">Author</dt>
            <dd>{author.name}</dd>
          </dl>
          <section aria-labelledby="keywords-heading">
            <h2 id="keywords-heading" className="font-semibold">
              Topics
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {post.keywords.slice(0, SIDEBAR_KEYWORDS).map((keyword) => (
                <li key={keyword}>
                  <Badge variant="outline">{keyword}</Badge>
                </li>
              ))}
            </ul>
          </section>
          {related.length > 0 && (
            <section aria-labelledby="related-heading">
              <h2 id="related-heading" className="font-semibold">
                Related articles
              </h2>
              <ul className="mt-3 space-y-4">
                {related.map((item) => (
                  <li key={item.slug}>
                    <PostCard post={item} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </aside>
      </div>
    </main>
  );
}
