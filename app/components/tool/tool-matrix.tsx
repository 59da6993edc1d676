import { Link } from "react-router";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { sortHref, type MatrixSort, type MatrixState } from "~/lib/tool/tool-matrix";
import { RATING_WORDS } from "~/lib/words";
import { MarkCell } from "./mark-cell";

export type MatrixTool = {
  slug: string;
  name: string;
  /** Our rating: null without an in-depth review. */
  rating: number | null;
  /** As a card shows it (lib/tool/pricing.ts pricingText). */ pricing: string;
  /** The comparable monthly figure in words where the summary does not give it (lib/tool/pricing.ts comparableNote). */ priceNote?: string;
  categoryName: string;
  /** One '1' or '0' per capability. */ has: string;
};

const SORT_WORDS: Record<MatrixSort, { asc: string; desc: string }> = {
  name: { asc: "name, A to Z", desc: "name, Z to A" },
  rating: { asc: "our rating, lowest first; tools we have not reviewed last", desc: "our rating, highest first; tools we have not reviewed last" },
  price: { asc: "price a month over a first year, lowest first", desc: "price a month over a first year, highest first" },
};

export const sortDescription = (state: MatrixState) => SORT_WORDS[state.sort][state.order];

/** A column heading that sorts: a link (works without JavaScript), its state in `aria-sort` on the cell. */
function SortHeader({ state, column, label, className }: { state: MatrixState; column: MatrixSort; label: string; className: string }) {
  const active = state.sort === column;
  return (
    <th scope="col" aria-sort={active ? (state.order === "asc" ? "ascending" : "descending") : undefined} className={className}>
      <Link to={sortHref(state, column)} preventScrollReset className="inline-flex items-center gap-1 underline-offset-4 hover:underline">
        {label}
        <span aria-hidden="true" className={active ? "" : "text-muted-foreground"}>
          {active ? (state.order === "asc" ? "↑" : "↓") : "↕"}
        </span>
      </Link>
    </th>
  );
}

/**
 * Every tool against every capability, with rating, starting price and category. Light on purpose (200 tools
 * make 5,000 cells): one row of plain cells per tool, styled once in app.css (`.tool-matrix`, `data-mark`), each capability a mark for the eye
 * and Yes or No in words for screen readers. It scrolls inside its own focusable region (components/ui/scroll-region.tsx),
 * with the heading row and the tool names sticky.
 */
export function ToolMatrix({ tools, capabilities, state, caption }: { tools: MatrixTool[]; capabilities: readonly string[]; state: MatrixState; caption: string }) {
  return (
    <ScrollRegion labelledBy="matrix-caption" className="mt-4" frameClassName="rounded-xl border" boxClassName="max-h-[80vh] overflow-auto">
      <table className="tool-matrix text-sm">
        <caption id="matrix-caption" className="sr-only">
          {caption}
        </caption>
        <thead className="sticky top-0 z-20 bg-muted text-left">
          <tr>
            <SortHeader state={state} column="name" label="Tool" className="sticky left-0 z-30 min-w-36 bg-muted px-3 py-2 font-semibold" />
            <SortHeader state={state} column="rating" label="Our rating" className="px-2 py-2 font-semibold" />
            <SortHeader state={state} column="price" label="Starting price" className="min-w-36 px-2 py-2 font-semibold" />
            <th scope="col" className="min-w-28 px-2 py-2 font-semibold">
              Category
            </th>
            {capabilities.map((capability) => (
              <th key={capability} scope="col" className="px-1 py-2 text-xs font-medium">
                {/* Vertical headings keep 25 columns narrow enough to see most of them at once. */}
                <span className="vertical-heading mx-auto block max-h-40">{capability}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {tools.map((tool) => (
            <tr key={tool.slug} className="bg-card even:bg-muted">
              <th scope="row" className="sticky left-0 z-10 bg-inherit px-3 py-2 text-left font-semibold">
                <a href={`/tools/${tool.slug}`} className="hover:underline">
                  {tool.name}
                </a>
              </th>
              <td>{tool.rating === null ? <span className="text-xs text-muted-foreground">{RATING_WORDS.notReviewed}</span> : tool.rating.toFixed(1)}</td>
              <td className="text-left">
                {tool.pricing}
                {tool.priceNote && <span className="block text-xs text-muted-foreground">{tool.priceNote}</span>}
              </td>
              <td className="text-left">{tool.categoryName}</td>
              {capabilities.map((capability, index) => (
                <MarkCell key={capability} has={tool.has[index] === "1"} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
