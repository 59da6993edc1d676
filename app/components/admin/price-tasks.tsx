import type { ReactNode } from "react";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatLongDate } from "~/lib/ui/dates";
import { PRICE_TASK_TITLES, priceTaskReason } from "~/lib/admin/price-task-words";
import type { PriceTask } from "~/models/pricing-check/queries.server";
import { WordDiff } from "./word-diff";

/** The extracted text shown in a task, at most (the stored text can be four times longer). */
const TEXT_SHOWN = 6000;

/**
 * The price check's tasks in /admin/prices (decision 034): what the check found on each vendor's page, in plain
 * words, with the figures not found, the word diff against the text last confirmed, and the page's text; and the
 * two ways out: confirm as is (the editor's confirmation closes the task) or edit the plans. Plain forms and links:
 * it works without JavaScript, and the cards stack at 360 px.
 */
export function PriceTasks({
  tasks,
  total,
  counts,
  intervalHours,
  busy,
  confirmForm,
}: {
  tasks: PriceTask[];
  total: number;
  counts: Record<PriceTask["outcome"], number>;
  intervalHours: number;
  busy: boolean;
  confirmForm: (task: PriceTask) => ReactNode;
}) {
  return (
    <section aria-labelledby="tasks-heading" className="mt-6" data-price-tasks={total}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="tasks-heading" className="text-lg font-semibold">
            Needs attention ({total})
          </h2>
          <p className="max-w-3xl text-sm text-muted-foreground">
            The price check reads every tool&apos;s pricing page
            {intervalHours > 0 ? ` every ${intervalHours} hours` : " when you run it (set PRICE_CHECK_INTERVAL_HOURS on the server to check on a schedule)"} and confirms a tool
            only when every listed price is on the vendor&apos;s own page. Anything else waits here for a person.
            {total > 0 && ` ${counts.moved} may have changed hands, ${counts.changed} may have new prices, ${counts["needs-person"]} need a person.`}
          </p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="run-price-check" />
          <Button type="submit" variant="outline" size="sm" disabled={busy}>
            Run a check now
          </Button>
        </Form>
      </div>
      {tasks.length === 0 ? (
        <p className="mt-3 text-sm">No open tasks: every page the check read matched, or an editor has confirmed it since.</p>
      ) : (
        <ol className="mt-3 grid gap-4">
          {tasks.map((task) => (
            <li key={task.slug}>
              <TaskCard task={task} confirmForm={confirmForm} />
            </li>
          ))}
        </ol>
      )}
      {total > tasks.length && <p className="mt-3 text-sm text-muted-foreground">{total - tasks.length} more; each one you resolve brings the next.</p>}
    </section>
  );
}

function TaskCard({ task, confirmForm }: { task: PriceTask; confirmForm: (task: PriceTask) => ReactNode }) {
  const { details } = task;
  const moved = task.outcome === "moved";
  const headingId = `task-${task.slug}`;
  return (
    <article
      aria-labelledby={headingId}
      data-price-task={task.slug}
      data-price-task-outcome={task.outcome}
      className={moved ? "rounded-lg border-2 border-destructive p-4" : "rounded-lg border p-4"}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="font-semibold">
          <a href={`/tools/${task.slug}`} className="underline-offset-4 hover:underline">
            {task.name}
          </a>
        </h3>
        <Badge variant={moved ? "default" : task.outcome === "changed" ? "warning" : "outline"}>{PRICE_TASK_TITLES[task.outcome]}</Badge>
        <span className="text-xs text-muted-foreground">
          checked <time dateTime={task.day}>{formatLongDate(task.day)}</time>
          {details.rendered ? " (rendered with scripts)" : ""}
        </span>
      </div>
      <p className="mt-1 break-all font-mono text-xs">{task.pricingUrl}</p>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {details.reasons.map((reason) => (
          <li key={reason}>{priceTaskReason(reason, details)}</li>
        ))}
      </ul>
      {details.missing?.length ? (
        <div className="mt-2 text-sm">
          <p className="font-medium">Not found on the page:</p>
          <ul className="pl-5 list-disc">
            {details.missing.map((item) => (
              <li key={item.plan}>
                {item.plan}: {item.listed}
                {item.elsewhere ? " (the figure is on the page, but not near the plan's name)" : ""}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {details.figures?.length ? <p className="mt-2 text-sm">Prices on the page: {details.figures.join(", ")}</p> : null}
      {details.diff?.length ? <WordDiff parts={details.diff} since="since prices were last confirmed" data-price-diff="" /> : null}
      {details.text ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-medium">The page&apos;s text as the check read it</summary>
          <pre className="mt-1 max-h-96 overflow-auto whitespace-pre-wrap break-words rounded bg-muted p-2 text-xs">
            {details.text.slice(0, TEXT_SHOWN)}
            {details.text.length > TEXT_SHOWN ? "\n…" : ""}
          </pre>
        </details>
      ) : null}
      <div className="mt-3 flex flex-wrap items-end gap-4">
        {confirmForm(task)}
        <Button asChild variant="outline">
          <a href={`/admin/prices/${task.slug}`}>
            Edit plans<span className="sr-only"> of {task.name}</span>
          </a>
        </Button>
      </div>
    </article>
  );
}
