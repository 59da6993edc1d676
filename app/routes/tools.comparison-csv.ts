import type { RouteHandle } from "~/lib/route-handle";
import { comparisonCsvFileName, comparisonCsvRows, toCsv } from "~/lib/tool/comparison-csv";
import { getComparison } from "~/models/tool/comparison.server";
import { AppError } from "~/utils/errors.server";
import { resourceErrorResponse } from "~/utils/replies.server";
import type { Route } from "./+types/tools.comparison-csv";

export const handle = { cache: "shared" } satisfies RouteHandle;

/**
 * The comparison as a CSV download, for the no-JavaScript export link and for
 * anyone who links to it; the in-page export writes the same rows in the browser.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const comparison = await getComparison(new URL(request.url).searchParams);
  // The team's cost (issue 47) for `?team=` and `?needs=`, by the function the comparison page shows it with.
  if (!comparison.tools.length) {
    return resourceErrorResponse(new AppError("INVALID_INPUT", { message: "comparisonCsvNoTools" }));
  }
  return new Response(toCsv(comparisonCsvRows(comparison.tools, comparison.features)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${comparisonCsvFileName(new Date())}"`,
      "Cache-Control": "no-cache",
      "X-Robots-Tag": "noindex",
    },
  });
}
