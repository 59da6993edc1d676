import { useCallback } from "react";
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SortForm } from "~/components/ui/sort-form";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { OnDemand } from "~/components/ui/on-demand";
import { useDebouncedSearch, type SearchCommit } from "~/components/ui/use-debounced-search";
import { countActiveFilterGroups, EMPTY_FILTERS, NO_TRAINING_LABELS, SIDEBAR_RATINGS, SORT_OPTIONS, sortLabel, type ToolFilters } from "~/lib/tool/tool-filters";
import { cn } from "~/lib/ui/cn";
import { MAX_TEAM_SIZE, MIN_TEAM_SIZE } from "~/lib/tool/team-size";
import { countOf } from "~/lib/ui/plural";
import { RATING_WORDS } from "~/lib/words";
import { CategoryIcon } from "~/components/category-icon";
import { InPageSection } from "~/components/ui/in-page-text";
import type { InPage } from "~/lib/ui/page-text";
import { HiddenFilters, pricingLabel, PricingCheckboxes, type CategoryListed, type CategoryOption, type Update } from "./filter-fields";
import { NoScriptFilters } from "./no-script-filters";

const loadAdvancedFilters = () => import("./advanced-filters");

export function SearchBox({ filters, update, omitCategory, label }: { filters: ToolFilters; update: Update; omitCategory?: boolean; label: string }) {
  // A search typed into an unsearched list adds a history entry, so back returns to the full list; refining it replaces.
  const commit = useCallback((search: string, { submitted }: SearchCommit) => update({ search }, { replace: !submitted && filters.search !== "" }), [update, filters.search]);
  const { value, onChange, onSubmit } = useDebouncedSearch(filters.search, commit);
  return (
    // Named, so it is told apart from the header's site search (axe landmark-unique).
    <Form method="get" role="search" aria-label={label} className="relative flex-1" onSubmit={onSubmit}>
      <HiddenFilters filters={filters} except={["search"]} omitCategory={omitCategory} />
      <label htmlFor="tool-search" className="sr-only">
        {label}
      </label>
      <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        id="tool-search"
        name="search"
        type="search"
        value={value}
        maxLength={100}
        autoComplete="off"
        placeholder="Search by name, use or feature..."
        className="pl-9"
        onChange={onChange}
      />
    </Form>
  );
}

export function SortSelect({ filters, update, omitCategory }: { filters: ToolFilters; update: Update; omitCategory?: boolean }) {
  return (
    <SortForm
      id="tool-sort"
      value={filters.sort}
      options={SORT_OPTIONS.map((option) => ({ ...option, label: sortLabel(option.value, filters.team) }))}
      onChange={(sort) => update({ sort })}
      hidden={<HiddenFilters filters={filters} except={["sort"]} omitCategory={omitCategory} />}
    />
  );
}

/**
 * Beside a team-cost sort (decision 086): what it orders by, and the team's size as a plain GET form (a number field
 * with its label and a button), so it is changed without JavaScript too; the page's other filters as hidden fields.
 */
export function TeamSortBasis({ filters, basis, omitCategory }: { filters: ToolFilters; basis: string; omitCategory?: boolean }) {
  return (
    <div className="mb-4 rounded-lg border bg-card p-3 text-sm" data-team-sort-basis>
      <p className="text-muted-foreground">{basis}</p>
      <Form method="get" className="mt-2 flex flex-wrap items-center gap-2">
        <HiddenFilters filters={filters} except={["team"]} omitCategory={omitCategory} />
        <label htmlFor="team-sort-size" className="whitespace-nowrap">
          People in the team
        </label>
        <Input id="team-sort-size" name="team" type="number" inputMode="numeric" min={MIN_TEAM_SIZE} max={MAX_TEAM_SIZE} step={1} defaultValue={filters.team} className="w-24" />
        <Button type="submit" size="sm" variant="outline">
          Sort for this team
        </Button>
      </Form>
    </div>
  );
}

/**
 * The Advanced Filters button; its popover's code (Radix, floating-ui) loads when the button is
 * pointed at, focused or pressed. Without JavaScript the button is hidden and a disclosure with the same
 * filters as a GET form stands in for it (`NoScriptFilters`), which the server alone renders: the
 * `import.meta.env.SSR` test leaves it out of the browser's bundle, and React does not render a <noscript>'s
 * content in the browser anyway (decision 051).
 */
export function AdvancedFilters({ filters, update, categories, showCategories }: { filters: ToolFilters; update: Update; categories: CategoryOption[]; showCategories: boolean }) {
  const active = countActiveFilterGroups(filters, { ignoreCategory: !showCategories });
  return (
    <>
      <OnDemand
        load={loadAdvancedFilters}
        popup="dialog"
        props={{ filters, update, categories, showCategories }}
        trigger={
          <Button variant="outline" className="directory-needs-js" aria-label={`Advanced Filters${active ? ` (${active} active)` : ""}`}>
            <Icon name="sliders-horizontal" /> Advanced Filters
            {active > 0 && (
              <Badge className="ml-1 px-1.5" aria-hidden="true">
                {active}
              </Badge>
            )}
          </Button>
        }
      />
      <noscript>
        {import.meta.env.SSR && <NoScriptFilters filters={filters} update={update} categories={categories} showCategories={showCategories} omitCategory={!showCategories} />}
      </noscript>
    </>
  );
}

export function ActiveFilterChips({
  filters,
  hrefFor,
  categories,
  showCategories,
  priceRangeNote,
}: {
  filters: ToolFilters;
  hrefFor: (patch: Partial<ToolFilters>) => string;
  categories: CategoryOption[];
  showCategories: boolean;
  /** The price range's note (lib/words/price-range.ts), from the server's result while a range is set (decision 088). */
  priceRangeNote: string | null;
}) {
  const chips: Array<{ label: string; href: string }> = [];
  if (filters.search) chips.push({ label: `Search: “${filters.search}”`, href: hrefFor({ search: "" }) });
  if (showCategories)
    for (const slug of filters.categories)
      chips.push({ label: categories.find((c) => c.slug === slug)?.name ?? slug, href: hrefFor({ categories: filters.categories.filter((s) => s !== slug) }) });
  if (filters.rating !== null) chips.push({ label: `${filters.rating}+ stars`, href: hrefFor({ rating: null }) });
  for (const value of filters.pricing) chips.push({ label: pricingLabel[value], href: hrefFor({ pricing: filters.pricing.filter((p) => p !== value) }) });
  if (filters.minPrice !== null || filters.maxPrice !== null)
    chips.push({ label: `$${filters.minPrice ?? 0} to $${filters.maxPrice ?? "10000"}`, href: hrefFor({ minPrice: null, maxPrice: null }) });
  if (filters.trial !== null) chips.push({ label: filters.trial ? "Free trial" : "No free trial", href: hrefFor({ trial: null }) });
  if (filters.pro !== null) chips.push({ label: filters.pro ? "Pro" : "Not Pro", href: hrefFor({ pro: null }) });
  if (filters.featured) chips.push({ label: "Featured", href: hrefFor({ featured: false }) });
  if (filters.noTraining) chips.push({ label: NO_TRAINING_LABELS[filters.noTraining], href: hrefFor({ noTraining: null }) });
  if (!chips.length) return null;
  // Every filter back to its empty value; the sort stays, and a category page keeps its category.
  const { sort: _sort, page: _page, ...noFilters } = EMPTY_FILTERS;
  const clearAll = hrefFor({ ...noFilters, categories: showCategories ? [] : filters.categories });
  return (
    <>
      <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
        {chips.map((chip) => (
          <li key={chip.label}>
            <Link
              to={chip.href}
              preventScrollReset
              className="inline-flex items-center gap-1 rounded-full border bg-secondary px-3 py-1 text-sm text-secondary-foreground hover:bg-secondary/70"
              aria-label={`Remove filter ${chip.label}`}
            >
              {chip.label} <Icon name="x" className="size-3.5" />
            </Link>
          </li>
        ))}
        <li>
          <Link to={clearAll} preventScrollReset className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Clear all
          </Link>
        </li>
      </ul>
      {priceRangeNote && <p className="mt-2 text-xs text-muted-foreground">{priceRangeNote}</p>}
    </>
  );
}

export function FilterSidebar({
  filters,
  update,
  categories,
  currentCategory,
  omitCategory,
}: {
  filters: ToolFilters;
  update: Update;
  categories: InPage<CategoryListed[]>;
  currentCategory?: string;
  omitCategory?: boolean;
}) {
  const toggleRating = (rating: number, checked: boolean) => {
    if (checked) update({ rating: filters.rating === null ? rating : Math.min(filters.rating, rating) });
    else update({ rating: null });
  };
  return (
    <aside aria-label="Filters" className="hidden w-64 shrink-0 lg:block">
      {/* Named apart from the chips' and the footer's navigations (landmarks are told apart by name: axe landmark-unique). */}
      <nav aria-label="Directory categories">
        <h2 id="sidebar-categories" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
          Categories
        </h2>
        {/* In the page's HTML only (issue 43): a client navigation, whose data carries the list, renders it anew. */}
        <InPageSection as="ul" value={categories} className="mt-2 grid gap-0.5">
          {(categories) => (
            <>
              <li>
                <Link
                  to="/tools"
                  className={cn("flex justify-between rounded-md px-2 py-1.5 text-sm hover:bg-accent", !currentCategory && !filters.categories.length && "bg-accent font-semibold")}
                >
                  All Categories
                </Link>
              </li>
              {categories.map((category) => (
                <li key={category.slug}>
                  {/* Not each of the 21 links to one route marked for React Router's discovery: the chips above find it. */}
                  <Link
                    to={`/tools/category/${category.slug}`}
                    discover="none"
                    aria-current={currentCategory === category.slug ? "page" : undefined}
                    className={cn("sidebar-link", currentCategory === category.slug && "bg-accent font-semibold")}
                  >
                    <CategoryIcon icon={category.icon} color={category.color} className="size-6 rounded-md" iconClassName="size-3.5" />
                    <span className="flex-1">{category.name}</span>
                    <span className="text-muted-foreground">{category.toolCount}</span>
                  </Link>
                </li>
              ))}
            </>
          )}
        </InPageSection>
      </nav>
      <Form method="get" className="mt-6 grid gap-6" onSubmit={(event) => event.preventDefault()}>
        <HiddenFilters filters={filters} except={["rating", "pricing"]} omitCategory={omitCategory} />
        <fieldset>
          <legend className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Our rating</legend>
          <p className="mt-1 text-xs text-muted-foreground">{RATING_WORDS.filterRule}</p>
          <div className="mt-2 grid gap-2">
            {SIDEBAR_RATINGS.map((rating) => (
              <label key={rating} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="rating"
                  value={rating}
                  checked={filters.rating !== null && filters.rating <= rating}
                  onChange={(event) => toggleRating(rating, event.target.checked)}
                />
                {rating}+ stars
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Pricing</legend>
          <div className="mt-2 grid gap-2">
            <PricingCheckboxes filters={filters} update={update} name="pricing" />
          </div>
        </fieldset>
        <noscript>
          {import.meta.env.SSR && (
            <Button type="submit" variant="outline" size="sm">
              Apply filters
            </Button>
          )}
        </noscript>
      </Form>
    </aside>
  );
}

/** `chosen`: the categories the list shows (a category page's own, or those ticked in the directory's filters). */
export function CategoryChips({ categories, chosen, total }: { categories: CategoryOption[]; chosen: readonly string[]; total: number }) {
  return (
    <nav aria-label="Category shortcuts">
      {/* One row that scrolls sideways on a phone (all seven chips would take several rows before the first result), wrapped from sm up. */}
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 whitespace-nowrap sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0">
        <li>
          <Link
            to="/tools"
            className={cn(
              "inline-flex shrink-0 rounded-full border px-3 py-1.5 text-sm hover:bg-accent",
              chosen.length === 0 && "border-primary bg-primary text-primary-foreground hover:bg-primary/90",
            )}
          >
            All Categories <span className="ml-1 opacity-80">({total})</span>
          </Link>
        </li>
        {categories.slice(0, 6).map((category) => (
          <li key={category.slug}>
            <Link
              to={`/tools/category/${category.slug}`}
              className={cn(
                "inline-flex shrink-0 rounded-full border px-3 py-1.5 text-sm hover:bg-accent",
                chosen.includes(category.slug) && "border-primary bg-primary text-primary-foreground",
              )}
            >
              {category.name} <span className="ml-1 opacity-80">({countOf(category.toolCount, "tool")})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
