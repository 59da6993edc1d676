import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { Pagination } from "~/components/ui/pagination";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { cn } from "~/lib/ui/cn";
import { ariaSortOf, nextSort, type ColumnSort, type TableSort } from "~/lib/ui/table-sort";

/** `data-*` attributes of a row or a cell, which tests and scripts select by (`data-audit-action`, `data-metric`). */
export type DataAttributes = { [name: `data-${string}`]: string | number | undefined };

export type AdminColumn<Row> = {
  header: ReactNode;
  /** React's key for the column; needed when the header is not a string. */
  key?: string;
  cell: (row: Row) => ReactNode;
  /** On the header and every cell of the column (e.g. `text-right`). */
  className?: string;
  /** On every cell, or per row (a grade's colour); after `className`, so it wins. */
  cellClassName?: string | ((row: Row) => string | undefined);
  cellData?: (row: Row) => DataAttributes;
  /** The column names its row: its cells are `<th scope="row">`. */
  rowHeader?: boolean;
  /** The header is a link to the page sorted by this column (only with the table's `sort`). */
  sort?: ColumnSort;
};

type AdminTableProps<Row> = {
  /** What the table lists; names the table and its scroll region. Visually hidden unless `showCaption`. */
  caption: ReactNode;
  showCaption?: boolean;
  columns: AdminColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  rowData?: (row: Row) => DataAttributes;
  rowClassName?: (row: Row) => string | false | undefined;
  /** The page's own sentence when there are no rows. */
  empty: ReactNode;
  /** The current sort and the page's URL for another one. */
  sort?: { current: TableSort; hrefFor: (sort: TableSort) => string };
  /** Shown when there is more than one page. */
  pagination?: { page: number; pageCount: number; hrefFor: (patch: { page: number }) => string };
  /** On the scroll region, or on the empty state in its place (spacing). */
  className?: string;
};

/**
 * Every list of the admin area (and the vitals and submission tables shown outside it): a table named by its
 * caption, inside a scroll region (components/ui/scroll-region.tsx) labelled by the same caption, so that on a
 * narrow screen the table scrolls sideways inside the region and the page never does.
 */
export function AdminTable<Row>({ caption, showCaption, columns, rows, rowKey, rowData, rowClassName, empty, sort, pagination, className }: AdminTableProps<Row>) {
  const captionId = useId();
  return (
    <>
      {rows.length === 0 ? (
        <p className={cn("rounded-lg border border-dashed p-4 text-sm text-muted-foreground", className)}>{empty}</p>
      ) : (
        <ScrollRegion labelledBy={captionId} className={className} frameClassName="rounded-lg border">
          <table className="w-full text-left text-sm">
            <caption id={captionId} className={showCaption ? "px-3 py-2 text-left font-medium" : "sr-only"}>
              {caption}
            </caption>
            <thead className="bg-secondary/60">
              <tr>
                {columns.map((column, index) => (
                  <HeaderCell key={columnKey(column, index)} column={column} sort={sort} />
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} {...rowData?.(row)} className={cn("border-t align-top", rowClassName?.(row))}>
                  {columns.map((column, index) => {
                    const Cell = column.rowHeader ? "th" : "td";
                    const cellClass = typeof column.cellClassName === "function" ? column.cellClassName(row) : column.cellClassName;
                    return (
                      <Cell
                        key={columnKey(column, index)}
                        {...column.cellData?.(row)}
                        scope={column.rowHeader ? "row" : undefined}
                        className={cn("px-3 py-2", column.rowHeader && "text-left font-normal", column.className, cellClass)}
                      >
                        {column.cell(row)}
                      </Cell>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {pagination && <Pagination {...pagination} />}
    </>
  );
}

const columnKey = (column: AdminColumn<never>, index: number) => column.key ?? (typeof column.header === "string" ? column.header : String(index));

function HeaderCell<Row>({ column, sort }: { column: AdminColumn<Row>; sort: AdminTableProps<Row>["sort"] }) {
  const className = cn("whitespace-nowrap px-3 py-2", column.className);
  if (!column.sort || !sort) {
    return (
      <th scope="col" className={className}>
        {column.header}
      </th>
    );
  }
  const ariaSort = ariaSortOf(sort.current, column.sort);
  return (
    <th scope="col" aria-sort={ariaSort} className={className}>
      <Link to={sort.hrefFor(nextSort(sort.current, column.sort))} preventScrollReset className="inline-flex items-center gap-1 underline-offset-4 hover:underline">
        {column.header}
        <span aria-hidden="true" className={ariaSort ? "" : "text-muted-foreground"}>
          {ariaSort === "ascending" ? "↑" : ariaSort === "descending" ? "↓" : "↕"}
        </span>
      </Link>
    </th>
  );
}
