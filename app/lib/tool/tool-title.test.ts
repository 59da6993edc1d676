import { describe, expect, it } from "vitest";
import { TITLE_MAX_LENGTH } from "../site";
import { toolPageTitle } from "./tool-title";

describe("toolPageTitle", () => {
  it("calls the page a review only when an in-depth review is published", () => {
    expect(toolPageTitle("Jasper", true)).toBe("Jasper Review: Pricing, Features, Pros and Cons");
    expect(toolPageTitle("Jasper", false)).toBe("Jasper: pricing, features and alternatives");
    expect(toolPageTitle("Jasper", false)).not.toMatch(/review/i);
  });

  it("keeps the most descriptive form within 60 characters", () => {
    const long = "Long Product Name for Writing Teams";
    expect(toolPageTitle(long, true)).toBe(`${long} Review`);
    expect(toolPageTitle(long, false)).toBe(`${long}: pricing and features`);
    const longest = "A".repeat(60);
    for (const reviewed of [true, false]) expect(toolPageTitle(longest, reviewed).length).toBeLessThanOrEqual(TITLE_MAX_LENGTH);
  });
});
