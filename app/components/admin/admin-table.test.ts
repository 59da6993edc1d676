import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { AdminTable, type AdminColumn } from "./admin-table";

type Row = { id: number; name: string; clicks: number };

const columns: AdminColumn<Row>[] = [
  { header: "Name", rowHeader: true, cell: (row) => row.name, sort: { key: "name" } },
  { header: "Clicks", className: "text-right", cellData: (row) => ({ "data-clicks": row.clicks }), cell: (row) => String(row.clicks), sort: { key: "clicks", first: "desc" } },
];
const rows: Row[] = [
  { id: 1, name: "Alpha", clicks: 3 },
  { id: 2, name: "Beta", clicks: 1 },
];

const render = (props: Partial<Parameters<typeof AdminTable<Row>>[0]>) =>
  renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(AdminTable<Row>, { caption: "Top links", columns, rows, rowKey: (row) => row.id, empty: "No clicks in this period.", ...props }),
    ),
  );

describe("the admin table", () => {
  it("names its focusable scroll region by the table's caption", () => {
    const html = render({});
    const captionId = html.match(/<caption id="([^"]+)" class="sr-only">Top links<\/caption>/)?.[1];
    expect(captionId).toBeTruthy();
    expect(html).toMatch(new RegExp(`<div role="region" aria-labelledby="${captionId}" tabindex="0" class="scroll-region-box[^"]*">`));
    // The scroll cue's hint and shadows come from app.css (decision 050).
    expect(html).toMatch(/^<div class="scroll-region"><div class="scroll-region-frame rounded-lg border">/);
  });

  it("puts a row's and a cell's data attributes first, where tests and scripts select them", () => {
    const html = render({ rowData: (row) => ({ "data-row": row.name }) });
    expect(html).toContain(
      '<tr data-row="Alpha" class="border-t align-top"><th scope="row" class="px-3 py-2 text-left font-normal">Alpha</th><td data-clicks="3" class="px-3 py-2 text-right">3</td></tr>',
    );
  });

  it("shows the page's own sentence instead of an empty table", () => {
    const html = render({ rows: [] });
    expect(html).toBe('<p class="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">No clicks in this period.</p>');
  });

  it("makes sortable headers links to the sorted page, with aria-sort on the sorted column only", () => {
    const html = render({ sort: { current: { key: "name", order: "asc" }, hrefFor: ({ key, order }) => `/admin/x?sort=${key}&order=${order}` } });
    expect(html).toMatch(/<th scope="col" aria-sort="ascending" class="[^"]*"><a [^>]*href="\/admin\/x\?sort=name&amp;order=desc"[^>]*>Name/);
    expect(html).toMatch(/<th scope="col" class="[^"]*text-right"><a [^>]*href="\/admin\/x\?sort=clicks&amp;order=desc"[^>]*>Clicks/);
    // Without the page's sort, a sortable column's header is plain text.
    expect(render({})).toContain('<th scope="col" class="whitespace-nowrap px-3 py-2">Name</th>');
  });

  it("adds pagination only when there is more than one page", () => {
    const hrefFor = ({ page }: { page: number }) => `/admin/x?page=${page}`;
    expect(render({ pagination: { page: 1, pageCount: 1, hrefFor } })).not.toContain("Pagination");
    expect(render({ pagination: { page: 1, pageCount: 3, hrefFor } })).toContain('<nav aria-label="Pagination"');
  });
});
