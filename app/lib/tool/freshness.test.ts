import { describe, expect, it } from "vitest";
import { freshness, nextFreshnessChange, UPDATED_DAYS } from "./freshness";

const at = (iso: string) => new Date(iso);

describe("freshness badges", () => {
  const tool = { addedAt: "2027-10-01", factsChangedAt: null, launchCatalogue: false };

  it("marks a tool New for 30 days after it was added, and only New", () => {
    expect(freshness(tool, at("2027-10-01T00:00:00Z"))).toEqual({ isNew: true, updatedRecently: false });
    expect(freshness(tool, at("2027-10-30T23:59:59Z"))).toEqual({ isNew: true, updatedRecently: false });
    expect(freshness(tool, at("2027-10-31T00:00:00Z"))).toEqual({ isNew: false, updatedRecently: false });
  });

  it("never calls a tool Updated recently without a change of its facts, whatever the clock", () => {
    for (const now of ["2027-10-31T00:00:00Z", "2027-11-02T00:00:00Z", "2028-06-01T00:00:00Z"]) expect(freshness(tool, at(now)).updatedRecently).toBe(false);
  });

  it("marks it Updated recently for 30 days after its facts changed, by its own change date", () => {
    expect(UPDATED_DAYS).toBe(30);
    const changed = { ...tool, factsChangedAt: at("2027-11-20T10:00:00Z") };
    expect(freshness(changed, at("2027-11-20T10:00:00Z")).updatedRecently).toBe(true);
    expect(freshness(changed, at("2027-12-20T09:59:59Z")).updatedRecently).toBe(true);
    expect(freshness(changed, at("2027-12-20T10:00:00Z")).updatedRecently).toBe(false);
    expect(freshness({ ...tool, factsChangedAt: "2027-11-20T10:00:00.000Z" }, at("2027-12-01T00:00:00Z")).updatedRecently).toBe(true);
  });

  it("names the next moment a badge changes, none once all are old", () => {
    const changed = { addedAt: "2027-10-01", factsChangedAt: at("2027-11-05T00:00:00Z"), launchCatalogue: false };
    const added = { addedAt: "2027-11-20", factsChangedAt: null, launchCatalogue: false };
    expect(nextFreshnessChange([changed, added], at("2027-11-10T00:00:00Z"))).toBe(Date.parse("2027-12-05T00:00:00Z"));
    expect(nextFreshnessChange([changed, added], at("2027-12-05T00:00:00Z"))).toBe(Date.parse("2027-12-20T00:00:00Z"));
    expect(nextFreshnessChange([changed, added], at("2028-01-01T00:00:00Z"))).toBeUndefined();
  });

  it("never marks the launch catalogue New or Updated on its own: those tools were not added or changed, the catalogue opened with them", () => {
    const launch = { addedAt: "2026-11-23", factsChangedAt: null, launchCatalogue: true };
    expect(freshness(launch, at("2026-11-23T12:00:00Z"))).toEqual({ isNew: false, updatedRecently: false });
    expect(nextFreshnessChange([launch], at("2026-11-23T12:00:00Z"))).toBeUndefined();
    expect(freshness({ ...launch, launchCatalogue: false }, at("2026-11-23T12:00:00Z"))).toEqual({ isNew: true, updatedRecently: false });
    // Its facts changing later still says so.
    expect(freshness({ ...launch, factsChangedAt: at("2026-12-01T00:00:00Z") }, at("2026-12-02T00:00:00Z"))).toEqual({ isNew: false, updatedRecently: true });
  });
});
