import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/input";
import type { OnDemandProps } from "~/components/ui/on-demand";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { EMPTY_FILTERS, NO_TRAINING_LABELS, PRICE_SLIDER, RATING_OPTIONS, type ToolFilters } from "~/lib/tool/tool-filters";
import { NO_TRAINING_NOTE } from "~/lib/words/filter-notes";
import { PRICE_RANGE_NOTE } from "~/lib/words/price-range";
import { PricingCheckboxes, type CategoryOption, type Update } from "./filter-fields";

/** The Advanced Filters popover, loaded by AdvancedFilters (directory-controls.tsx) on first use. */
export default function AdvancedFiltersPopover({
  filters,
  update,
  categories,
  showCategories,
  trigger,
  defaultOpen,
}: { filters: ToolFilters; update: Update; categories: CategoryOption[]; showCategories: boolean } & OnDemandProps) {
  const [min, setMin] = useState(filters.minPrice ?? PRICE_SLIDER.min);
  const [max, setMax] = useState(filters.maxPrice ?? PRICE_SLIDER.max);
  // The range the reader last asked for, until the URL shows it: an earlier navigation that lands while they are
  // still moving the slider must not pull the thumb back to its older value (seen on a slow machine).
  const requested = useRef<{ minPrice: number | null; maxPrice: number | null } | null>(null);
  useEffect(() => {
    const wanted = requested.current;
    if (wanted && (wanted.minPrice !== (filters.minPrice ?? null) || wanted.maxPrice !== (filters.maxPrice ?? null))) return;
    requested.current = null;
    setMin(filters.minPrice ?? PRICE_SLIDER.min);
    setMax(filters.maxPrice ?? PRICE_SLIDER.max);
  }, [filters.minPrice, filters.maxPrice]);
  // Applied when the slider is released; key presses are gathered for 300 ms into one navigation.
  const applyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const applyPrice = (nextMin: number, nextMax: number) => {
    requested.current = { minPrice: nextMin > PRICE_SLIDER.min ? nextMin : null, maxPrice: nextMax < PRICE_SLIDER.max ? nextMax : null };
    clearTimeout(applyTimer.current);
    applyTimer.current = setTimeout(
      () =>
        update({
          minPrice: nextMin > PRICE_SLIDER.min ? nextMin : null,
          maxPrice: nextMax < PRICE_SLIDER.max ? nextMax : null,
        }),
      300,
    );
  };
  useEffect(() => () => clearTimeout(applyTimer.current), []);
  return (
    <Popover defaultOpen={defaultOpen}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent className="w-96 space-y-5" aria-label="Advanced filters">
        {showCategories && (
          <fieldset>
            <legend className="text-sm font-semibold">Categories</legend>
            <div className="mt-2 grid grid-cols-2 gap-2">
              {categories.slice(0, 8).map((category) => (
                <label key={category.slug} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={filters.categories.includes(category.slug)}
                    onChange={(event) =>
                      update({
                        categories: event.target.checked ? [...filters.categories, category.slug] : filters.categories.filter((slug) => slug !== category.slug),
                      })
                    }
                  />
                  {category.name}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <fieldset>
          <legend className="text-sm font-semibold">Minimum rating</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {[null, ...RATING_OPTIONS].map((rating) => (
              <label key={String(rating)} className="flex items-center gap-1.5 text-sm">
                <input type="radio" name="advanced-rating" checked={filters.rating === rating} onChange={() => update({ rating })} />
                {rating === null ? "Any" : `${rating}+`}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-semibold">Pricing</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            <PricingCheckboxes filters={filters} update={update} />
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-semibold">Price a month, first year (US$)</legend>
          <div className="mt-2 grid grid-cols-2 gap-3">
            <div className="grid gap-1">
              <Label htmlFor="price-min">Minimum: ${min}</Label>
              <input
                id="price-min"
                type="range"
                min={PRICE_SLIDER.min}
                max={PRICE_SLIDER.max}
                step={PRICE_SLIDER.step}
                value={min}
                onChange={(event) => setMin(Math.min(Number(event.target.value), max))}
                onPointerUp={(event) => applyPrice(Math.min(Number(event.currentTarget.value), max), max)}
                onKeyUp={(event) => applyPrice(Math.min(Number(event.currentTarget.value), max), max)}
              />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="price-max">
                Maximum: ${max}
                {max === PRICE_SLIDER.max ? "+" : ""}
              </Label>
              <input
                id="price-max"
                type="range"
                min={PRICE_SLIDER.min}
                max={PRICE_SLIDER.max}
                step={PRICE_SLIDER.step}
                value={max}
                onChange={(event) => setMax(Math.max(Number(event.target.value), min))}
                onPointerUp={(event) => applyPrice(min, Math.max(Number(event.currentTarget.value), min))}
                onKeyUp={(event) => applyPrice(min, Math.max(Number(event.currentTarget.value), min))}
              />
            </div>
          </div>
          <p className="mt-1 text-xs text-muted-foreground">{PRICE_RANGE_NOTE}</p>
        </fieldset>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-semibold">Options</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={filters.trial === true} onChange={(event) => update({ trial: event.target.checked ? true : null })} />
            Has a free trial
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={filters.pro === true} onChange={(event) => update({ pro: event.target.checked ? true : null })} />
            Pro (business) tools only
          </label>
        </fieldset>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-semibold">Your data</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={filters.noTraining === "business"}
              onChange={(event) => update({ noTraining: event.target.checked ? "business" : null })}
              aria-describedby="no-training-note"
            />
            {NO_TRAINING_LABELS.business}
          </label>
          <p id="no-training-note" className="text-xs text-muted-foreground">
            {NO_TRAINING_NOTE}
          </p>
        </fieldset>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            clearTimeout(applyTimer.current);
            requested.current = null;
            // Every filter of the popover back to its empty value; the search and sort stay, a category page keeps its category.
            const { search: _search, sort: _sort, page: _page, ...noFilters } = EMPTY_FILTERS;
            update({ ...noFilters, categories: showCategories ? [] : filters.categories });
          }}
        >
          Reset
        </Button>
      </PopoverContent>
    </Popover>
  );
}
