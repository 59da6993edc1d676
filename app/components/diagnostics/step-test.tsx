import { useEffect, useState } from "react";
import { cn } from "~/lib/ui/cn";

type Step = { name: string; detail: string; ms: number | null; state: "done" | "pending" | "failed" };

const moduleLoadedAt = performance.now();

/** The moments of this page's start, from the browser's own navigation timing and the app's hydration mark. */
function timedSteps(): Step[] {
  const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const hydrated = performance.getEntriesByName("atlas:hydrated")[0]?.startTime;
  const at = (ms: number | undefined) => (ms && ms > 0 ? ms : null);
  const step = (name: string, detail: string, ms: number | null): Step => ({ name, detail, ms, state: ms === null ? "pending" : "done" });
  return [
    step("Server response", "first byte of the page from the server", at(nav?.responseStart)),
    step("Document parsed", "the HTML is read and the page is visible", at(nav?.domInteractive)),
    step("Scripts ready", "the page's modules have run (DOMContentLoaded)", at(nav?.domContentLoadedEventEnd)),
    step("App hydrated", "React took over the server-rendered page", at(hydrated)),
    step("Diagnostic loaded", "this view's own code arrived", moduleLoadedAt),
    step("Page loaded", "images, styles and fonts finished (load event)", at(nav?.loadEventEnd)),
  ];
}

export default function StepTest() {
  const [steps, setSteps] = useState<Step[]>(timedSteps);
  const [health, setHealth] = useState<Step>({ name: "Database answered", detail: "GET /api/health", ms: null, state: "pending" });

  useEffect(() => {
    const refresh = () => setSteps(timedSteps());
    if (document.readyState !== "complete") addEventListener("load", () => setTimeout(refresh), { once: true });
    fetch("/api/health", { cache: "no-store" })
      .then((response) => response.json() as Promise<{ status?: string }>)
      .then((body) =>
        setHealth((was) => ({ ...was, detail: `GET /api/health: ${body.status ?? "unknown"}`, ms: performance.now(), state: body.status === "healthy" ? "done" : "failed" })),
      )
      .catch(() => setHealth((was) => ({ ...was, detail: "GET /api/health did not answer", ms: performance.now(), state: "failed" })));
    setTimeout(refresh);
  }, []);

  const all = [...steps, health];
  return (
    <>
      <p className="mb-4 text-muted-foreground">A diagnostic view of this page: remove ?mode= from the address to see the page itself.</p>
      <ol className="space-y-2" aria-label="Start-up steps">
        {all.map((step, index) => (
          <li key={step.name} data-step={step.state} className="flex items-baseline justify-between gap-4 rounded-md border p-3">
            <span>
              <strong>
                {index + 1}. {step.name}
              </strong>{" "}
              <span className="text-sm text-muted-foreground">{step.detail}</span>
            </span>
            <span className={cn("whitespace-nowrap font-mono text-sm", step.state === "failed" && "text-destructive")}>
              {step.ms === null ? "waiting" : `${Math.round(step.ms)} ms`}
              {step.state === "failed" ? " (failed)" : ""}
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}
