import { useCallback, useState } from "react";
import { Button } from "~/components/ui/button";
import { RetryGuard, Spinner, TimeoutGuard } from "./loading-guards";

/** Shortened from the real 10 s and 15 s (spec part 1 §9) so the whole sequence is seen in a few seconds. */
const GUARD_TIMEOUT_MS = 2000;
const RETRIES = 3;

/** A load that never finishes: what the guards are there for. */
const neverLoads = () => new Promise<void>(() => {});

/** `?mode=loading-test`: the first guard times out; then the retrying guard runs out of retries. */
export default function LoadingTest() {
  const [run, setRun] = useState(0);
  const load = useCallback(neverLoads, []);
  return (
    <div key={run} className="space-y-6">
      <section aria-labelledby="guard-1" className="space-y-2">
        <h2 id="guard-1" className="text-xl font-semibold">
          1. Loading spinner ({GUARD_TIMEOUT_MS / 1000} s here)
        </h2>
        <TimeoutGuard timeoutMs={GUARD_TIMEOUT_MS}>
          <Spinner label="Loading..." />
        </TimeoutGuard>
      </section>
      <section aria-labelledby="guard-2" className="space-y-2">
        <h2 id="guard-2" className="text-xl font-semibold">
          2. Retrying guard ({RETRIES} retries)
        </h2>
        <p className="text-sm text-muted-foreground">Press Retry: each attempt times out like the first, and after the last one the page offers to reload.</p>
        <RetryGuard load={load} timeoutMs={GUARD_TIMEOUT_MS} retries={RETRIES}>
          <p>Loaded.</p>
        </RetryGuard>
      </section>
      <Button variant="outline" onClick={() => setRun((was) => was + 1)}>
        Start again
      </Button>
    </div>
  );
}
