import { describe, expect, it } from "vitest";
import { LOGO_UPLOAD, logoSizeProblem } from "./logo-upload";

describe("a maker's logo image (decision 084)", () => {
  it("is at least 128 pixels a side and square or nearly", () => {
    expect(logoSizeProblem(128, 128)).toBeNull();
    expect(logoSizeProblem(1024, 900)).toBeNull();
    expect(logoSizeProblem(500, 400)).toBeNull();
    expect(logoSizeProblem(127, 127)).toBe("logoTooSmall");
    expect(logoSizeProblem(512, 100)).toBe("logoTooSmall");
    expect(logoSizeProblem(600, 200)).toBe("logoNotSquare");
    expect(logoSizeProblem(200, 251)).toBe("logoNotSquare");
    expect(LOGO_UPLOAD.side).toBeGreaterThanOrEqual(2 * 96);
  });
});
