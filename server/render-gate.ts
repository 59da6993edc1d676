/**
 * Lets at most `max` tasks run at once; the others wait in arrival order. Rendering pages is CPU work
 * on one thread: fifty interleaved renders finish no sooner than fifty in turn, but hold fifty pages'
 * worth of objects alive at once, and the garbage collector's work grows with them (bench:pages
 * measured a quarter fewer pages per second at 50 connections than at 10 without a gate).
 */
export function concurrencyGate(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < max) running++;
    // The slot is handed over by the task that ends, so no newcomer can slip in between.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
