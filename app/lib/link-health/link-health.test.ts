import { describe, expect, it } from "vitest";
import { BROKEN_AFTER, changesPublicState, describeCheck, isBroken, isWorking, nextLinkState, OUTAGE_MIN_HOSTS, passOutage, type LinkState } from "./link-health";

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

  it("keeps the day of the last check that worked through later failures, and only that", () => {
    const worked = nextLinkState(null, "https://a.example/", ok, day("2026-11-01"));
    expect(worked.lastOkAt).toEqual(day("2026-11-01"));
    const failed = nextLinkState(worked, "https://a.example/", notFound, day("2026-11-02"));
    expect(failed.lastOkAt).toEqual(day("2026-11-01"));
    expect(nextLinkState(null, "https://a.example/", notFound, day("2026-11-02")).lastOkAt).toBeNull();
    expect(nextLinkState(failed, "https://moved.example/", ok, day("2026-11-03")).lastOkAt).toEqual(day("2026-11-03"));
    expect(nextLinkState(failed, "https://moved.example/", notFound, day("2026-11-03")).lastOkAt).toBeNull();
  });

  it("starts again when the stored URL changed", () => {
    const twice = nextLinkState(nextLinkState(null, "https://old.example/", notFound, day("2026-11-01")), "https://old.example/", notFound, day("2026-11-02"));
    expect(nextLinkState(twice, "https://new.example/", notFound, day("2026-11-03")).consecutiveFailures).toBe(1);
  });
});

describe("changesPublicState", () => {
  const state = (failures: number, date: string, lastOk: string | null = failures === 0 ? date : null): LinkState => ({
    url: "u",
    ok: failures === 0,
    consecutiveFailures: failures,
    checkedAt: day(date),
    lastOkAt: lastOk ? day(lastOk) : null,
  });

  it("on a tool page: the first success, a new day of success, becoming broken or working again", () => {
    expect(changesPublicState(null, state(0, "2026-11-01"), true)).toBe(true);
    expect(changesPublicState(state(0, "2026-11-01"), state(0, "2026-11-01"), true)).toBe(false);
    expect(changesPublicState(state(0, "2026-11-01"), state(0, "2026-11-02"), true)).toBe(true);
    expect(changesPublicState(state(2, "2026-11-01"), state(3, "2026-11-01"), true)).toBe(true);
    expect(changesPublicState(state(3, "2026-11-01"), state(0, "2026-11-01"), true)).toBe(true);
  });

  it("on a tool page, a failure short of broken changes nothing: the page keeps the last success's date", () => {
    expect(changesPublicState(null, state(1, "2026-11-01"), true)).toBe(false);
    expect(changesPublicState(state(0, "2026-11-01"), state(1, "2026-11-02", "2026-11-01"), true)).toBe(false);
    expect(changesPublicState(state(1, "2026-11-02", "2026-11-01"), state(2, "2026-11-03", "2026-11-01"), true)).toBe(false);
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

describe("passOutage", () => {
  const hosts = (count: number, error: "dns" | "connection" | "timeout" | null, status = 0) =>
    Array.from({ length: count }, (_, index) => ({ host: `site${status}-${index}.example`, error }));

  it("reads most links failing without an answer across many sites as the checker's own outage", () => {
    expect(passOutage(hosts(20, "dns"))).toBe("dns");
    expect(passOutage([...hosts(12, "connection"), ...hosts(3, "timeout", 1), ...hosts(4, null, 2)])).toBe("connection");
  });

  it("leaves a normal pass alone: few failures, failures with an answer, or too few sites to tell", () => {
    expect(passOutage([...hosts(3, "dns"), ...hosts(17, null, 1)])).toBeNull();
    expect(passOutage([...hosts(10, "dns"), ...hosts(10, null, 1)])).toBeNull();
    expect(passOutage(hosts(OUTAGE_MIN_HOSTS - 1, "timeout"))).toBeNull();
    // One dead site with many links is that site's failure, not ours.
    expect(passOutage(Array.from({ length: 10 }, () => ({ host: "one.example", error: "dns" as const })))).toBeNull();
    expect(passOutage([])).toBeNull();
  });
});

describe("describeCheck", () => {
  it("says what happened in words", () => {
    expect(describeCheck({ status: 404, error: null })).toBe("404 Not found");
    expect(describeCheck({ status: 418, error: null })).toBe("418");
    expect(describeCheck({ status: null, error: "dns" })).toBe("Host not found (DNS)");
    expect(describeCheck({ status: 301, error: "redirects" })).toBe("Too many redirects");
    expect(describeCheck({ status: 302, error: "blocked" })).toBe("Refused: leads to a private network address");
    expect(describeCheck({ status: 301, error: "downgrade" })).toBe("Refused: redirects from https to plain http");
    expect(isWorking({ status: 302, error: "blocked" })).toBe(false);
  });
});
