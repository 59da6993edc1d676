import { describe, expect, it } from "vitest";
import { clickQuery, parseClickFilters, parseLink } from "./click-filters";

describe("click filters", () => {
  it("reads a known period, else the default of 90 days", () => {
    expect(parseClickFilters(new URLSearchParams("days=7")).days).toBe(7);
    for (const days of ["", "8", "-30", "90.5", "x"]) expect(parseClickFilters(new URLSearchParams({ days })).days, days).toBe(90);
  });

  it("reads a link of a known kind, which wins over a program", () => {
    expect(parseLink("tool/chatgpt")).toEqual({ kind: "tool", target: "chatgpt" });
    for (const bad of ["tool/", "robot/x", "chatgpt", null]) expect(parseLink(bad), String(bad)).toBeNull();
    expect(parseClickFilters(new URLSearchParams("program=jasper-ai&link=deal/d1"))).toEqual({ days: 90, program: null, link: { kind: "deal", target: "d1" } });
    expect(parseClickFilters(new URLSearchParams("program=jasper-ai"))).toEqual({ days: 90, program: "jasper-ai", link: null });
  });

  it("writes a view back without its defaults", () => {
    expect(clickQuery({ days: 90 })).toBe("");
    expect(clickQuery({ days: 7, link: { kind: "tool", target: "a b" } })).toBe("?days=7&link=tool%2Fa+b");
  });
});
