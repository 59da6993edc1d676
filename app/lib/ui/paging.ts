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

/**
 * The highest page number any listing reads (issue 41): past it no list has a page, and a number beyond it (a probe's
 * `?page=99999999999999999999`) would make an offset no database column can hold. Ten million pages of a hundred rows
 * stay well inside both a bigint and JavaScript's exact integers.
 */
export const MAX_PAGE_NUMBER = 10_000_000;

/**
 * The `page` a URL asks for: 1 when absent, null when it is not a whole number from 1 to MAX_PAGE_NUMBER (a page
 * that cannot exist: the listing answers it as it answers a page past its last, 404 by decision 026). Every
 * numbered listing that answers such a page with 404 reads its page here.
 */
export function requestedPage(params: URLSearchParams): number | null {
  const raw = params.get("page") ?? "1";
  if (!/^\d{1,8}$/.test(raw)) return null;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE_NUMBER ? page : null;
}
