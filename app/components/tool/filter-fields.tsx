import type { InPage } from "~/lib/ui/page-text";
import { DEFAULT_SORT, isTeamSort, PRICING_FILTERS, type PricingFilter, type ToolFilters } from "~/lib/tool/tool-filters";
import { DEFAULT_TEAM_SIZE } from "~/lib/tool/team-size";

/**
 * The filter fields the directory's forms share: the sidebar and the Advanced Filters popover (directory-controls,
 * advanced-filters) and the form without JavaScript (no-script-filters). A module of their own, so that those import
 * them without importing each other.
 */
export type CategoryOption = { slug: string; name: string; toolCount: number };
/**
 * A category as the sidebar lists it, with its icon: a list in the page's HTML only (issue 43), which a client
 * navigation's data carries in full; the chips and filters read `CategoryOption`s, without the icons.
 */
export type CategoryListed = CategoryOption & { icon: string; color: string };
/** What a directory's loader returns of the categories. */
export type DirectoryCategories = { categories: CategoryOption[]; sidebarCategories: InPage<CategoryListed[]> };
export type Update = (patch: Partial<ToolFilters>, options?: { replace?: boolean }) => void;

/** The pricing filter values in words, for the boxes and the active-filter chips. */
export const pricingLabel: Record<PricingFilter, string> = { free: "Free", freemium: "Freemium", paid: "Paid" };

/** The Free / Freemium / Paid boxes, in the sidebar and in the Advanced Filters popover. */
export function PricingCheckboxes({ filters, update, name }: { filters: ToolFilters; update: Update; name?: string }) {
  return (
    <>
      {PRICING_FILTERS.map((value) => (
        <label key={value} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={name}
            value={value}
            checked={filters.pricing.includes(value)}
            onChange={(event) => update({ pricing: event.target.checked ? [...filters.pricing, value] : filters.pricing.filter((p) => p !== value) })}
          />
          {pricingLabel[value]}
        </label>
      ))}
    </>
  );
}

/** Hidden copies of the current filters, so each plain form keeps the others when JavaScript is off. */
export function HiddenFilters({ filters, except, omitCategory }: { filters: ToolFilters; except: string[]; omitCategory?: boolean }) {
  const fields: Array<[string, string]> = [];
  if (filters.search && !except.includes("search")) fields.push(["search", filters.search]);
  if (!omitCategory && filters.categories.length && !except.includes("category")) fields.push(["category", filters.categories.join(",")]);
  if (filters.rating !== null && !except.includes("rating")) fields.push(["rating", String(filters.rating)]);
  if (filters.pricing.length && !except.includes("pricing")) fields.push(["pricing", filters.pricing.join(",")]);
  if (filters.minPrice !== null && !except.includes("price")) fields.push(["minPrice", String(filters.minPrice)]);
  if (filters.maxPrice !== null && !except.includes("price")) fields.push(["maxPrice", String(filters.maxPrice)]);
  if (filters.trial !== null && !except.includes("trial")) fields.push(["trial", String(filters.trial)]);
  if (filters.pro !== null && !except.includes("pro")) fields.push(["pro", String(filters.pro)]);
  if (filters.featured && !except.includes("featured")) fields.push(["featured", "true"]);
  if (filters.noTraining && !except.includes("notrain")) fields.push(["notrain", filters.noTraining]);
  if (filters.sort !== DEFAULT_SORT && !except.includes("sort")) fields.push(["sort", filters.sort]);
  // The team the team-cost sorts cost (decision 086) travels with them: the sort form switches low/high and keeps it.
  if (isTeamSort(filters.sort) && filters.team !== DEFAULT_TEAM_SIZE && !except.includes("team")) fields.push(["team", String(filters.team)]);
  return (
    <>
      {fields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
