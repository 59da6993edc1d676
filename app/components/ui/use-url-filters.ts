import { useCallback, useMemo } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";

/**
 * Filter state that lives in the URL (the directory's and the course listing's). Controls call `update`,
 * which navigates to the new query (the server renders the result); filter changes add a history entry so
 * back/forward restore each view, typing replaces it. A change starts again at page 1 unless it names a page.
 *
 * `parse` and `toParams` must be stable (module functions, or memoised), like any hook dependency.
 */
export function useUrlFilters<F extends { page: number }>(parse: (params: URLSearchParams) => F, toParams: (filters: F) => URLSearchParams) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  // While the next view loads, controls already show the state being loaded.
  const pending = navigation.location?.pathname === location.pathname ? navigation.location.search : undefined;
  const search = pending ?? location.search;
  const filters = useMemo(() => parse(new URLSearchParams(search)), [search, parse]);

  const hrefFor = useCallback(
    (patch: Partial<F>) => {
      const query = toParams({ ...filters, page: 1, ...patch }).toString();
      return `${location.pathname}${query ? `?${query}` : ""}`;
    },
    [filters, toParams, location.pathname],
  );

  const update = useCallback(
    (patch: Partial<F>, options: { replace?: boolean } = {}) => {
      navigate(hrefFor(patch), { replace: options.replace, preventScrollReset: true });
    },
    [hrefFor, navigate],
  );

  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  return { filters, update, hrefFor, loading };
}
