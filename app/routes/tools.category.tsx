import type { RouteHandle } from "~/lib/route-handle";
import { Link } from "react-router";
import { faqJsonLd, FaqSection } from "~/components/faq-section";
import { JsonLd } from "~/components/json-ld";
import { DirectoryView } from "~/components/tool/directory-view";
import { Button } from "~/components/ui/button";
import { itemListJsonLd } from "~/lib/seo/json-ld";
import { categoryOgImage } from "~/lib/seo/og-image";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { isTeamSort, parseToolFilters, tidyFilterQuery } from "~/lib/tool/tool-filters";
import { teamSizeIsKept } from "~/lib/tool/team-cost";
import { tagPageUntil } from "~/utils/cache.server";
import { countTools, getCategoryBySlug, listCategoriesWithCounts, listRelatedCategories } from "~/models/category/queries.server";
import { getPageCopy } from "~/models/content/page-copy.server";
import { findDirectoryPage } from "~/models/tool/directory-page.server";
import { requestInfoContext } from "~/utils/request-context";
import { inPage, pageText } from "~/utils/page-text.server";
import { InPageSection, InPageText } from "~/components/ui/in-page-text";
import { mapInPage } from "~/lib/ui/page-text";
import { pairVerdictsInCategory } from "~/models/tool/pair-verdicts.server";
import { VerdictPairLinks } from "~/components/comparison/pair-verdict";
import { notFound } from "~/utils/not-found.server";
import { canonicalRedirect } from "~/utils/canonical-redirect.server";
import { canonicalSlug } from "~/models/search/slug-lookup.server";
import { FollowCategoryPart } from "~/components/alerts/follow-category-part";
import { followWrite } from "~/models/alerts/writes.server";
import { backTo, formWrite } from "~/utils/write.server";
import { useSiteUrl } from "~/components/use-site-url";
import type { Route } from "./+types/tools.category";
import { Icon } from "~/components/ui/icon";
import { CategoryIcon } from "~/components/category-icon";
import { categoryTools, countCategoryTools, countOf } from "~/lib/ui/plural";

export const handle = {
  cache: "shared-with-personal-parts",
  breadcrumb: (data: unknown) => (data as { category?: { name: string } } | undefined)?.category?.name,
} satisfies RouteHandle;

/** The FAQ copy's '{category} tools', '{category} tool' and '{category}', in words that fit the name. */
const fillCategory = (text: string, name: string) =>
  text.replaceAll("{category} tools", categoryTools(name, 2)).replaceAll("{category} tool", categoryTools(name, 1)).replaceAll("{category}", name);

export async function loader(args: Route.LoaderArgs) {
  const { request, params } = args;
  const category = await getCategoryBySlug(params.slug);
  if (!category) {
    // '/tools/category/SEO-Tools' is that category's page under another spelling (decision 047).
    const canonical = await canonicalSlug("category", params.slug);
    if (canonical) throw canonicalRedirect(request, `/tools/category/${canonical}`);
    throw notFound("category", params.slug);
  }
  const url = new URL(request.url);
  const filters = parseToolFilters(url.searchParams, category.slug);
  const tidyQuery = tidyFilterQuery(url.searchParams, filters, { omitCategory: true });
  if (tidyQuery !== null) throw canonicalRedirect(request, url.pathname, tidyQuery);
  // A team-cost sort for a size the page cache does not keep is rendered for its request (decision 086).
  if (isTeamSort(filters.sort) && !teamSizeIsKept(url.searchParams)) tagPageUntil(Date.now());
  // Whether the reader follows the category is their personal data (the follow button is a personal part, decision 055).
  const [result, categories, total, related, verdictPairs] = await Promise.all([
    findDirectoryPage(filters, { document: args.context.get(requestInfoContext).document }),
    listCategoriesWithCounts(),
    countTools(),
    listRelatedCategories(category.slug),
    pairVerdictsInCategory(category.slug),
  ]);
  if (!result) throw notFound("page");
  const faqs = getPageCopy().faqs.category.map((item) => ({
    question: fillCategory(item.question, category.name),
    answer: fillCategory(item.answer, category.name),
  }));
  const count = categories.find((c) => c.slug === category.slug)?.toolCount ?? 0;
  // The category's texts are in the page's HTML only (issue 43); its meta description is made here from the first.
  const { description, guide, contentHash: _hash, updatedAt: _updated, sortOrder: _order, ...shown } = category;
  return {
    category: { ...shown, description: pageText(args.context, description), guide: guide ? pageText(args.context, guide) : null },
    metaDescription: `${countCategoryTools(count, category.name)} compared: ${description}`.slice(0, 160),
    count,
    result,
    // The chips' and filters' categories; the sidebar's list, with icons, is in the page's HTML only (issue 43).
    categories: categories.map(({ slug, name, toolCount }) => ({ slug, name, toolCount })),
    sidebarCategories: inPage(args.context, categories),
    total,
    related,
    faqs: inPage(args.context, faqs),
    page: filters.page,
    ogImage: categoryOgImage(category, count),
    // Links with no script of their own: in the page's HTML only (issue 43).
    verdictPairs: verdictPairs.length > 0 ? inPage(args.context, verdictPairs) : null,
  };
}

/** Follow / Unfollow (decision 035), as a plain form post too: back to the page without JavaScript. */
export const action = (args: Route.ActionArgs) =>
  formWrite(args, {
    follow: { spec: followWrite, options: { redirect: { when: "without-script", to: backTo(args.request) }, urlFields: { categorySlug: args.params.slug } } },
  });

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const siteUrl = siteUrlOf(matches);
  const { category, page } = loaderData;
  return pageMeta({
    title: `Best AI ${categoryTools(category.name, 2, { title: true })}${page > 1 ? `, page ${page}` : ""}`,
    description: loaderData.metaDescription,
    path: `/tools/category/${category.slug}${page > 1 ? `?page=${page}` : ""}`,
    siteUrl,
    image: loaderData.ogImage,
  });
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, count, result, categories, sidebarCategories, total, related, faqs, verdictPairs } = loaderData;
  const siteUrl = useSiteUrl();
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <JsonLd
        data={itemListJsonLd(
          result.tools.map((tool) => ({ name: tool.name, path: `/tools/${tool.slug}` })),
          siteUrl,
        )}
      />
      <JsonLd data={mapInPage(faqs, faqJsonLd)} />
      <div className="flex items-start gap-4">
        <CategoryIcon icon={category.icon} color={category.color} className="mt-1 size-10 rounded-xl sm:size-12" iconClassName="size-6" />
        <div>
          <h1 className="text-3xl font-bold sm:text-4xl">{categoryTools(category.name, 2, { title: true })}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{countOf(count, "tool")}</p>
          <InPageText className="mt-3 max-w-3xl text-muted-foreground" text={category.description} />
          <div className="mt-4">
            <FollowCategoryPart categorySlug={category.slug} />
          </div>
        </div>
      </div>
      {related.length > 0 && (
        <nav aria-label="Related categories" className="mt-5">
          <p className="text-sm font-semibold">Related categories</p>
          <ul className="-mx-4 mt-2 flex gap-2 overflow-x-auto px-4 pb-1 whitespace-nowrap sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0">
            {related.map((other) => (
              <li key={other.slug}>
                <Link to={`/tools/category/${other.slug}`} className="inline-flex items-center gap-2 rounded-full border py-1 pr-3 pl-1 text-sm hover:bg-accent">
                  <CategoryIcon icon={other.icon} color={other.color} className="size-6 rounded-full" iconClassName="size-3.5" />
                  {other.name} ({countOf(other.toolCount, "tool")})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <DirectoryView
        result={result}
        categories={categories}
        sidebarCategories={sidebarCategories}
        total={total}
        currentCategory={category.slug}
        searchLabel={`Search ${categoryTools(category.name)}`}
      />

      {category.guide && (
        <section className="mt-14 max-w-3xl" aria-labelledby="category-guide">
          <h2 id="category-guide" className="text-2xl font-bold">
            What to look for in {category.name}
          </h2>
          <InPageText className="mt-3 leading-relaxed text-muted-foreground" text={category.guide} />
        </section>
      )}

      {verdictPairs && (
        <InPageSection value={verdictPairs} className="mt-14 max-w-3xl">
          {(pairs) => <VerdictPairLinks id="category-verdicts" heading="Head-to-head comparisons, with our verdict" pairs={pairs} />}
        </InPageSection>
      )}

      <section className="mt-14 rounded-2xl border bg-secondary/50 p-6 sm:p-8" aria-labelledby="cant-find">
        <h2 id="cant-find" className="text-2xl font-bold">
          Can't Find the Perfect {categoryTools(category.name, 1, { title: true })}?
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Submit a tool we are missing and an editor will review it, or put a few candidates side by side to see where they differ.
        </p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/submit">
              <Icon name="mail" /> Suggest a tool
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/tools/comparison">
              <Icon name="chart-column" /> Compare tools
            </Link>
          </Button>
          {category.slug === "seo-tools" && (
            <Button asChild variant="outline">
              <Link to="/tools/seo-comparison">
                <Icon name="search" /> Compare SEO Tools
              </Link>
            </Button>
          )}
          <Button asChild variant="ghost">
            <Link to="/blog/category/ai-tools">
              <Icon name="book-open" /> Read Reviews <Icon name="arrow-right" />
            </Link>
          </Button>
        </div>
      </section>
      <FaqSection items={faqs} title={`${categoryTools(category.name)}: questions and answers`} />
    </main>
  );
}
