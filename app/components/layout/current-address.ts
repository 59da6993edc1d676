import { useLocation } from "react-router";

/**
 * The page's own address (path and query), the one way a component prints it (a form's way back, a search box's
 * query). Only parts may print it (decision 066): the search shell is one kept page for every search, and renders its
 * parts, and nothing else, at each search's address. Reading the location for anything that is not printed (closing a
 * menu on navigation) needs no part.
 */
export function useCurrentAddress(): string {
  const { pathname, search } = useLocation();
  return pathname + search;
}
