import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input, Label } from "~/components/ui/input";
import { countActiveFilterGroups, NO_TRAINING_LABELS, PRICE_BOUNDS, RATING_OPTIONS, type ToolFilters } from "~/lib/tool/tool-filters";
import { NO_TRAINING_NOTE } from "~/lib/words/filter-notes";
import { PRICE_RANGE_NOTE } from "~/lib/words/price-range";
import { RATING_WORDS } from "~/lib/words";
import { HiddenFilters, PricingCheckboxes, type CategoryOption, type Update } from "./filter-fields";

const PRICE_FIELDS = [
  { name: "minPrice", label: "Minimum" },
  { name: "maxPrice", label: "Maximum" },
] as const;

const legendClass = "text-sm font-semibold";

/**
 * What the Advanced Filters popover and the sidebar's rating and pricing boxes do, for a browser without JavaScript:
 * a disclosure holding one GET form with the same query parameters (lib/tool/tool-filters.ts), at every width, so a
 * phone, where the sidebar is hidden, can filter too (issue 30). It is only ever inside a <noscript>, rendered by the
 * server (decision 051): the browser's bundle has none of it. Its <style> hides the Advanced Filters button, which
 * can do nothing without a script.
 */
export function NoScriptFilters({
  filters,
  update,
  categories,
  showCategories,
  omitCategory,
}: {
  filters: ToolFilters;
  update: Update;
  categories: CategoryOption[];
  showCategories: boolean;
  omitCategory: boolean;
}) {
  const active = countActiveFilterGroups(filters, { ignoreCategory: !showCategories });
  // The popover's minimums, and the one in the URL when it is another (the sidebar's 2+), so applying keeps it.
  const ratings = filters.rating === null || (RATING_OPTIONS as readonly number[]).includes(filters.rating) ? RATING_OPTIONS : [...RATING_OPTIONS, filters.rating];
  return (
    <>
      <style>{".directory-needs-js{display:none!important}"}</style>
      <details className="group relative" data-no-script-filters="">
        <Button asChild variant="outline">
          <summary className="cursor-pointer list-none [&::-webkit-details-marker]:hidden" aria-label={`Filters${active ? ` (${active} active)` : ""}`}>
            <Icon name="sliders-horizontal" /> Filters
            {active > 0 && (
              <Badge className="ml-1 px-1.5" aria-hidden="true">
                {active}
              </Badge>
            )}
            <Icon name="chevron-down" className="group-open:rotate-180" />
          </summary>
        </Button>
        <form method="get" className="absolute left-0 top-full z-30 mt-2 grid w-[min(24rem,calc(100vw-2rem))] gap-5 rounded-xl border bg-card p-4 shadow-lg">
          <HiddenFilters
            filters={filters}
            except={["rating", "pricing", "price", "trial", "pro", "notrain", ...(showCategories ? ["category"] : [])]}
            omitCategory={omitCategory}
          />
          {showCategories && (
            <fieldset>
              <legend className={legendClass}>Categories</legend>
              <div className="mt-2 grid grid-cols-2 gap-2">
                {categories.slice(0, 8).map((category) => (
                  <label key={category.slug} className="flex min-h-6 items-center gap-2 text-sm">
                    <input type="checkbox" name="category" value={category.slug} defaultChecked={filters.categories.includes(category.slug)} />
                    {category.name}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <fieldset>
            <legend className={legendClass}>Our rating</legend>
            <p className="mt-1 text-xs text-muted-foreground">{RATING_WORDS.filterRule}</p>
            <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
              {[null, ...ratings].map((rating) => (
                <label key={String(rating)} className="flex min-h-6 items-center gap-1.5 text-sm">
                  <input type="radio" name="rating" value={rating ?? ""} defaultChecked={filters.rating === rating} />
                  {rating === null ? "Any" : `${rating}+ stars`}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className={legendClass}>Pricing</legend>
            <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
              <PricingCheckboxes filters={filters} update={update} name="pricing" />
            </div>
          </fieldset>
          <fieldset>
            <legend className={legendClass}>Price a month, first year (US$)</legend>
            <div className="mt-2 grid grid-cols-2 gap-3">
              {PRICE_FIELDS.map(({ name, label }) => (
                <div key={name} className="grid gap-1">
                  <Label htmlFor={`no-script-${name}`}>{label}</Label>
                  <Input id={`no-script-${name}`} name={name} type="number" inputMode="numeric" min={PRICE_BOUNDS.min} max={PRICE_BOUNDS.max} defaultValue={filters[name] ?? ""} />
                </div>
              ))}
            </div>
            <p className="mt-1 text-xs text-muted-foreground">{PRICE_RANGE_NOTE}</p>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className={legendClass}>Options</legend>
            <label className="flex min-h-6 items-center gap-2 text-sm">
              <input type="checkbox" name="trial" value="true" defaultChecked={filters.trial === true} />
              Has a free trial
            </label>
            <label className="flex min-h-6 items-center gap-2 text-sm">
              <input type="checkbox" name="pro" value="true" defaultChecked={filters.pro === true} />
              Pro (business) tools only
            </label>
          </fieldset>
          <fieldset className="grid gap-2">
            <legend className={legendClass}>Your data</legend>
            <label className="flex min-h-6 items-center gap-2 text-sm">
              <input type="checkbox" name="notrain" value="business" defaultChecked={filters.noTraining === "business"} aria-describedby="no-script-no-training-note" />
              {NO_TRAINING_LABELS.business}
            </label>
            <p id="no-script-no-training-note" className="text-xs text-muted-foreground">
              {NO_TRAINING_NOTE}
            </p>
          </fieldset>
          <Button type="submit" className="justify-self-start">
            Apply filters
          </Button>
        </form>
      </details>
    </>
  );
}
