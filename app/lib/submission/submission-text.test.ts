import { describe, expect, it } from "vitest";
import { submissionResult, triggerLabel, utcTime } from "./submission-text";

describe("submission texts", () => {
  it("words each state of a submission", () => {
    expect(submissionResult({ status: "pending", httpStatus: null, error: null, trigger: "owner-all" })).toBe("Pinging...");
    expect(submissionResult({ status: "success", httpStatus: 202, error: null, trigger: "owner-all" })).toBe("Success (HTTP 202)");
    expect(submissionResult({ status: "failed", httpStatus: 500, error: "HTTP 500 Internal Server Error", trigger: "owner-all" })).toBe("Failed: HTTP 500 Internal Server Error");
    expect(submissionResult({ status: "failed", httpStatus: null, error: null, trigger: "owner-all" })).toBe("Failed: no answer");
  });

  it("names the triggers and prints times in UTC", () => {
    expect(triggerLabel("content-sync")).toBe("Content changed at start");
    expect(triggerLabel("other")).toBe("other");
    expect(utcTime("2026-11-24T10:32:59.000Z")).toBe("2026-11-24 10:32 UTC");
  });
});
