import { describe, expect, it } from "vitest";
import { CATALOGUE_OPENED, freshness, nextFreshnessChange } from "./freshness";

const at = (iso: string) => new Date(iso);

describe("freshness badges", () => {
  const tool = { addedAt: "2027-10-01", lastChecked: "2027-11-01", contentChangedAt: null };

  it("marks a tool New for 30 days after it was added, and only New", () => {
    expect(freshness(tool, at("2027-10-01T00:00:00Z"))).toEqual({ isNew: true, updatedRecently: false });
    expect(freshness(tool, at("2027-10-30T23:59:59Z"))).toEqual({ isNew: true, updatedRecently: false });
    expect(freshness(tool, at("2027-10-31T00:00:00Z")).isNew).toBe(false);
  });

  it("marks it Updated recently for 14 days after it was checked", () => {
    expect(freshness(tool, at("2027-11-14T23:59:59Z"))).toEqual({ isNew: false, updatedRecently: true });
    expect(freshness(tool, at("2027-11-15T00:00:00Z"))).toEqual({ isNew: false, updatedRecently: false });
  });

  it("counts a content change as an update too", () => {
    const changed = { ...tool, contentChangedAt: at("2027-11-20T10:00:00Z") };
    expect(freshness(changed, at("2027-12-04T09:59:59Z")).updatedRecently).toBe(true);
    expect(freshness(changed, at("2027-12-04T10:00:00Z")).updatedRecently).toBe(false);
    expect(freshness({ ...tool, contentChangedAt: "2027-11-20T10:00:00.000Z" }, at("2027-12-01T00:00:00Z")).updatedRecently).toBe(true);
  });

  it("names the next moment a badge changes, none once all are old", () => {
    const other = { addedAt: "2027-11-20", lastChecked: "2027-11-20", contentChangedAt: null };
    expect(nextFreshnessChange([tool, other], at("2027-11-10T00:00:00Z"))).toBe(Date.parse("2027-11-15T00:00:00Z"));
    expect(nextFreshnessChange([tool, other], at("2027-11-15T00:00:00Z"))).toBe(Date.parse("2027-12-04T00:00:00Z"));
    expect(nextFreshnessChange([tool, other], at("2028-01-01T00:00:00Z"))).toBeUndefined();
  });

  it("never marks the launch catalogue New: those tools were not added, the catalogue opened with them", () => {
    const launch = { addedAt: CATALOGUE_OPENED, lastChecked: "2026-11-23", contentChangedAt: null };
    expect(freshness(launch, at("2026-11-23T12:00:00Z"))).toEqual({ isNew: false, updatedRecently: true });
    expect(freshness({ ...launch, addedAt: "2026-11-23" }, at("2026-11-23T12:00:00Z"))).toEqual({ isNew: true, updatedRecently: false });
  });
});
