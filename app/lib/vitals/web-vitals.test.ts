import { describe, expect, it } from "vitest";
import { formatVital, gradeVital, pageTypeOfRoute } from "./web-vitals";

describe("web vitals helpers", () => {
  it("names the page by its route, never its address", () => {
    expect(pageTypeOfRoute("routes/home")).toBe("home");
    expect(pageTypeOfRoute("routes/tools.detail")).toBe("tool");
    expect(pageTypeOfRoute("routes/tools.category")).toBe("category");
    expect(pageTypeOfRoute("routes/blog.post")).toBe("article");
    expect(pageTypeOfRoute("routes/blog.category")).toBe("blog");
    expect(pageTypeOfRoute("courses-platform-category")).toBe("courses");
    expect(pageTypeOfRoute("routes/profile")).toBe("other");
    expect(pageTypeOfRoute(undefined)).toBe("other");
    expect(pageTypeOfRoute("toString")).toBe("other");
  });

  it("grades at the thresholds and formats CLS without its x1000", () => {
    expect(gradeVital("LCP", 2500)).toBe("good");
    expect(gradeVital("LCP", 2501)).toBe("needs-improvement");
    expect(gradeVital("LCP", 4001)).toBe("poor");
    expect(gradeVital("CLS", 100)).toBe("good");
    expect(formatVital("CLS", 123)).toBe("0.123");
    expect(formatVital("INP", 87.6)).toBe("88 ms");
  });
});
