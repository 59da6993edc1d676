import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { TOOLS_PAGE_SIZE } from "~/lib/tool/tool-filters";
import type { ToolSearchResult } from "~/models/tool/search.server";
import type { TaskMatch } from "~/models/task/search.server";
import { ActiveFilterChips, AdvancedFilters, CategoryChips, FilterSidebar, SearchBox, SortSelect, TeamSortBasis } from "./directory-controls";
import type { DirectoryCategories } from "./filter-fields";
import { Pagination } from "~/components/ui/pagination";
import { ToolGrid, type CardOnPage } from "./tool-card";
import { AffiliateNotice } from "~/components/affiliate-notice";
import { useToolFilters } from "./use-tool-filters";
import { Icon } from "~/components/ui/icon";
import { countOf } from "~/lib/ui/plural";
import { shownRange } from "~/lib/ui/paging";
import { formatNumber } from "~/lib/ui/numbers";

export const SKELETON_CARD_COUNT = 6;

/** Above the tools: the task pages the search names (decision 046), as plain links like every link to a task page. */
function TaskLinks({ tasks }: { tasks: TaskMatch[] }) {
  return (
    <section aria-labelledby="matching-tasks" className="mb-4 rounded-xl border border-primary/40 bg-card p-4">
      <h2 id="matching-tasks" className="flex items-center gap-1.5 text-sm font-semibold">
        <Icon name="target" className="size-4 text-muted-foreground" /> {tasks.length === 1 ? "A task page for this search" : "Task pages for this search"}
      </h2>
      <ul className="mt-2 space-y-1.5 text-sm">
        {tasks.map((task) => (
          <li key={task.slug}>
            <a data-task-slug={task.slug} href={`/tasks/${task.slug}`} className="font-medium text-primary underline-offset-4 hover:underline">
              {task.name}
            </a>{" "}
            <span className="text-muted-foreground">({countOf(task.toolCount, "tool")} ranked, with the reason for each)</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One page of the directory's tools, as a page shows it (models/tool/directory-page.server.ts). */
export type DirectoryResult = Omit<ToolSearchResult, "tools"> & { tools: CardOnPage[] };

/** The searchable, filterable tool grid shared by /tools and the category pages. */
export function DirectoryView({
  result,
  categories,
  sidebarCategories,
  total,
  currentCategory,
  searchLabel,
}: DirectoryCategories & {
  result: DirectoryResult;
  /** The catalogue's size ('All'): not the sum of the categories' counts, which overlap (secondary categories). */
  total: number;
  currentCategory?: string;
  searchLabel: string;
}) {
  const { filters, update, hrefFor, loading } = useToolFilters(currentCategory);
  const range = shownRange(result.page, TOOLS_PAGE_SIZE, result.tools.length);
  return (
    <>
      <div className="mt-6">
        <CategoryChips categories={categories} chosen={currentCategory ? [currentCategory] : filters.categories} total={total} />
      </div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchBox filters={filters} update={update} omitCategory={Boolean(currentCategory)} label={searchLabel} />
        <div className="flex flex-wrap items-center gap-2">
          <AdvancedFilters filters={filters} update={update} categories={categories} showCategories={!currentCategory} />
          <SortSelect filters={filters} update={update} omitCategory={Boolean(currentCategory)} />
          <Button asChild variant="secondary">
            <Link to="/tools/comparison">
              <Icon name="chart-column" /> Compare AI Tools
            </Link>
          </Button>
        </div>
      </div>
      <div className="mt-4">
        <ActiveFilterChips filters={filters} hrefFor={hrefFor} categories={categories} showCategories={!currentCategory} priceRangeNote={result.priceRangeNote} />
      </div>
      <div className="mt-6 flex gap-8">
        <FilterSidebar filters={filters} update={update} categories={sidebarCategories} currentCategory={currentCategory} omitCategory={Boolean(currentCategory)} />
        <section aria-label="Tools" aria-busy={loading} className="min-w-0 flex-1">
          {result.tasks.length > 0 && <TaskLinks tasks={result.tasks} />}
          {result.correctedSearch && (
            <p className="mb-2 text-sm">
              No exact matches for “{filters.search}”. Showing results for <strong>“{result.correctedSearch}”</strong>.
            </p>
          )}
          <p className="mb-4 text-sm text-muted-foreground" aria-live="polite">
            {!range
              ? "No matching tools"
              : `Showing ${range.first}-${range.last} of ${result.totalIsCapped ? `${formatNumber(result.total)}+ tools` : countOf(result.total, "tool")}`}
          </p>
          {result.teamSortBasis && <TeamSortBasis filters={filters} basis={result.teamSortBasis} omitCategory={Boolean(currentCategory)} />}
          {result.tools.length === 0 && !loading ? (
            <div className="rounded-xl border border-dashed p-10 text-center">
              <h2 className="text-xl font-semibold">No tools found</h2>
              <p className="mt-2 text-muted-foreground">Try adjusting your search or filters to find what you're looking for.</p>
            </div>
          ) : (
            // Cards below the page's h1 directly: the sidebar's "Categories" h2 is hidden on small screens.
            <ToolGrid tools={result.tools} loading={loading} skeletons={SKELETON_CARD_COUNT} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" headingLevel={2} />
          )}
          <Pagination page={result.page} pageCount={result.pageCount} hrefFor={hrefFor} />
          {result.tools.length > 0 && <AffiliateNotice className="mt-6" />}
        </section>
      </div>
    </>
  );
}
