import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link } from "react-router";
import { ChangeEntry } from "~/components/changes/change-entry";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { formatLongDate } from "~/lib/ui/dates";
import { isPastLastPage, requestedPage } from "~/lib/ui/paging";
import { countOf } from "~/lib/ui/plural";
import { listCategoriesWithCounts } from "~/models/category/queries.server";
import {
  CHANGE_KIND_OPTIONS,
  CHANGES_PAGE_SIZE,
  changeTool,
  countChanges,
  historyKeptSince,
  listChanges,
  parseChangeFilters,
  type ChangeFilters,
} from "~/models/tool/change-queries.server";
import { FEEDS } from "~/lib/seo/feeds";
import { notFound } from "~/utils/not-found.server";
import type { Route } from "./+types/changes";

/**
 * /changes (issue 27, decision 033): the latest recorded changes to tools' prices, plans and sites across the
 * catalogue, newest first, filtered by category and kind with a GET form (no JavaScript needed), paginated, each
 * row linking to its tool. ?tool=slug is one tool's whole history (the tool page links to it).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const page = requestedPage(params);
  if (page === null) throw notFound("page");
  const [categories, keptSince] = await Promise.all([listCategoriesWithCounts(), historyKeptSince()]);
  const parsed = parseChangeFilters(params, page);
  // An unknown category is ignored, as the directory's filters are; an unknown tool has no history to show.
  const filters: ChangeFilters = { ...parsed, category: categories.some((category) => category.slug === parsed.category) ? parsed.category : null };
  const tool = filters.tool ? await changeTool(filters.tool) : null;
  if (filters.tool && !tool) throw notFound("page");
  const total = await countChanges(filters);
  const pageCount = Math.max(1, Math.ceil(total / CHANGES_PAGE_SIZE));
  if (isPastLastPage(page, pageCount)) throw notFound("page");
  const entries = await listChanges(filters);
  return {
    filters,
    tool,
    entries,
    total,
    pageCount,
    keptSince,
    categories: categories.map(({ slug, name }) => ({ slug, name })),
    kinds: CHANGE_KIND_OPTIONS,
  };
}

export const links: Route.LinksFunction = () => [{ rel: "alternate", type: "application/rss+xml", title: FEEDS.changes.title, href: FEEDS.changes.path }];

export const handle = { cache: "shared-with-personal-parts", breadcrumb: () => "Price changes" } satisfies RouteHandle;

const isFiltered = (filters: ChangeFilters) => Boolean(filters.category || filters.kind || filters.tool);

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const tool = loaderData?.tool;
  return pageMeta({
    title: tool ? `${tool.name} Price History` : "AI Tool Price Changes",
    description: tool
      ? `Every recorded change to ${tool.name}'s plans, prices, free plan, trial, site, data facts and policy pages, dated, newest first.`
      : "The latest recorded changes to AI tools' prices and plans: prices up and down, plans added and removed, free plans dropped, trials, sites, data facts and policy pages, dated.",
    path: "/changes",
    siteUrl: siteUrlOf(matches),
    // A filtered list or a later page is a view of /changes, not a page of its own.
    noindex: Boolean(loaderData && (isFiltered(loaderData.filters) || loaderData.filters.page > 1)),
  });
}

/** The URL of a view of the list, keeping the other filters. */
function hrefFor(filters: ChangeFilters, patch: Partial<ChangeFilters>) {
  const next = { ...filters, ...patch };
  const params = new URLSearchParams();
  if (next.tool) params.set("tool", next.tool);
  if (next.category) params.set("category", next.category);
  if (next.kind) params.set("kind", next.kind);
  if (next.page > 1) params.set("page", String(next.page));
  const query = params.toString();
  return query ? `/changes?${query}` : "/changes";
}

const selectClass = "h-11 w-full rounded-md border border-input bg-background px-3 text-sm sm:w-56";

export default function ChangesPage({ loaderData }: Route.ComponentProps) {
  const { filters, tool, entries, total, pageCount, keptSince, categories, kinds } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold sm:text-4xl">{tool ? `${tool.name} price history` : "Price changes"}</h1>
      <p className="mt-3 max-w-3xl text-muted-foreground">
        Changes to AI tools&apos; prices and plans as we record them: a price going up or down, a plan added or removed, a free plan or trial dropped, a site gone dark or moved to
        another domain, a data or security fact changed, a privacy policy or terms page changed. Each says when it was recorded and by whom
        {keptSince ? (
          <>
            ; the record starts on <time dateTime={keptSince}>{formatLongDate(keptSince)}</time>
          </>
        ) : null}
        .{" "}
        <a href={FEEDS.changes.path} className="font-medium text-primary underline-offset-4 hover:underline">
          Follow them by RSS
        </a>
        .
      </p>

      {tool ? (
        <p className="mt-4">
          <Link to={`/tools/${tool.slug}`} className="font-medium text-primary underline-offset-4 hover:underline">
            Back to {tool.name}
          </Link>
          {" · "}
          <Link to="/changes" className="font-medium text-primary underline-offset-4 hover:underline">
            All tools&apos; changes
          </Link>
        </p>
      ) : (
        <Form method="get" action="/changes" className="mt-6 flex flex-col gap-4 rounded-xl border p-4 sm:flex-row sm:items-end" aria-label="Filter price changes">
          <div className="flex flex-col gap-1">
            <Label htmlFor="changes-category">Category</Label>
            <select id="changes-category" name="category" defaultValue={filters.category ?? ""} className={selectClass}>
              <option value="">All categories</option>
              {categories.map((category) => (
                <option key={category.slug} value={category.slug}>
                  {category.name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="changes-kind">Kind of change</Label>
            <select id="changes-kind" name="kind" defaultValue={filters.kind ?? ""} className={selectClass}>
              <option value="">All kinds</option>
              {kinds.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div className="flex gap-2">
            <Button type="submit" className="h-11">
              Show changes
            </Button>
            {isFiltered(filters) && (
              <Button asChild variant="outline" className="h-11">
                <Link to="/changes">Clear</Link>
              </Button>
            )}
          </div>
        </Form>
      )}

      <section aria-labelledby="changes-heading" className="mt-8">
        <h2 id="changes-heading" className="text-xl font-semibold">
          {countOf(total, "change")} recorded
        </h2>
        {entries.length > 0 ? (
          <ol className="mt-4 divide-y rounded-xl border">
            {entries.map((entry) => (
              <li key={entry.id} className="p-4">
                <ChangeEntry entry={entry} withTool={!tool} />
              </li>
            ))}
          </ol>
        ) : (
          <div className="mt-4 rounded-xl border border-dashed p-8 text-center" data-testid="no-changes">
            <p className="text-lg font-semibold">{isFiltered(filters) ? "No changes match these filters" : "No changes recorded yet"}</p>
            <p className="mt-2 text-muted-foreground">
              {isFiltered(filters)
                ? "Nothing of this kind has been recorded in this category. Try all categories or all kinds."
                : "When a tool's prices, plans or site change, the change appears here with its date."}
            </p>
            {isFiltered(filters) && (
              <Button asChild className="mt-4">
                <Link to="/changes">Show all changes</Link>
              </Button>
            )}
          </div>
        )}
        <Pagination page={filters.page} pageCount={pageCount} hrefFor={({ page }) => hrefFor(filters, { page })} />
      </section>
    </main>
  );
}
