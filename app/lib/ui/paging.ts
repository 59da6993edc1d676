/**
 * The first and last item numbers a page shows ('Showing 13-24 of 65'), or null when it shows none,
 * so a count line can never read 'Showing 2353-2352'.
 */
export function shownRange(page: number, pageSize: number, shown: number): { first: number; last: number } | null {
  if (shown <= 0 || page < 1) return null;
  const first = (page - 1) * pageSize + 1;
  return { first, last: first + shown - 1 };
}

/**
 * Whether a numbered page lies past the listing's last (a stale or made-up `?page=99`). Such a URL
 * names no page: loaders answer it with the not-found page (404, `noindex`) rather than an empty list
 * or a redirect (decision 026 explains why). Page 1 always exists, if only to say nothing matches.
 */
export function isPastLastPage(page: number, pageCount: number): boolean {
  return page > 1 && page > pageCount;
}

/** The `page` a URL asks for: 1 when absent, null when it is not a whole number of at least 1 (a page that cannot exist). */
export function requestedPage(params: URLSearchParams): number | null {
  const page = Number(params.get("page") ?? "1");
  return Number.isInteger(page) && page >= 1 ? page : null;
}
