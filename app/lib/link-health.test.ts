import { describe, expect, it } from "vitest";
import { BROKEN_AFTER, changesPublicState, describeCheck, isBroken, isWorking, nextLinkState, type LinkState } from "./link-health";

const day = (iso: string) => new Date(`${iso}T08:00:00Z`);
const ok = { status: 200, error: null, finalUrl: "https://a.example/" };
const notFound = { status: 404, error: null, finalUrl: "https://a.example/" };

describe("isWorking", () => {
  it("counts 2xx and the answers of servers that keep robots out as working, everything else as failing", () => {
    for (const status of [200, 204, 401, 403, 429]) expect(isWorking({ status, error: null }), String(status)).toBe(true);
    for (const status of [400, 404, 405, 410, 500, 503, 301]) expect(isWorking({ status, error: null }), String(status)).toBe(false);
    expect(isWorking({ status: null, error: "timeout" })).toBe(false);
    expect(isWorking({ status: 301, error: "redirects" })).toBe(false);
  });
});

describe("nextLinkState", () => {
  it("counts failures in a row and flags the link on the third", () => {
    let state: LinkState | null = null;
    for (let i = 1; i <= BROKEN_AFTER; i++) {
      state = nextLinkState(state, "https://a.example/", notFound, day(`2026-11-0${i}`));
      expect(state.consecutiveFailures).toBe(i);
      expect(isBroken(state)).toBe(i === BROKEN_AFTER);
    }
    const recovered = nextLinkState(state, "https://a.example/", ok, day("2026-11-05"));
    expect([recovered.ok, recovered.consecutiveFailures, isBroken(recovered)]).toEqual([true, 0, false]);
  });

  it("starts again when the stored URL changed", () => {
    const twice = nextLinkState(nextLinkState(null, "https://old.example/", notFound, day("2026-11-01")), "https://old.example/", notFound, day("2026-11-02"));
    expect(nextLinkState(twice, "https://new.example/", notFound, day("2026-11-03")).consecutiveFailures).toBe(1);
  });
});

describe("changesPublicState", () => {
  const state = (failures: number, date: string): LinkState => ({ url: "u", ok: failures === 0, consecutiveFailures: failures, checkedAt: day(date) });

  it("on a tool page: the first check, a new day, becoming broken or working again", () => {
    expect(changesPublicState(null, state(0, "2026-11-01"), true)).toBe(true);
    expect(changesPublicState(state(0, "2026-11-01"), state(0, "2026-11-01"), true)).toBe(false);
    expect(changesPublicState(state(0, "2026-11-01"), state(0, "2026-11-02"), true)).toBe(true);
    expect(changesPublicState(state(2, "2026-11-01"), state(3, "2026-11-01"), true)).toBe(true);
    expect(changesPublicState(state(3, "2026-11-01"), state(0, "2026-11-01"), true)).toBe(true);
  });

  it("on a card, only what the broken notice shows", () => {
    expect(changesPublicState(null, state(0, "2026-11-01"), false)).toBe(false);
    expect(changesPublicState(state(0, "2026-11-01"), state(0, "2026-11-02"), false)).toBe(false);
    expect(changesPublicState(state(1, "2026-11-01"), state(2, "2026-11-02"), false)).toBe(false);
    expect(changesPublicState(state(2, "2026-11-01"), state(3, "2026-11-02"), false)).toBe(true);
    expect(changesPublicState(state(3, "2026-11-01"), state(4, "2026-11-02"), false)).toBe(true);
    expect(changesPublicState(state(3, "2026-11-02"), state(4, "2026-11-02"), false)).toBe(false);
    expect(changesPublicState(state(4, "2026-11-02"), state(0, "2026-11-03"), false)).toBe(true);
  });
});

describe("describeCheck", () => {
  it("says what happened in words", () => {
    expect(describeCheck({ status: 404, error: null })).toBe("404 Not found");
    expect(describeCheck({ status: 418, error: null })).toBe("418");
    expect(describeCheck({ status: null, error: "dns" })).toBe("Host not found (DNS)");
    expect(describeCheck({ status: 301, error: "redirects" })).toBe("Too many redirects");
  });
});
