import { useCallback, useEffect, useRef, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/lib/ui/cn";
import { summarise, VERIFICATION_LIMITS, type CheckResult } from "~/lib/vitals/verification";
import { countOf } from "~/lib/ui/plural";
import { formatDateTimeUtc } from "~/lib/ui/dates";

type Run = { checkedAt: string; checks: CheckResult[] };

/** The server's half, or one card saying why it could not be had. */
async function fetchServerChecks(): Promise<CheckResult[]> {
  try {
    const response = await fetch("/verification/run", { headers: { Accept: "application/json" } });
    if (!response.ok) {
      const reply = (await response.json().catch(() => null)) as { toast?: { title?: string; description?: string } } | null;
      const text = reply?.toast?.description ?? response.statusText;
      return [{ id: "server", name: "Server checks", issues: [`HTTP ${response.status}: ${text}`], warnings: [], info: [] }];
    }
    return ((await response.json()) as Run).checks;
  } catch {
    return [{ id: "server", name: "Server checks", issues: ["HTTP 0: the server did not answer"], warnings: [], info: [] }];
  }
}

function CheckCard({ check }: { check: CheckResult }) {
  const state = check.issues.length ? "issues" : check.warnings.length ? "warnings" : "passed";
  const headingId = `check-${check.id}`;
  return (
    <Card data-check={check.id} data-state={state} aria-labelledby={headingId}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle id={headingId} className="text-lg">
          {check.name}
        </CardTitle>
        <Badge variant={state === "passed" ? "success" : state === "warnings" ? "warning" : "default"} className={cn(state === "issues" && "bg-destructive text-white")}>
          {state === "passed" ? "Passed" : state === "warnings" ? countOf(check.warnings.length, "warning") : countOf(check.issues.length, "issue")}
        </Badge>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        {(
          [
            ["Issues", check.issues],
            ["Warnings", check.warnings],
            ["Info", check.info],
          ] as const
        ).map(([label, lines]) =>
          lines.length ? (
            <div key={label}>
              <h4 className="font-semibold">{label}</h4>
              <ul className="list-disc break-words pl-5">
                {lines.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            </div>
          ) : null,
        )}
      </CardContent>
    </Card>
  );
}

/**
 * Spec part 2 §2.11: runs 3 s after the page loads and on Run Verification; shows PASSED or ISSUES FOUND,
 * the counts and a card per check. The browser checks' code loads with the first run.
 */
export function VerificationDashboard() {
  const [run, setRun] = useState<Run | null>(null);
  const [running, setRunning] = useState(false);
  const busy = useRef(false);

  const verify = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    setRunning(true);
    try {
      const [browser, server] = await Promise.all([import("./browser-checks").then((module) => module.runBrowserChecks()), fetchServerChecks()]);
      setRun({ checkedAt: new Date().toISOString(), checks: [...browser, ...server] });
    } finally {
      busy.current = false;
      setRunning(false);
    }
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => void verify(), VERIFICATION_LIMITS.autoRunDelayMs);
    return () => clearTimeout(timer);
  }, [verify]);

  const summary = run ? summarise(run.checks) : null;
  return (
    <section aria-labelledby="checks-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="checks-heading" className="text-2xl font-semibold">
          Checks
        </h2>
        <Button onClick={() => void verify()} disabled={running}>
          {running ? "Running..." : "Run Verification"}
        </Button>
      </div>
      <div role="status" aria-live="polite" className="rounded-lg border p-4">
        {summary && run ? (
          <div className="space-y-2">
            <p data-testid="verification-result" className={cn("text-2xl font-bold", summary.passed ? "text-emerald-700 dark:text-emerald-400" : "text-destructive")}>
              {summary.passed ? "PASSED" : "ISSUES FOUND"}
            </p>
            <dl className="flex flex-wrap gap-6 text-sm">
              {(
                [
                  ["Issues", summary.issues],
                  ["Warnings", summary.warnings],
                  ["Tests run", summary.testsRun],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd data-count={label} className="text-xl font-semibold">
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            <p className="text-xs text-muted-foreground">Checked at {formatDateTimeUtc(run.checkedAt, { seconds: true })}</p>
          </div>
        ) : (
          <p>{running ? "Running verification..." : "Verification runs 3 seconds after the page loads."}</p>
        )}
      </div>
      {run && (
        <div className="grid gap-4 md:grid-cols-2">
          {run.checks.map((check) => (
            <CheckCard key={check.id} check={check} />
          ))}
        </div>
      )}
    </section>
  );
}
