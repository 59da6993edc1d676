import type { RouteHandle } from "~/lib/route-handle";
import { Link } from "react-router";
import { hydrateLater } from "~/components/ui/hydrate-later";
import { DirectoryResultsPart } from "~/components/tool/directory-results-part";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { isTeamSort, parseToolFilters, tidyFilterQuery } from "~/lib/tool/tool-filters";
import { teamSizeIsKept } from "~/lib/tool/team-cost";
import { tagPageUntil } from "~/utils/cache.server";
import { canonicalRedirect } from "~/utils/canonical-redirect.server";
import { countTools, listCategoriesWithCounts } from "~/models/category/queries.server";
import { getPageCopy } from "~/models/content/page-copy.server";
import { findDirectoryPage } from "~/models/tool/directory-page.server";
import { requestInfoContext } from "~/utils/request-context";
import type { Route } from "./+types/tools";
import { notFound } from "~/utils/not-found.server";
import { inPage } from "~/utils/page-text.server";
import { InPageSection } from "~/components/ui/in-page-text";
import { DIRECTORY_INTRO } from "~/lib/words/directory-intro";

export const handle = { cache: "shared-with-personal-parts" } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = parseToolFilters(url.searchParams);
  const tidyQuery = tidyFilterQuery(url.searchParams, filters);
  if (tidyQuery !== null) throw canonicalRedirect(request, url.pathname, tidyQuery);
  // A team-cost sort for a size the page cache does not keep is rendered for its request (decision 086).
  if (isTeamSort(filters.sort) && !teamSizeIsKept(url.searchParams)) tagPageUntil(Date.now());
  const { document, notes } = context.get(requestInfoContext);
  // The kept shell of directory pages (decision 074): its tools are a part, rendered for each address it serves.
  const shell = Boolean(notes?.shell);
  // The catalogue's size is counted on its own: category counts overlap (secondary categories, issue 29).
  const [result, categories, total] = await Promise.all([shell ? null : findDirectoryPage(filters, { document }), listCategoriesWithCounts(), countTools()]);
  if (!shell && !result) throw notFound("page");
  return {
    result,
    // The chips' and filters' categories; the sidebar's list, with icons, is in the page's HTML only (issue 43).
    categories: categories.map(({ slug, name, toolCount }) => ({ slug, name, toolCount })),
    sidebarCategories: inPage(context, categories),
    total,
    faqs: inPage(context, getPageCopy().faqs.tools),
    // Its words in the page's HTML, not in its script (decision 088).
    intro: inPage(context, DIRECTORY_INTRO),
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
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold sm:text-4xl">AI Tools Directory</h1>
      <InPageSection value={loaderData.intro} className="mt-3 max-w-3xl text-muted-foreground">
        {(intro) => (
          <p>
            {intro.before}
            <Link to="/how-we-review" className="underline underline-offset-4">
              {intro.link}
            </Link>
            {intro.after}
          </p>
        )}
      </InPageSection>
      <DirectoryResultsPart searchLabel="Search AI tools" />
      <DirectoryMore faqs={loaderData.faqs} />
    </main>
  );
}
