import { describe, expect, it } from "vitest";
import { durationWords } from "./durations";

describe("durationWords", () => {
  it("says minutes under an hour, hours under two days, then days", () => {
    const minute = 60_000;
    const hour = 60 * minute;
    expect([0, 20 * minute, 59 * minute].map(durationWords)).toEqual(["1 minute", "20 minutes", "59 minutes"]);
    expect([60 * minute, 11 * hour, 47 * hour].map(durationWords)).toEqual(["1 hour", "11 hours", "47 hours"]);
    expect([48 * hour, 72 * hour + 5 * minute, 30 * 24 * hour].map(durationWords)).toEqual(["2 days", "3 days", "30 days"]);
  });
});
