import { useCallback } from "react";
import { useUrlFilters } from "~/components/ui/use-url-filters";
import { parseToolFilters, toolFiltersToSearchParams, type ToolFilters } from "~/lib/tool/tool-filters";

/** The directory's filters in the URL (components/ui/use-url-filters.ts); a category page keeps its category out of the query. */
export function useToolFilters(fixedCategory?: string) {
  const parse = useCallback((params: URLSearchParams) => parseToolFilters(params, fixedCategory), [fixedCategory]);
  const toParams = useCallback((filters: ToolFilters) => toolFiltersToSearchParams(filters, { omitCategory: Boolean(fixedCategory) }), [fixedCategory]);
  return useUrlFilters(parse, toParams);
}
