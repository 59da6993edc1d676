import type { RouteHandle } from "~/lib/route-handle";
import { cardOnPage } from "~/lib/tool/card-on-page";
import { Form, Link } from "react-router";
import { faqJsonLd, FaqSection } from "~/components/faq-section";
import { JsonLd } from "~/components/json-ld";
import { ToolCard } from "~/components/tool/tool-card";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { useSiteUrl } from "~/components/use-site-url";
import { itemListJsonLd } from "~/lib/seo/json-ld";
import { pageMeta, siteUrlOf, truncateAtWord } from "~/lib/seo/seo";
import { taskFaqs } from "~/lib/task/task-faq";
import { ALL_TASK_TOOLS, hasTaskToolFilters, parseTaskToolFilters, TASK_SORTS } from "~/lib/task/task-filters";
import { teamSortBasis } from "~/lib/tool/tool-filters";
import { PRICE_BOUNDS } from "~/lib/tool/tool-filters";
import { formatLongDate } from "~/lib/ui/dates";
import { countOf } from "~/lib/ui/plural";
import { getCurrencyRates } from "~/models/content/currency-rates.server";
import { getTask, listTaskTools } from "~/models/task/queries.server";
import { cardShown } from "~/models/tool/queries.server";
import { notFound } from "~/utils/not-found.server";
import { canonicalRedirect } from "~/utils/canonical-redirect.server";
import { canonicalSlug, nearestByName } from "~/models/search/slug-lookup.server";
import { TeamCostSection } from "~/components/tool/team-cost";
import { DEFAULT_TEAM_SIZE, teamCostView, teamSizeIsKept } from "~/lib/tool/team-cost";
import { tagPageUntil } from "~/utils/cache.server";
import type { Route } from "./+types/tasks.detail";

/** The last crumb (Home > Tasks > the task), which the root layout also writes as the BreadcrumbList. */
export const handle = {
  cache: "shared-with-personal-parts",
  // A page to read: sent without React's client (decision 049).
  hydrate: false as const,
  breadcrumb: (data: unknown) => (data as { task?: { name: string } } | undefined)?.task?.name,
} satisfies RouteHandle;

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * /tasks/{slug} (issue 29): the task, its tools in our order with the reason for each, filtered on the server by a
 * free plan and a monthly price ceiling (a plain GET form), and questions answered from the tools' stored facts.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The task first: an unknown slug asks only for its spelling and near names, uncached, so a junk URL leaves nothing in the data cache.
  const task = await getTask(params.slug);
  if (!task) {
    // Another spelling of a task's slug is a 301 to it; an unknown one gets the nearest task names (decision 047).
    const canonical = await canonicalSlug("task", params.slug);
    if (canonical) throw canonicalRedirect(request, `/tasks/${canonical}`);
    throw notFound("task", params.slug, await nearestByName("task", params.slug));
  }
  const filters = parseTaskToolFilters(url.searchParams);
  const filtered = hasTaskToolFilters(filters);
  const sorted = filters.sort !== "ours";
  const [all, shown] = await Promise.all([listTaskTools(task.slug, ALL_TASK_TOOLS), filtered || sorted ? listTaskTools(task.slug, filters) : null]);
  // The questions are about the task's tools, not the filtered view, so they read the same on every view of the page.
  const faqs = taskFaqs(
    task.name,
    all.map((tool) => tool.facts),
    getCurrencyRates(),
  );
  // A reading page (decision 049) sends no loader data: its cards are carried whole.
  const tools = (shown ?? all).map(({ card, position, reason }) => ({ card: cardOnPage(cardShown(card), { document: false }), position, reason }));
  // What the listed tools would cost a team (issue 47), by the one function; `?team=` sizes outside the usual ones are
  // not kept by the page cache (decision 086).
  if (!teamSizeIsKept(url.searchParams)) tagPageUntil(Date.now());
  const teamCost = teamCostView(
    url,
    (shown ?? all).map(({ facts, card }) => ({ name: facts.name, slug: card.slug, pricing: facts.pricing })),
    getCurrencyRates(),
  );
  // What a team-cost sort orders by (decision 086), said beside the list.
  const sortBasis = sorted ? teamSortBasis(filters.team, getCurrencyRates().asOf) : null;
  return { task, tools, total: all.length, filters, filtered, faqs, teamCost, sortBasis };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { task, filtered } = loaderData;
  return pageMeta({
    title: `AI tools to ${lowerFirst(task.name)}`,
    description: truncateAtWord(task.summary, 160),
    path: `/tasks/${task.slug}`,
    siteUrl: siteUrlOf(matches),
    // A filtered list is a view of the page, which keeps its canonical.
    noindex: filtered || loaderData.sortBasis !== null,
  });
}

export default function TaskPage({ loaderData }: Route.ComponentProps) {
  const { task, tools, total, filters, filtered, faqs, teamCost, sortBasis } = loaderData;
  const siteUrl = useSiteUrl();
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <JsonLd
        data={itemListJsonLd(
          tools.map(({ card }) => ({ name: card.name, path: `/tools/${card.slug}` })),
          siteUrl,
        )}
      />
      <JsonLd data={faqJsonLd(faqs)} />
      <h1 className="text-3xl font-bold sm:text-4xl">{task.name}</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        In{" "}
        <Link to={`/tools/category/${task.categorySlug}`} className="font-medium text-primary underline-offset-4 hover:underline">
          {task.categoryName}
        </Link>{" "}
        · Written by the editorial team on <time dateTime={task.writtenAt}>{formatLongDate(task.writtenAt)}</time>
      </p>
      <p className="mt-4 max-w-3xl leading-relaxed">{task.summary}</p>
      <p className="mt-3 max-w-3xl text-sm text-muted-foreground">Also searched for as: {task.synonyms.join(", ")}.</p>

      <section aria-labelledby="task-tools" className="mt-10">
        <h2 id="task-tools" className="text-2xl font-bold">
          {countOf(total, "tool")} for this task, ranked
        </h2>
        <Form
          method="get"
          action={`/tasks/${task.slug}`}
          className="mt-4 flex flex-wrap items-end gap-x-6 gap-y-3 rounded-xl border bg-secondary/40 p-4"
          aria-label="Filter the tools"
        >
          <div className="flex items-center gap-2 sm:h-10">
            <input id="task-free" type="checkbox" name="free" value="1" defaultChecked={filters.freeOnly} key={`free-${filters.freeOnly}`} className="size-4" />
            <Label htmlFor="task-free">Free plan only</Label>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="task-max-price">Maximum monthly price (US$)</Label>
            <Input
              id="task-max-price"
              name="maxPrice"
              type="number"
              inputMode="numeric"
              min={PRICE_BOUNDS.min}
              max={PRICE_BOUNDS.max}
              step={1}
              defaultValue={filters.maxPrice ?? ""}
              key={`max-${filters.maxPrice}`}
              className="w-36"
              aria-describedby="task-price-note"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="task-sort">Order</Label>
            <select
              id="task-sort"
              name="sort"
              defaultValue={filters.sort}
              key={`sort-${filters.sort}-${filters.team}`}
              className="h-10 rounded-md border border-input bg-background px-3 text-sm"
            >
              {TASK_SORTS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label.replace("team of N", `team of ${filters.team}`)}
                </option>
              ))}
            </select>
          </div>
          {/* The team the cost order and the team-cost section below read (`?team=`), kept when the filters change. */}
          {teamCost.size !== DEFAULT_TEAM_SIZE && <input type="hidden" name="team" value={teamCost.size} />}
          <div className="flex gap-2">
            <Button type="submit" size="sm">
              Apply filters
            </Button>
            {(filtered || sortBasis) && (
              <Button asChild size="sm" variant="ghost">
                <Link to={`/tasks/${task.slug}`}>Clear filters</Link>
              </Button>
            )}
          </div>
          <p id="task-price-note" className="basis-full text-xs text-muted-foreground">
            The price is each tool's cheapest paid plan over its first year, per month. Tools that publish no such price (usage-based or contact sales) stay listed.
          </p>
        </Form>
        <p className="mt-4 text-sm text-muted-foreground" role="status">
          {filtered ? `${countOf(tools.length, "tool")} of ${total} match these filters.` : sortBasis ? "" : `Our order, best fit first.`}
          {sortBasis && ` ${sortBasis}`}
        </p>
        {tools.length === 0 ? (
          <p className="mt-4">
            No tool listed for this task matches these filters.{" "}
            <Link to={`/tasks/${task.slug}`} className="font-medium text-primary underline-offset-4 hover:underline">
              Show all {total}
            </Link>
          </p>
        ) : (
          <ol className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {tools.map(({ card, position, reason }) => (
              <li key={card.slug}>
                <ToolCard tool={card} rank={position} reason={reason} />
              </li>
            ))}
          </ol>
        )}
      </section>

      {teamCost.tools.length > 0 && (
        <div className="mt-10">
          <TeamCostSection view={teamCost} heading="What would these tools cost my team?" compact />
        </div>
      )}

      <FaqSection items={faqs} title={`Questions about tools to ${lowerFirst(task.name)}`} />
      <p className="mt-10">
        <Link to="/tasks" className="font-medium text-primary underline-offset-4 hover:underline">
          See every task
        </Link>
      </p>
    </main>
  );
}
