import { describe, expect, it } from "vitest";
import { nextLinkState, type CheckResult, type LinkState } from "./link-health";
import { movedTo, siteEvent, siteOf } from "./site-events";

const url = "https://example.com/";
const ok: CheckResult = { status: 200, error: null, finalUrl: "https://www.example.com/home" };
const down: CheckResult = { status: null, error: "dns", finalUrl: null };
const day = (n: number) => new Date(Date.UTC(2026, 10, n));

/** The states and events of checks in a row, as the job records them. */
function run(results: CheckResult[], { checkedUrl = url }: { checkedUrl?: string } = {}) {
  let previous: LinkState | null = null;
  let lastMovedTo: string | null = null;
  const events = [];
  for (const [index, result] of results.entries()) {
    const next = nextLinkState(previous, checkedUrl, result, day(index + 1));
    const event = siteEvent({ url: checkedUrl, previous, next, result, lastMovedTo });
    if (event?.kind === "site-moved") lastMovedTo = event.after.site;
    // A working check that stayed home forgets the last move, as the model does with the stored check.
    if (result.status === 200 && !movedTo(checkedUrl, result)) lastMovedTo = null;
    events.push(event?.kind ?? null);
    previous = next;
  }
  return events;
}

describe("sites", () => {
  it("compares registrable domains, and IP addresses and one-label hosts as they are", () => {
    expect(siteOf("https://www.example.com/a")).toBe("example.com");
    expect(siteOf("https://app.example.co.uk/")).toBe("example.co.uk");
    expect(siteOf("http://127.0.0.1:8080/")).toBe("127.0.0.1");
    expect(siteOf("http://localhost:3000/")).toBe("localhost");
    expect(siteOf("http://[::1]:3000/")).toBe("[::1]");
    expect(siteOf("not a url")).toBeNull();
  });

  it("calls a working check that ended on another domain a move, and a redirect within the site none", () => {
    expect(movedTo(url, ok)).toBeNull();
    expect(movedTo(url, { status: 200, error: null, finalUrl: "https://parked-domains.net/?d=example.com" })).toBe("parked-domains.net");
    expect(movedTo(url, { status: 404, error: null, finalUrl: "https://other.com/" })).toBeNull();
    expect(movedTo(url, { status: 200, error: null, finalUrl: null })).toBeNull();
  });
});

describe("site events, once per transition", () => {
  it("records a site going dark at the third failure in a row only, and again after it came back and went again", () => {
    expect(run([ok, down, down, down, down, down])).toEqual([null, null, null, "site-down", null, null]);
    expect(run([down, down, down, ok, down, down, down])).toEqual([null, null, "site-down", null, null, null, "site-down"]);
  });

  it("keeps the last success's date and the failure with the event", () => {
    const previous = nextLinkState(nextLinkState(nextLinkState(null, url, ok, day(1)), url, down, day(2)), url, down, day(3));
    const next = nextLinkState(previous, url, down, day(4));
    expect(siteEvent({ url, previous, next, result: down, lastMovedTo: null })).toEqual({
      kind: "site-down",
      before: { url, lastOkAt: day(1).toISOString() },
      after: { status: null, error: "dns" },
    });
  });

  it("does not count a broken old address against a new one", () => {
    const broken = [down, down, down].reduce<LinkState | null>((state, result, index) => nextLinkState(state, "https://old.com/", result, day(index + 1)), null)!;
    const next = nextLinkState(broken, url, ok, day(5));
    expect(siteEvent({ url, previous: broken, next, result: ok, lastMovedTo: null })).toBeNull();
  });

  it("records a move to another domain once while the site keeps redirecting there, and again for a further move", () => {
    const moved: CheckResult = { status: 200, error: null, finalUrl: "https://newname.ai/" };
    const further: CheckResult = { status: 200, error: null, finalUrl: "https://parking.example.net/" };
    expect(run([ok, moved, moved, moved, further, further])).toEqual([null, "site-moved", null, null, "site-moved", null]);
  });

  it("records a move again after the site came home in between", () => {
    const moved: CheckResult = { status: 200, error: null, finalUrl: "https://newname.ai/" };
    expect(run([moved, ok, moved])).toEqual(["site-moved", null, "site-moved"]);
  });

  it("describes the move with both sites", () => {
    const next = nextLinkState(null, url, ok, day(1));
    const result: CheckResult = { status: 200, error: null, finalUrl: "https://newname.ai/welcome" };
    expect(siteEvent({ url, previous: null, next, result, lastMovedTo: null })).toEqual({
      kind: "site-moved",
      before: { url, site: "example.com" },
      after: { finalUrl: "https://newname.ai/welcome", site: "newname.ai" },
    });
  });
});
