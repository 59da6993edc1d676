import { beforeEach, describe, expect, it, vi } from "vitest";
import { adoptAnonymousDraft, clearDraft, failedQueue, loadDraft, queueFailedSubmit, saveDraft } from "./drafts";

// A minimal localStorage for the node test environment.
const store = new Map<string, string>();
vi.stubGlobal("localStorage", {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
  removeItem: (key: string) => void store.delete(key),
});

const DAY = 24 * 60 * 60 * 1000;

describe("review drafts (spec §3, §7)", () => {
  beforeEach(() => store.clear());

  it("keeps one draft per user and tool and clears it", () => {
    saveDraft("u1", 7, { rating: 4, comment: "Half written" });
    saveDraft("u2", 7, { rating: 1, comment: "Other user" });
    expect(loadDraft("u1", 7)).toEqual({ rating: 4, comment: "Half written" });
    expect(loadDraft("u1", 8)).toBeNull();
    clearDraft("u1", 7);
    expect(loadDraft("u1", 7)).toBeNull();
    expect(loadDraft("u2", 7)).toEqual({ rating: 1, comment: "Other user" });
  });

  it("drops drafts and failed-sync entries older than 24 hours", () => {
    saveDraft("u1", 7, { rating: 5, comment: "Old" });
    queueFailedSubmit("u1", 9, { rating: 3, comment: "Failed" });
    expect(loadDraft("u1", 7, Date.now() + DAY + 1000)).toBeNull();
    expect(failedQueue(Date.now() + DAY + 1000)).toEqual([]);
    expect(failedQueue()).toHaveLength(1);
  });

  it("keeps one queue entry per user and tool, removed when the draft is cleared", () => {
    queueFailedSubmit("u1", 9, { rating: 3, comment: "First" });
    queueFailedSubmit("u1", 9, { rating: 4, comment: "Second" });
    expect(failedQueue().map((entry) => entry.draftData.comment)).toEqual(["Second"]);
    clearDraft("u1", 9);
    expect(failedQueue()).toEqual([]);
  });

  it("hands an anonymous draft to the account that signs in", () => {
    saveDraft("anonymous", 3, { rating: 5, comment: "Typed before signing in" });
    adoptAnonymousDraft("u9", 3);
    expect(loadDraft("u9", 3)).toEqual({ rating: 5, comment: "Typed before signing in" });
    expect(loadDraft("anonymous", 3)).toBeNull();
  });

  it("an empty draft is no draft", () => {
    saveDraft("u1", 7, { rating: 0, comment: "  " });
    expect(loadDraft("u1", 7)).toBeNull();
  });
});
