import { describe, expect, it } from "vitest";
import { createDebugLog, DEBUG_LOG_CAPACITY, DEBUG_LOG_VISIBLE } from "./debug-log";

describe("debug log", () => {
  it("keeps the last 100 entries and shows the newest 10 first", () => {
    const log = createDebugLog();
    for (let i = 1; i <= 130; i++) log.push("info", `entry ${i}`, i);
    expect(log.entries()).toHaveLength(DEBUG_LOG_CAPACITY);
    expect(log.entries()[0]?.message).toBe("entry 31");
    const latest = log.latest();
    expect(latest).toHaveLength(DEBUG_LOG_VISIBLE);
    expect(latest[0]?.message).toBe("entry 130");
    expect(latest.at(-1)?.message).toBe("entry 121");
  });

  it("notifies subscribers until they unsubscribe", () => {
    const log = createDebugLog();
    const seen: number[] = [];
    const unsubscribe = log.subscribe((entries) => seen.push(entries.length));
    log.push("info", "a");
    unsubscribe();
    log.push("info", "b");
    expect(seen).toEqual([1]);
  });
});
