import { redirect } from "react-router";
import { safeRedirect } from "~/lib/account/safe-redirect";

/**
 * The 301 from another spelling of a page's address to its canonical one (an article's slug, a tool's in capitals:
 * decision 047), keeping the query string. The caller builds `canonicalPath` from what the database holds, never
 * from what was typed; the query is the visitor's, so the whole goes through `safeRedirect` like every
 * visitor-influenced redirect, and a target it refuses falls back to the path alone. `search` replaces the
 * request's query when the query itself is what had another spelling (the directory's filters: `tidyFilterQuery`).
 */
export function canonicalRedirect(request: Request, canonicalPath: string, search = new URL(request.url).search) {
  return redirect(safeRedirect(canonicalPath + search, canonicalPath), 301);
}
