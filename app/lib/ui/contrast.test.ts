import { describe, expect, it } from "vitest";
import { betterInk, contrastRatio, luminance } from "./contrast";

describe("WCAG contrast", () => {
  it("matches the reference values", () => {
    expect(luminance("#ffffff")).toBeCloseTo(1);
    expect(luminance("#000000")).toBe(0);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21);
    expect(contrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1);
    // WebAIM's checker: #2563eb on white is 5.17:1, #767676 on white 4.54:1.
    expect(contrastRatio("#2563eb", "#ffffff")).toBeCloseTo(5.17, 2);
    expect(contrastRatio("#ffffff", "#767676")).toBeCloseTo(4.54, 2);
  });

  it("refuses what is not a six-digit colour", () => {
    expect(() => luminance("#fff")).toThrow();
    expect(() => luminance("red")).toThrow();
  });

  it("picks the ink that reads better", () => {
    expect(betterInk("#ffe01b", ["#ffffff", "#0f172a"])).toBe("#0f172a");
    expect(betterInk("#000000", ["#ffffff", "#0f172a"])).toBe("#ffffff");
  });
});
