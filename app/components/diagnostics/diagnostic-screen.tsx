import { useEffect, useState, type ComponentType } from "react";
import type { DiagnosticMode } from "~/lib/vitals/diagnostics";

const TITLES = { "step-test": "Start-up steps", "loading-test": "Loading guards" } as const;

/**
 * `?mode=step-test` and `?mode=loading-test` show a diagnostic instead of the page. Their code is loaded
 * once the page has started, so no ordinary page carries it.
 */
export function DiagnosticScreen({ mode }: { mode: Exclude<DiagnosticMode, "minimal"> }) {
  const [Screen, setScreen] = useState<ComponentType | null>(null);
  useEffect(() => {
    const load = mode === "step-test" ? import("./step-test") : import("./loading-test");
    void load.then((module) => setScreen(() => module.default));
  }, [mode]);
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{TITLES[mode]}</h1>
      <div className="mt-6">{Screen ? <Screen /> : <p role="status">Starting...</p>}</div>
    </main>
  );
}
