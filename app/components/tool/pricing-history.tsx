import { Link } from "react-router";
import { ChangeEntry } from "~/components/changes/change-entry";
import { formatLongDate } from "~/lib/ui/dates";
import type { ChangeEntry as Entry } from "~/models/tool/change-queries.server";

/**
 * A tool's 'Change history' (issue 27, decision 033; issue 44 added data facts and policy pages): its dated changes, newest first, a few here and the rest on
 * /changes?tool=…. With none, it says since when changes are recorded, and claims nothing was checked.
 */
export function PricingHistory({ tool, history }: { tool: { slug: string; name: string }; history: { entries: Entry[]; total: number; since: string | null } }) {
  const { entries, total, since } = history;
  return (
    <section aria-labelledby="pricing-history-heading" id="pricing-history">
      <h2 id="pricing-history-heading" className="text-2xl font-bold">
        Change history
      </h2>
      {entries.length > 0 ? (
        <>
          <ol className="mt-4 space-y-4 border-l-2 border-muted pl-4">
            {entries.map((entry) => (
              <li key={entry.id}>
                <ChangeEntry entry={entry} />
              </li>
            ))}
          </ol>
          {since && (
            <p className="mt-3 text-sm text-muted-foreground">
              Changes recorded since <time dateTime={since}>{formatLongDate(since)}</time>.
            </p>
          )}
        </>
      ) : (
        <p className="mt-3 text-muted-foreground" data-testid="no-price-changes">
          {since ? (
            <>
              No changes recorded for {tool.name} since we started keeping this history on <time dateTime={since}>{formatLongDate(since)}</time>.
            </>
          ) : (
            <>No changes recorded for {tool.name} yet.</>
          )}
        </p>
      )}
      <p className="mt-3 text-sm">
        {total > entries.length ? (
          <Link to={`/changes?tool=${tool.slug}`} className="font-medium text-primary underline-offset-4 hover:underline">
            All {total} changes to {tool.name}
          </Link>
        ) : (
          <Link to="/changes" className="font-medium text-primary underline-offset-4 hover:underline">
            Latest price changes across the catalogue
          </Link>
        )}
      </p>
    </section>
  );
}
