import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_WINDOW_MS, diagnosticModeOf, shouldReloadForChunk } from "./diagnostics";

describe("diagnostic modes", () => {
  it("knows the three variants and nothing else", () => {
    expect(diagnosticModeOf("?mode=minimal")).toBe("minimal");
    expect(diagnosticModeOf("?q=x&mode=step-test")).toBe("step-test");
    expect(diagnosticModeOf(new URLSearchParams("mode=loading-test"))).toBe("loading-test");
    expect(diagnosticModeOf("?mode=full")).toBeNull();
    expect(diagnosticModeOf("?mode=MINIMAL")).toBeNull();
    expect(diagnosticModeOf("")).toBeNull();
  });
});

describe("chunk failure reload", () => {
  const now = 1_000_000_000;
  it("reloads the first time, not again within the window, and again after it", () => {
    expect(shouldReloadForChunk(null, now)).toBe(true);
    expect(shouldReloadForChunk(String(now - 5000), now)).toBe(false);
    expect(shouldReloadForChunk(String(now - CHUNK_RELOAD_WINDOW_MS - 1), now)).toBe(true);
  });
  it("treats a broken or future flag as no reload yet", () => {
    expect(shouldReloadForChunk("garbage", now)).toBe(true);
    expect(shouldReloadForChunk(String(now + 100_000), now)).toBe(true);
  });
});
