import { Link } from "react-router";
import { changeKindLabel, changeSourceWords, describeChange, isBadNews } from "~/lib/tool/change-words";
import { formatLongDate } from "~/lib/ui/dates";
import { cn } from "~/lib/ui/cn";
import type { ChangeEntry as Entry } from "~/models/tool/change-queries.server";

const FIGURE_KINDS = new Set(["price-up", "price-down", "terms-changed"]);

/**
 * One dated change (decision 033): its day, what changed in words with every price's terms, and who recorded it.
 * `withTool` names and links the tool (the /changes list); a tool's own timeline leaves it out.
 */
export function ChangeEntry({ entry, withTool = false }: { entry: Entry; withTool?: boolean }) {
  return (
    <article className="min-w-0" id={`change-${entry.id}`} data-change-kind={entry.kind}>
      <p className="text-sm text-muted-foreground">
        <time dateTime={entry.day}>{formatLongDate(entry.day)}</time>
        {withTool && (
          <>
            {" · "}
            <Link to={`/tools/${entry.toolSlug}`} className="font-medium text-foreground underline-offset-4 hover:underline">
              {entry.toolName}
            </Link>
            {" · "}
            {entry.categoryName}
          </>
        )}
      </p>
      <p className="mt-1 break-words">
        {/* The words name every other kind themselves ('Plan added: …', 'Free plan dropped'); a figure's change says which way it went. */}
        {FIGURE_KINDS.has(entry.kind) && (
          <span
            className={cn(
              "mr-2 inline-block rounded-full border px-2 py-0.5 text-xs font-medium",
              isBadNews(entry.kind) ? "border-destructive/40 text-destructive" : "border-primary/40 text-primary",
            )}
          >
            {changeKindLabel(entry.kind)}
          </span>
        )}
        {describeChange(entry)}
      </p>
      <p className="mt-1 break-words text-xs text-muted-foreground">
        Recorded {changeSourceWords(entry.source)}
        {entry.sourceUrl ? (
          <>
            {" "}
            (source:{" "}
            <a href={entry.sourceUrl} rel="nofollow noopener" className="underline underline-offset-2">
              {entry.sourceUrl}
            </a>
            )
          </>
        ) : null}
        .
      </p>
    </article>
  );
}
