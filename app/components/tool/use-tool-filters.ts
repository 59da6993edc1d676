import { useCallback, useMemo } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { parseToolFilters, toolFiltersToSearchParams, type ToolFilters } from "~/lib/tool-filters";

/**
 * Filter state lives in the URL. Controls call `update`, which navigates to the
 * new query (the server renders the result); filter changes add a history
 * entry so back/forward restore each view, typing replaces it.
 */
export function useToolFilters(fixedCategory?: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  // While the next view loads, controls already show the state being loaded.
  const pending = navigation.location?.pathname === location.pathname ? navigation.location.search : undefined;
  const search = pending ?? location.search;
  const filters = useMemo(() => parseToolFilters(new URLSearchParams(search), fixedCategory), [search, fixedCategory]);

  const hrefFor = useCallback(
    (patch: Partial<ToolFilters>) => {
      const next = { ...filters, page: 1, ...patch };
      const query = toolFiltersToSearchParams(next, { omitCategory: Boolean(fixedCategory) }).toString();
      return `${location.pathname}${query ? `?${query}` : ""}`;
    },
    [filters, fixedCategory, location.pathname],
  );

  const update = useCallback(
    (patch: Partial<ToolFilters>, options: { replace?: boolean } = {}) => {
      navigate(hrefFor(patch), { replace: options.replace, preventScrollReset: true });
    },
    [hrefFor, navigate],
  );

  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  return { filters, update, hrefFor, loading };
}
