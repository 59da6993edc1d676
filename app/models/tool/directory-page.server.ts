import { TOOLS_PAGE_SIZE, type ToolFilters } from "~/lib/tool/tool-filters";
import { cardOnPage } from "~/lib/tool/card-on-page";
import { cardShown } from "./queries.server";
import { searchTools } from "./search.server";

/**
 * One page of the directory as its pages show it (/tools, a category page): the cards as a page sends them, what they
 * show in the HTML only when the answer is a `document` (decision 069). Null past the last page (an empty page
 * after the first: a capped count has no exact page count), which is not a page. The one reading of it for /tools's
 * loader, a category page's and the directory shell's fill (decision 074).
 */
export async function findDirectoryPage(filters: ToolFilters, { document }: { document: boolean }) {
  const result = await searchTools(filters, TOOLS_PAGE_SIZE, { withTasks: true });
  if (filters.page > 1 && result.tools.length === 0) return null;
  return { ...result, tools: result.tools.map((card) => cardOnPage(cardShown(card), { document })) };
}
