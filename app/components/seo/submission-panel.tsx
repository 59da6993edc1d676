import { useEffect } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { Button } from "~/components/ui/button";
import { ResultMessage } from "~/components/ui/form-parts";
import type { Reply } from "~/lib/reply";
import { submissionResult, triggerLabel, utcTime, type SubmissionView } from "~/lib/submission/submission-text";
import { formatNumber } from "~/lib/ui/numbers";

export type SubmissionRow = SubmissionView & { id: number; engine: string; urlCount: number; createdAt: string | Date };

export type IndexNowState = { on: false } | { on: true; engine: string; keyLocation: string };

/** While a batch is on its way, the list refreshes itself (with JavaScript; without, a reload shows the result). */
function useRefreshWhilePending(pending: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!pending || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), 1500);
    return () => clearTimeout(timer);
  }, [pending, state, revalidate]);
}

export function SubmitForm({ reply }: { reply: Reply | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  return (
    <Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value="submit" />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="scope" value="changed" disabled={busy} className="min-h-11">
          {busy ? "Pinging..." : "Submit changed"}
        </Button>
        <Button type="submit" name="scope" value="all" variant="outline" disabled={busy} className="min-h-11">
          {busy ? "Pinging..." : "Submit all URLs"}
        </Button>
      </div>
      <ResultMessage result={reply} />
    </Form>
  );
}

export function SubmissionList({ submissions }: { submissions: SubmissionRow[] }) {
  useRefreshWhilePending(submissions.some((row) => row.status === "pending"));
  return (
    <AdminTable
      caption="Submission results, latest first"
      rows={submissions}
      rowKey={(row) => row.id}
      rowData={(row) => ({ "data-status": row.status })}
      columns={[
        { header: "When", cellClassName: "whitespace-nowrap", cell: (row) => utcTime(row.createdAt) },
        { header: "Engine", cell: (row) => `IndexNow (${row.engine})` },
        { header: "Started by", cell: (row) => triggerLabel(row.trigger) },
        { header: "URLs", className: "text-right", cellClassName: "tabular-nums", cell: (row) => formatNumber(row.urlCount) },
        { header: "Result", cellClassName: (row) => (row.status === "failed" ? "text-destructive" : undefined), cell: (row) => submissionResult(row) },
      ]}
      empty="Nothing has been submitted yet."
    />
  );
}

/** The owner's controls, or why there are none. */
export function SubmissionControls({ indexNow, role, reply }: { indexNow: IndexNowState; role: string | null; reply: Reply | undefined }) {
  if (!indexNow.on) {
    return (
      <p className="text-sm">
        IndexNow is <strong>off</strong>: nothing is sent to any search engine. To turn it on, set <code>INDEXNOW_KEY</code> (8 to 128 letters, digits or hyphens) in the server's
        environment and restart it; the key file is then served at <code>/&#123;key&#125;.txt</code>.
      </p>
    );
  }
  return (
    <div className="space-y-3 text-sm">
      <p>
        IndexNow is <strong>on</strong>: after a start whose content changed, the changed pages are submitted to <strong>{indexNow.engine}</strong>, which shares them with every
        participating search engine (Bing, Yandex, Seznam, Naver and others). Key file:{" "}
        <a href={indexNow.keyLocation} className="break-all underline underline-offset-2">
          {indexNow.keyLocation}
        </a>
        .
      </p>
      {role === "owner" ? (
        <SubmitForm reply={reply} />
      ) : role ? (
        <p className="text-muted-foreground">Only the site's owner can submit URLs by hand.</p>
      ) : (
        <p className="text-muted-foreground">
          The site's owner can submit URLs by hand here:{" "}
          <Link to="/auth?redirectTo=%2Fsitemap-dashboard" className="underline underline-offset-2">
            sign in
          </Link>
          .
        </p>
      )}
    </div>
  );
}
