import { useEffect } from "react";
import { useRevalidator } from "react-router";
import type { IssueStatus } from "~/lib/newsletter/issue";
import { countOf } from "~/lib/ui/plural";
import { formatNumber } from "~/lib/ui/numbers";

/** Where a send stands (decision 061): messages queued, delivered by the outbox, and refused so far (retried). */
export function IssueProgress({ queued, delivered, failed, audience }: { queued: number; delivered: number; failed: number; audience?: number }) {
  return (
    <div className="mt-3" data-issue-progress>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        {(
          [
            ["Queued", "queued", queued],
            ["Sent", "sent", delivered],
            ["Failed", "failed", failed],
          ] as const
        ).map(([label, key, count]) => (
          <div key={key} className="rounded-md border p-2">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-progress={key}>
              {formatNumber(count)}
            </dd>
          </div>
        ))}
      </dl>
      {audience !== undefined && (
        <p className="mt-2 text-xs text-muted-foreground">{countOf(audience, "confirmed subscriber")} on the list now. A failed message is retried by the outbox until it goes.</p>
      )}
    </div>
  );
}

export const STATUS_BADGE: Record<IssueStatus, "secondary" | "warning" | "default" | "success"> = { draft: "secondary", scheduled: "warning", sending: "default", sent: "success" };

/** While an issue is sending, the page follows it (every 3 s with JavaScript; the Refresh link without). */
export function useRefreshWhile(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}
