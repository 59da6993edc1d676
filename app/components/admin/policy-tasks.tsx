import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatLongDate } from "~/lib/ui/dates";
import type { BlindPolicyPage, PolicyChangeTask } from "~/models/policy-check/queries.server";
import { WordDiff } from "./word-diff";

/** What a refused description brings back to its own form: the field's message and the words typed. */
export type NoteRefusal = { error?: string; typed?: string };

/** The vendor's page, opened beside the task (the editor reads it there, then writes here). */
function PageLink({ url, label }: { url: string; label: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="break-all font-mono text-xs text-primary underline underline-offset-4">
      {url}
      <span className="sr-only"> ({label}, opens in a new tab)</span>
    </a>
  );
}

/**
 * One changed policy page (issue 44): the page, the day the check saw the change, its word diff, and the one form
 * that says what changed. Until that form is sent, /changes says only that the page changed. A plain form post: it
 * works without JavaScript, and the card stacks at 360 px.
 */
export function PolicyChangeCard({ task, refusal, busy }: { task: PolicyChangeTask; refusal?: NoteRefusal; busy: boolean }) {
  const page = task.pageName;
  const id = `policy-change-${task.changeId}`;
  const label = `${task.name}'s ${page.toLowerCase()}`;
  return (
    <article aria-labelledby={`${id}-heading`} data-policy-task={task.changeId} data-policy-task-tool={task.slug} className="min-w-0 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`${id}-heading`} className="font-semibold">
          <a href={`/tools/${task.slug}`} className="underline-offset-4 hover:underline">
            {task.name}
          </a>
        </h3>
        <Badge variant="warning">{page} changed</Badge>
        <span className="text-xs text-muted-foreground">
          recorded <time dateTime={task.day}>{formatLongDate(task.day)}</time>
        </span>
      </div>
      <p className="mt-1">
        <PageLink url={task.url} label={label} />
      </p>
      {task.finalUrl && task.finalUrl !== task.url && <p className="mt-1 break-all text-xs text-muted-foreground">Read at {task.finalUrl} (after redirects)</p>}
      {task.diff ? (
        <WordDiff parts={task.diff} since="since the check last read the page" data-policy-diff="" />
      ) : (
        <p className="mt-2 text-sm">The text the check kept does not show the change (it lies further down a very long page): compare the page in a browser.</p>
      )}
      <Form method="post" className="mt-3 flex max-w-2xl flex-col gap-1">
        <input type="hidden" name="intent" value="describe-policy-change" />
        <input type="hidden" name="change" value={task.changeId} />
        <label htmlFor={`${id}-note`} className="text-sm font-medium">
          What changed<span className="sr-only"> on {label}</span>
        </label>
        <textarea
          id={`${id}-note`}
          name="note"
          required
          minLength={10}
          maxLength={500}
          rows={3}
          defaultValue={refusal?.typed}
          aria-invalid={refusal?.error ? true : undefined}
          aria-describedby={[`${id}-hint`, refusal?.error && `${id}-error`].filter(Boolean).join(" ")}
          className="w-full rounded-md border bg-background px-2 py-1 text-sm"
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          What the page now says differently, as you read it: 10 to 500 characters. Published as written on /changes, its feed and the tool page; it cannot be edited.
        </p>
        {refusal?.error && (
          <p id={`${id}-error`} className="text-sm font-medium text-destructive">
            {refusal.error}
          </p>
        )}
        <Button type="submit" size="sm" className="mt-1 self-start" disabled={busy}>
          Publish what changed<span className="sr-only">: {label}</span>
        </Button>
      </Form>
    </article>
  );
}

/** The watched pages whose latest read failed: the watch sees nothing there until the page can be read again. */
export function BlindPolicyPages({ pages }: { pages: BlindPolicyPage[] }) {
  return (
    <section aria-labelledby="blind-heading" className="mt-10" data-policy-blind={pages.length}>
      <h2 id="blind-heading" className="text-lg font-semibold">
        Pages the check could not read ({pages.length})
      </h2>
      <p className="max-w-3xl text-sm text-muted-foreground">
        A change on these pages would go unnoticed: open each one, and fix its address in the tool&apos;s facts file (content/facts) when it has moved.
      </p>
      {pages.length === 0 ? (
        <p className="mt-3 text-sm">The check read every watched page on its last pass.</p>
      ) : (
        // Rows, not cards: a vendor down (or no network) puts every one of its pages here, and the list must stay scannable.
        <ul className="mt-3 divide-y rounded-lg border">
          {pages.map((page) => (
            <li key={`${page.slug}/${page.page}`} data-policy-blind-page={`${page.slug}/${page.page}`} className="min-w-0 px-3 py-2 text-sm">
              <p>
                <a href={`/tools/${page.slug}`} className="font-medium underline-offset-4 hover:underline">
                  {page.name}
                </a>
                {" · "}
                {page.pageName}
                {" · "}
                <span className="text-muted-foreground">
                  tried <time dateTime={page.day}>{formatLongDate(page.day)}</time>
                </span>
              </p>
              <p>
                <PageLink url={page.url} label={`${page.name}'s ${page.pageName.toLowerCase()}`} />
              </p>
              <p>{page.why.join(" ")}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
