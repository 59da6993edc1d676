/**
 * The comparison matrix's URL (/resources/ai-tools-comparison-matrix): `sort` (name, rating, price), `order`
 * (asc, desc) and `category`. Sorting reuses the directory's orders (lib/tool/tool-filters.ts SORT_OPTIONS), so a
 * column sorts the matrix exactly as the same sort sorts /tools. Pure, for the loader and the header links.
 */
import type { SortOption } from "./tool-filters";

export const MATRIX_PATH = "/resources/ai-tools-comparison-matrix";

export const MATRIX_SORTS = ["rating", "name", "price"] as const;
export type MatrixSort = (typeof MATRIX_SORTS)[number];
export type MatrixOrder = "asc" | "desc";

/** Each column's first click, and the only order rating has: highest rated first, as in the directory. */
const FIRST_ORDER: Record<MatrixSort, MatrixOrder> = { rating: "desc", name: "asc", price: "asc" };
const TOGGLES: Record<MatrixSort, boolean> = { rating: false, name: true, price: true };

export type MatrixState = { sort: MatrixSort; order: MatrixOrder; category: string | null };
export const DEFAULT_MATRIX: MatrixState = { sort: "rating", order: "desc", category: null };

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Reads the query leniently: an unknown sort or order falls back to the default (a damaged link still shows
 * the matrix). The category is returned as asked, trimmed and lower-cased; the loader answers 404 when no such
 * category exists, since a list titled with a category that is not there would mislead.
 */
export function parseMatrixParams(params: URLSearchParams): MatrixState {
  const sortParam = params.get("sort")?.trim().toLowerCase();
  const sort = (MATRIX_SORTS as readonly string[]).includes(sortParam ?? "") ? (sortParam as MatrixSort) : DEFAULT_MATRIX.sort;
  const orderParam = params.get("order")?.trim().toLowerCase();
  const order = TOGGLES[sort] && (orderParam === "asc" || orderParam === "desc") ? orderParam : FIRST_ORDER[sort];
  const category = params.get("category")?.trim().toLowerCase() || null;
  return { sort, order, category };
}

/** Whether a category value could be a slug at all (anything else is not looked up). */
export const isCategorySlug = (value: string) => value.length <= 60 && slugPattern.test(value);

/** The directory's sort that orders the matrix. */
export function directorySort({ sort, order }: Pick<MatrixState, "sort" | "order">): SortOption {
  if (sort === "name") return order === "asc" ? "name_asc" : "name_desc";
  if (sort === "price") return order === "asc" ? "price_low" : "price_high";
  return "rating";
}

/** The matrix URL of a state (defaults left out, stable order). */
export function matrixHref(state: MatrixState): string {
  const params = new URLSearchParams();
  if (state.category) params.set("category", state.category);
  if (state.sort !== DEFAULT_MATRIX.sort) params.set("sort", state.sort);
  if (state.order !== FIRST_ORDER[state.sort]) params.set("order", state.order);
  const query = params.toString();
  return query ? `${MATRIX_PATH}?${query}` : MATRIX_PATH;
}

/** Where a column header leads: the column's first order, or the other order when it is the sorted one. */
export function sortHref(state: MatrixState, column: MatrixSort): string {
  const active = state.sort === column;
  const order = active && TOGGLES[column] ? (state.order === "asc" ? "desc" : "asc") : FIRST_ORDER[column];
  return matrixHref({ ...state, sort: column, order });
}

export const isDefaultMatrix = (state: MatrixState) => state.sort === DEFAULT_MATRIX.sort && state.order === DEFAULT_MATRIX.order && !state.category;

/**
 * A tool's capabilities as one character per capability of `vocabulary` ('1' has it, '0' not): a matrix row
 * travels to the browser as 25 characters instead of the capability names.
 */
export function capabilityMask(capabilities: readonly string[], vocabulary: readonly string[]): string {
  const has = new Set(capabilities);
  return vocabulary.map((name) => (has.has(name) ? "1" : "0")).join("");
}
