/**
 * Sorting by a table's column headers (components/admin/admin-table.tsx): a header is a link to the page sorted
 * by its column, so sorting works without JavaScript, and the sorted column says so in `aria-sort`. Pure, so the
 * page builds the URL (its own parameters) and this decides only which order the link asks for.
 */
export type SortOrder = "asc" | "desc";
export type TableSort = { key: string; order: SortOrder };

/** A sortable column: its key in the page's sort parameter, the order its first click asks for, and whether a second click reverses it. */
export type ColumnSort = { key: string; first?: SortOrder; toggles?: boolean };

/** The order a header's link asks for: the reverse on the sorted column (when it toggles), the column's first order elsewhere. */
export function nextSort(current: TableSort, column: ColumnSort): TableSort {
  const first = column.first ?? "asc";
  if (current.key !== column.key || column.toggles === false) return { key: column.key, order: first };
  return { key: column.key, order: current.order === "asc" ? "desc" : "asc" };
}

/** `aria-sort` for a column's header: set on the sorted column only. */
export function ariaSortOf(current: TableSort, column: ColumnSort): "ascending" | "descending" | undefined {
  if (current.key !== column.key) return undefined;
  return current.order === "asc" ? "ascending" : "descending";
}
