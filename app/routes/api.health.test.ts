import { describe, expect, it } from "vitest";
import { gradeResponseTime, statusFor } from "./api.health";

describe("health grading", () => {
  it("grades response time at the 500 and 1000 ms thresholds", () => {
    expect(gradeResponseTime(0)).toBe("good");
    expect(gradeResponseTime(499.9)).toBe("good");
    expect(gradeResponseTime(500)).toBe("slow");
    expect(gradeResponseTime(999)).toBe("slow");
    expect(gradeResponseTime(1000)).toBe("poor");
  });

  it("is down when the database fails and degraded when it is poor", () => {
    expect(statusFor(false, 5)).toBe("down");
    expect(statusFor(true, 1500)).toBe("degraded");
    expect(statusFor(true, 700)).toBe("healthy");
  });

  it("is degraded in read-only mode while reads answer, and down when they do not (decision 090)", () => {
    expect(statusFor(true, 5, true)).toBe("degraded");
    expect(statusFor(false, 5, true)).toBe("down");
  });
});
