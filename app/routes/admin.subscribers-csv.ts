import type { RouteHandle } from "~/lib/route-handle";
import { toCsv } from "~/lib/tool/comparison-csv";
import { parseSubscriberFilters } from "~/lib/admin/subscriber-filters";
import { recordSubscriberExport, subscriberCsvRows } from "~/models/newsletter/admin.server";
import { requireRole } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import type { Route } from "./+types/admin.subscribers-csv";

export const handle = { cache: "personal" } satisfies RouteHandle;

/**
 * /admin/subscribers.csv: the list (or the filtered view it is linked from) as a CSV file. It changes nothing, but
 * the list is personal data, so each export is an audit row: who took a copy, when, and how many rows.
 * A GET that writes (the audit row), on purpose: a download is a link, and the row records a read (GDPR art. 30 record).
 */
export async function loader(args: Route.LoaderArgs) {
  const viewer = requireRole(args, "editor");
  const filters = parseSubscriberFilters(new URL(args.request.url).searchParams);
  if (!filters) throw notFound("page");
  const rows = await subscriberCsvRows(filters);
  await recordSubscriberExport(viewer, filters, rows.length - 1);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(toCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="subscribers-${date}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
