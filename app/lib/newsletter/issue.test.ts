import { describe, expect, it } from "vitest";
import { cadenceText, editItems, groupItems, issueSlug, issueStateLabel, type IssueItem } from "./issue";

const item = (key: string, kind: IssueItem["kind"] = "article"): IssueItem => ({ key, kind, title: key, text: "", path: `/x/${key}`, date: "2026-12-01" });

describe("newsletter issue items", () => {
  const items = [item("a"), item("b"), item("c")];

  it("keeps the posted order, moves one item, drops the ticked ones and ignores unknown keys", () => {
    expect(editItems(items, { order: ["c", "a", "b", "zz"], remove: [] }).map((i) => i.key)).toEqual(["c", "a", "b"]);
    expect(editItems(items, { order: ["a", "b", "c"], remove: [], move: "down:a" }).map((i) => i.key)).toEqual(["b", "a", "c"]);
    expect(editItems(items, { order: ["a", "b", "c"], remove: [], move: "up:a" }).map((i) => i.key)).toEqual(["a", "b", "c"]);
    expect(editItems(items, { order: ["a"], remove: ["b"] }).map((i) => i.key)).toEqual(["a", "c"]);
  });

  it("groups items under their headings where each kind first appears", () => {
    const groups = groupItems([item("p", "price-change"), item("a"), item("q", "price-change")]);
    expect(groups.map((group) => [group.heading, group.items.map((i) => i.key)])).toEqual([
      ["Price and plan changes", ["p", "q"]],
      ["Articles", ["a"]],
    ]);
  });

  it("numbers a second issue of one day", () => {
    expect(issueSlug("2026-12-02", [])).toBe("2026-12-02");
    expect(issueSlug("2026-12-02", ["2026-12-02", "2026-12-02-2"])).toBe("2026-12-02-3");
  });

  it("says how often issues went out from the sent ones alone", () => {
    expect(cadenceText({ sent: 0, first: null, last: null })).toBe("No issue has been sent yet.");
    expect(cadenceText({ sent: 1, first: "2026-12-02", last: "2026-12-02" })).toBe("One issue sent so far, on December 2, 2026.");
    expect(cadenceText({ sent: 3, first: "2026-11-18", last: "2026-12-02" })).toBe("3 issues sent since November 18, 2026; the last on December 2, 2026.");
  });
});

describe("an issue's badge", () => {
  it("says Sent only once the outbox has handed every message over or given up on it", () => {
    expect(issueStateLabel({ status: "sending", queued: 2, delivered: 0, failed: 0 })).toBe("Queueing");
    expect(issueStateLabel({ status: "sent", queued: 4, delivered: 0, failed: 0 })).toBe("Delivering");
    expect(issueStateLabel({ status: "sent", queued: 4, delivered: 3, failed: 0 })).toBe("Delivering");
    expect(issueStateLabel({ status: "sent", queued: 4, delivered: 3, failed: 1 })).toBe("Sent");
    expect(issueStateLabel({ status: "draft", queued: 0, delivered: 0, failed: 0 })).toBe("Draft");
  });
});
