import { blogCategoryName } from "~/lib/blog/blog-filters";
import { cn } from "~/lib/ui/cn";
import { formatLongDate } from "~/lib/ui/dates";

export type PostCardData = {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  publishedAt: string;
  readMinutes: number;
  keywords: string[];
  authorName: string;
};

/** An article's cover: PNG for share cards and browsers without WebP, WebP for our pages (a third of the bytes). */
export const coverUrl = (slug: string, format: "png" | "webp" = "png") => `/images/posts/${slug}.${format}`;

/** The cover as our pages show it: WebP where the browser takes it, else the PNG. Decorative (the title is beside it). */
export function PostCover({ slug, className, eager = false }: { slug: string; className: string; eager?: boolean }) {
  return (
    <picture>
      <source type="image/webp" srcSet={coverUrl(slug, "webp")} />
      <img src={coverUrl(slug)} alt="" width={1200} height={630} loading={eager ? "eager" : "lazy"} fetchPriority={eager ? "high" : undefined} className={className} />
    </picture>
  );
}

/**
 * One article in a list (blog, category, related). Plain anchors, like the tool cards: a list repeats
 * them, and the article page is server-rendered and cached.
 */
export function PostCard({
  post,
  featured = false,
  headingLevel = 3,
  keywords = 0,
}: {
  post: PostCardData;
  featured?: boolean;
  headingLevel?: 2 | 3;
  /** How many of its keywords to show (the home page shows two). */
  keywords?: number;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article data-post-slug={post.slug} className={cn("flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm", featured && "md:flex-row")}>
      <a href={`/blog/${post.slug}`} tabIndex={-1} aria-hidden="true" className={cn("block shrink-0", featured && "md:w-1/2")}>
        {/* The featured card's cover is the blog's largest paint on a phone: fetched first, like an article's. */}
        <PostCover slug={post.slug} eager={featured} className="aspect-[1200/630] w-full object-cover" />
      </a>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold uppercase tracking-wide text-primary">{blogCategoryName(post.category) ?? "General"}</p>
        <Heading className={cn("mt-2 font-semibold leading-snug", featured ? "text-2xl" : "text-lg")}>
          <a href={`/blog/${post.slug}`} className="hover:underline">
            {post.title}
          </a>
        </Heading>
        <p className="mt-2 line-clamp-2 text-sm text-muted-foreground">{post.excerpt}</p>
        {keywords > 0 && (
          <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Topics">
            {post.keywords.slice(0, keywords).map((keyword) => (
              <li key={keyword} className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
                {keyword}
              </li>
            ))}
          </ul>
        )}
        <p className="mt-auto pt-4 text-xs text-muted-foreground">
          {post.authorName} · <time dateTime={post.publishedAt}>{formatLongDate(post.publishedAt)}</time> · {post.readMinutes} min read
        </p>
      </div>
    </article>
  );
}
