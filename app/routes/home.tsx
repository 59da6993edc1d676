import type { RouteHandle } from "~/lib/route-handle";
import { Link } from "react-router";
import { faqJsonLd, FaqSection } from "~/components/faq-section";
import { JsonLd } from "~/components/json-ld";
import { organizationJsonLd } from "~/components/static-page";
import { MobileHomeBar } from "~/components/layout/mobile-home-bar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { homeOgImage } from "~/lib/seo/og-image";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { SITE_NAME } from "~/lib/site";
import { listCategoriesWithCounts } from "~/models/category/queries.server";
import { getPageCopy } from "~/models/content/page-copy.server";
import { cardShown, getCatalogueOpenedOn, getCatalogueStats, getWritingComparison, listFeaturedTools, listRecentlyAddedTools } from "~/models/tool/queries.server";
import { listFeaturedDeals, listPartnerPrograms } from "~/models/deal/queries.server";
import { withLinkNotices } from "~/models/link-health/queries.server";
import { AdSlot } from "~/components/ad-slot";
import { hydrateLater } from "~/components/ui/hydrate-later";
import { InPageSection } from "~/components/ui/in-page-text";
import { mapInPage } from "~/lib/ui/page-text";
import { listLatestPosts } from "~/models/blog/queries.server";
import { PostCard } from "~/components/blog/post-card";
import { useSiteUrl } from "~/components/use-site-url";
import { getEnv } from "~/utils/env.server";
import { inPage } from "~/utils/page-text.server";
import { cardOnPage } from "~/lib/tool/card-on-page";
import { requestInfoContext } from "~/utils/request-context";
import { NewsletterForm } from "~/components/newsletter/newsletter-form";
import { countActiveSubscribers } from "~/models/newsletter/subscriptions.server";
import type { Route } from "./+types/home";
import { Icon, type IconName } from "~/components/ui/icon";
import { countOf, pluralise } from "~/lib/ui/plural";
import { CategoryIcon } from "~/components/category-icon";
import { FeaturedCarousel } from "~/components/home/featured-carousel";
import { ToolCard } from "~/components/tool/tool-card";
import { formatNumber } from "~/lib/ui/numbers";

export const handle = { cache: "shared-with-personal-parts" } satisfies RouteHandle;

/** Partner programs, deals and the writing tools table: below the fold, out of the first load (decision 056). */
const HomeMarketing = hydrateLater(() => import("~/components/home/marketing-sections").then((module) => module.default));

export async function loader({ context }: Route.LoaderArgs) {
  const requestInfo = context.get(requestInfoContext);
  const [featured, recentlyAdded, categories, stats, latestPosts, writingComparison, subscribers, openedOn] = await Promise.all([
    listFeaturedTools(),
    listRecentlyAddedTools(),
    listCategoriesWithCounts(),
    getCatalogueStats(),
    listLatestPosts(),
    getWritingComparison(),
    countActiveSubscribers(),
    getCatalogueOpenedOn(),
  ]);
  const deals = await withLinkNotices("deal", await listFeaturedDeals());
  const copy = getPageCopy();
  return {
    // What the cards show is in the page's HTML; its loader data need not carry it again (issue 43).
    featured: featured.map((card) => cardOnPage(cardShown(card), requestInfo)),
    recentlyAdded: recentlyAdded.map((card) => cardOnPage(cardShown(card), requestInfo)),
    // Sections of links and text with no script of their own are in the page's HTML only (issue 43).
    categories: inPage(context, categories),
    categoryCounts: { all: categories.length, withTools: categories.filter((category) => category.toolCount > 0).length },
    stats,
    latestPosts: inPage(context, latestPosts),
    faqs: inPage(context, copy.faqs.home),
    testimonials: inPage(context, copy.testimonials),
    programs: inPage(context, listPartnerPrograms()),
    deals,
    writingComparison: { ...writingComparison, rows: inPage(context, writingComparison.rows) },
    subscribers,
    // Built here, not in meta, so the card code stays out of the page's JavaScript.
    ogImage: homeOgImage({ tools: stats.tools, categories: categories.length }),
    organization: inPage(context, organizationJsonLd(getEnv().SITE_URL, { foundingDate: openedOn })),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta({
    title: `${SITE_NAME}: independent AI tool reviews`,
    description: `Compare ${loaderData?.stats.tools ?? "dozens of"} AI tools for writing, SEO, images, video, code and more. Honest reviews, real pricing and side-by-side comparisons.`,
    path: "/",
    siteUrl: siteUrlOf(matches),
    isHome: true,
    image: loaderData?.ogImage,
  });
}

/** Below this, a count of readers says nothing worth saying (and the spec's invented "50,000+" is never shown). */
const SUBSCRIBER_COUNT_SHOWN_FROM = 100;

const BENEFITS: { icon: IconName; title: string; text: string }[] = [
  { icon: "shield-check", title: "Independent", text: "No vendor pays for a rating or a place in a list. Affiliate links are disclosed and never change a score." },
  { icon: "badge-check", title: "Honest descriptions", text: "Every entry says what a tool does, who it suits and at least one real limitation." },
  {
    icon: "wallet",
    title: "Real pricing",
    text: "Starting prices and free plans from each vendor's published pricing, with the day we added them and whether they have been confirmed since.",
  },
  { icon: "scale", title: "Side-by-side comparison", text: "Put up to four tools next to each other and see which features each one has." },
  { icon: "layers", title: "Filters that work", text: "Search by name or use, then narrow by category, rating, pricing and free trial." },
  {
    icon: "calendar-check",
    title: "Dated and maintained",
    text: "Each tool page says where its prices came from and when, if ever, an editor last confirmed them on the vendor's page.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, recentlyAdded, categories, categoryCounts, stats, latestPosts, faqs, testimonials, programs, deals, writingComparison, subscribers, organization } = loaderData;
  const siteUrl = useSiteUrl();
  const figures = [
    { value: String(stats.tools), label: "AI tools listed" },
    { value: String(categoryCounts.withTools), label: "categories" },
    { value: String(stats.inDepthReviews), label: "in-depth reviews" },
    // The average of our ratings, which exist only with an in-depth review: its basis is said beside it.
    ...(stats.averageRating === null ? [] : [{ value: `${stats.averageRating.toFixed(1)}/5`, label: `average rating of our ${pluralise(stats.ratedTools, "review")}` }]),
  ];
  return (
    <main id="main">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "WebSite",
          name: SITE_NAME,
          url: siteUrl,
          potentialAction: { "@type": "SearchAction", target: `${siteUrl}/search?q={search_term_string}`, "query-input": "required name=search_term_string" },
        }}
      />
      <JsonLd data={organization} />
      <JsonLd data={mapInPage(faqs, faqJsonLd)} />
      <section className="border-b bg-gradient-to-b from-secondary/60 to-background">
        <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:py-24">
          <Badge variant="secondary">Independent · not affiliated with any vendor</Badge>
          <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">Find the right AI tool, without the hype</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">
            {stats.tools} AI tools across {categoryCounts.all} categories, each with an honest description, real pricing and where it came from.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link to="/tools">
                Explore AI Tools Now <Icon name="arrow-right" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/blog">
                <Icon name="book-open" /> Read Our Blog
              </Link>
            </Button>
          </div>
          <dl className="mx-auto mt-12 grid max-w-3xl grid-cols-2 gap-6 sm:grid-cols-4">
            {figures.map((figure) => (
              <div key={figure.label} className="flex flex-col">
                <dt className="text-sm text-muted-foreground">{figure.label}</dt>
                <dd className="order-first text-3xl font-bold">{figure.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 py-14">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="featured-heading" className="text-2xl font-bold">
            Featured AI tools
          </h2>
          <Link to="/tools?featured=true" className="text-sm font-medium text-primary hover:underline">
            See all featured
          </Link>
        </div>
        <FeaturedCarousel tools={featured} />
      </section>

      <section aria-labelledby="recently-added-heading" className="mx-auto max-w-7xl px-4 pb-14">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="recently-added-heading" className="text-2xl font-bold">
            Recently added
          </h2>
          <Link to="/tools?sort=newest" className="text-sm font-medium text-primary hover:underline">
            See all recently added
          </Link>
        </div>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="recently-added">
          {recentlyAdded.map((tool) => (
            <li key={tool.slug}>
              <ToolCard tool={tool} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 pb-14">
        <h2 id="categories-heading" className="text-2xl font-bold">
          Browse by category
        </h2>
        <p className="mt-2 text-muted-foreground">
          Or start from the job you want done:{" "}
          <a href="/tasks" className="font-medium text-primary underline underline-offset-4">
            browse tools by task
          </a>
          .
        </p>
        {/* Plain anchors, like the tool cards': 21 links a first view does not need the router for. */}
        <InPageSection as="ul" value={categories} className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {(list) =>
            list.map((category) => (
              <li key={category.slug}>
                <a href={`/tools/category/${category.slug}`} className="category-tile">
                  <CategoryIcon icon={category.icon} color={category.color} />
                  <span className="min-w-0">
                    <span className="block font-medium">{category.name}</span>
                    <span className="text-sm text-muted-foreground">{countOf(category.toolCount, "tool")}</span>
                  </span>
                </a>
              </li>
            ))
          }
        </InPageSection>
      </section>

      <section aria-labelledby="insights-heading" className="mx-auto max-w-7xl px-4 pb-14">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="insights-heading" className="text-2xl font-bold">
            Latest AI Insights
          </h2>
          <Link to="/blog" className="text-sm font-medium text-primary hover:underline">
            View All Articles
          </Link>
        </div>
        <InPageSection as="ul" value={latestPosts} className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {(posts) => (
            <>
              {posts.map((post, index) => (
                <li key={post.slug} className={index === 0 ? "md:col-span-2" : undefined}>
                  <PostCard post={post} keywords={2} />
                </li>
              ))}
              <li>
                <AdSlot
                  title="Compare up to four AI tools side by side"
                  text="Pricing, features and our ratings in one table, free and without an account."
                  href="/tools/comparison"
                  cta="Open the comparison"
                />
              </li>
            </>
          )}
        </InPageSection>
      </section>

      <HomeMarketing programs={programs} toolCount={stats.tools} deals={deals} comparison={writingComparison} />
      <section aria-labelledby="home-newsletter-heading" className="mx-auto max-w-7xl px-4 py-14">
        <div className="rounded-2xl border bg-muted/40 p-6 sm:p-10">
          <h2 id="home-newsletter-heading" className="text-2xl font-bold">
            Get AI Tool Updates &amp; Deals
          </h2>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            {subscribers >= SUBSCRIBER_COUNT_SHOWN_FROM ? `Join ${formatNumber(subscribers)} readers. ` : ""}
            The tools we added or whose listings changed, our newest reviews and articles, and current offers.
          </p>
          <NewsletterForm source="home" className="mt-6 max-w-3xl" />
        </div>
      </section>

      <section aria-labelledby="why-heading" className="border-y bg-muted/40">
        <div className="mx-auto max-w-7xl px-4 py-14">
          <h2 id="why-heading" className="text-2xl font-bold">
            Why Choose {SITE_NAME}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title} className="rounded-xl border bg-card p-5">
                <Icon name={benefit.icon} className="size-6 text-primary" />
                <h3 className="mt-3 font-semibold">{benefit.title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{benefit.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="testimonials-heading" className="mx-auto max-w-7xl px-4 py-14">
        <h2 id="testimonials-heading" className="text-2xl font-bold">
          How people use a directory like this
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">Illustrative examples written by our team, not quotes from real customers.</p>
        <InPageSection as="ul" value={testimonials} className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {(items) =>
            items.map((item) => (
              <li key={item.content} className="flex flex-col rounded-xl border p-5">
                <Icon name="quote" className="size-5 text-primary" />
                <p className="mt-3 flex-1">{item.content}</p>
                <div className="mt-4 flex items-center gap-3">
                  <p className="min-w-0 text-sm font-semibold">{item.role}</p>
                  <Badge variant="outline" className="ml-auto">
                    Sample
                  </Badge>
                </div>
              </li>
            ))
          }
        </InPageSection>
      </section>

      <div className="mx-auto max-w-7xl px-4 pb-14">
        <FaqSection items={faqs} />
      </div>
      <MobileHomeBar />
    </main>
  );
}
