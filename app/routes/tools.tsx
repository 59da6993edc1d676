import type { RouteHandle } from "~/lib/route-handle";
import { Link } from "react-router";
import { hydrateLater } from "~/components/ui/hydrate-later";
import { DirectoryView } from "~/components/tool/directory-view";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { parseToolFilters, tidyFilterQuery, TOOLS_PAGE_SIZE } from "~/lib/tool/tool-filters";
import { canonicalRedirect } from "~/utils/canonical-redirect.server";
import { countTools, listCategoriesWithCounts } from "~/models/category/queries.server";
import { getPageCopy } from "~/models/content/page-copy.server";
import { searchTools } from "~/models/tool/search.server";
import { cardShown } from "~/models/tool/queries.server";
import type { Route } from "./+types/tools";
import { notFound } from "~/utils/not-found.server";
import { inPage, withPageText } from "~/utils/page-text.server";

export const handle = { cache: "shared-with-personal-parts" } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = parseToolFilters(url.searchParams);
  const tidyQuery = tidyFilterQuery(url.searchParams, filters);
  if (tidyQuery !== null) throw canonicalRedirect(request, url.pathname, tidyQuery);
  // The catalogue's size is counted on its own: category counts overlap (secondary categories, issue 29).
  const [result, categories, total] = await Promise.all([searchTools(filters, TOOLS_PAGE_SIZE, { withTasks: true }), listCategoriesWithCounts(), countTools()]);
  // Past the last page (an empty page after the first: a capped count has no exact page count): not a page.
  if (filters.page > 1 && result.tools.length === 0) throw notFound("page");
  // The cards' descriptions are in the page's HTML; its loader data need not carry them again (issue 43).
  return {
    result: { ...result, tools: withPageText(context, result.tools.map(cardShown), "description") },
    categories,
    total,
    faqs: inPage(context, getPageCopy().faqs.tools),
    page: filters.page,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const total = loaderData?.total;
  return pageMeta({
    title: loaderData && loaderData.page > 1 ? `AI Tools Directory, page ${loaderData.page}` : "AI Tools Directory",
    description: `Search and filter ${total ?? ""} AI tools by category, rating, pricing and free trial. Honest descriptions, real pricing, updated regularly.`,
    path: loaderData && loaderData.page > 1 ? `/tools?page=${loaderData.page}` : "/tools",
    siteUrl: siteUrlOf(matches),
  });
}

/**
 * The related pages, the FAQ and the page's structured data: below the tools, out of the first load, hydrated after
 * the page (decision 056; 133.1 to 132.4 KB gzip).
 */
const DirectoryMore = hydrateLater(() => import("~/components/tool/directory-more").then((module) => module.default));

export default function ToolsPage({ loaderData }: Route.ComponentProps) {
  const { result, categories, total, faqs } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold sm:text-4xl">AI Tools Directory</h1>
      <p className="mt-3 max-w-3xl text-muted-foreground">
        Every tool here has an honest description and its real pricing from the vendor's published plans; the ones we have reviewed in depth also carry our rating (
        <Link to="/how-we-review" className="underline underline-offset-4">
          how we review
        </Link>
        ). Search by name or use, narrow by category, rating, pricing or free trial, and compare the ones that fit.
      </p>
      <DirectoryView result={result} categories={categories} total={total} searchLabel="Search AI tools" />
      <DirectoryMore tools={result.tools} faqs={faqs} />
    </main>
  );
}
