import { describe, expect, it } from "vitest";
import { aiContentWarning, imageFileProblem, reviewerName } from "./review-rules";

describe("reviewerName (spec §5)", () => {
  it("uses the full name, else the email's local part, else Anonymous", () => {
    expect(reviewerName("Jane Doe", "jane@example.com")).toBe("Jane Doe");
    expect(reviewerName("  ", "jane@example.com")).toBe("jane");
    expect(reviewerName(null, null)).toBe("Anonymous");
    expect(reviewerName("", "@example.com")).toBe("Anonymous");
  });
});

describe("aiContentWarning (spec §4)", () => {
  const impersonal = "This tool offers a comprehensive suite of features that streamline workflows and enhance productivity for teams of all sizes. ".repeat(2);
  it("warns on over 200 characters without I, me or my", () => {
    expect(impersonal.length).toBeGreaterThan(200);
    expect(aiContentWarning(impersonal)).toHaveLength(3);
  });
  it("stays quiet for short comments or first-person ones", () => {
    expect(aiContentWarning("Great tool, saves time.")).toBeNull();
    expect(aiContentWarning(`${impersonal} I used it for my blog.`)).toBeNull();
    expect(aiContentWarning(`${impersonal} It helped me.`)).toBeNull();
  });
  it("does not mistake words that merely contain the letters", () => {
    expect(aiContentWarning(`${impersonal} Imagine mystery items.`)).toHaveLength(3);
  });
});

describe("imageFileProblem (spec §5)", () => {
  it("accepts the four image types up to 5MB", () => {
    expect(imageFileProblem({ name: "shot.PNG", type: "image/png", size: 1000 })).toBeNull();
    expect(imageFileProblem({ name: "a.jpeg", type: "image/jpeg", size: 5 * 1024 * 1024 })).toBeNull();
  });
  it("refuses SVG, oversized, empty and mismatched names", () => {
    expect(imageFileProblem({ name: "x.svg", type: "image/svg+xml", size: 100 })).toBe("imageInvalidType");
    expect(imageFileProblem({ name: "big.png", type: "image/png", size: 6 * 1024 * 1024 })).toBe("imageTooLarge");
    expect(imageFileProblem({ name: "empty.png", type: "image/png", size: 0 })).toBe("imageEmpty");
    expect(imageFileProblem({ name: "photo.exe", type: "image/png", size: 10 })).toBe("imageBadExtension");
  });
});
