import { describe, expect, it } from "vitest";
import { WRITING_COMPARISON_COLUMNS, writingComparison, type WritingToolFacts } from "./writing-comparison";

const tool = (overrides: Partial<WritingToolFacts>): WritingToolFacts => ({
  slug: "tool",
  name: "Tool",
  rating: 4,
  pricing: "paid",
  hasFreeTrial: false,
  capabilities: [],
  factsDate: "2026-11-22",
  ...overrides,
});

describe("the writing tools comparison rows", () => {
  it("has the spec's five columns, each read from one capability", () => {
    expect(WRITING_COMPARISON_COLUMNS.map((column) => column.label)).toEqual(["Blog Content", "Social Media", "SEO Integration", "Team Collaboration", "Chrome Extension"]);
    const { rows } = writingComparison([
      tool({
        slug: "jasper-ai",
        name: "Jasper",
        capabilities: ["Blog content", "SEO integration", "Chrome extension", "Free trial"],
        hasFreeTrial: true,
        pricing: "From $49/month",
      }),
    ]);
    expect(rows).toEqual([
      {
        slug: "jasper-ai",
        name: "Jasper",
        rating: 4,
        pricing: "From $49/month",
        freeTrial: true,
        features: { "Blog Content": true, "Social Media": false, "SEO Integration": true, "Team Collaboration": false, "Chrome Extension": true },
      },
    ]);
  });

  it("puts the best rated first, then by name", () => {
    const { rows } = writingComparison([
      tool({ slug: "b", name: "Beta", rating: 4.1 }),
      tool({ slug: "c", name: "Alpha", rating: 4.1 }),
      tool({ slug: "a", name: "Gamma", rating: 4.6 }),
    ]);
    expect(rows.map((row) => row.slug)).toEqual(["a", "c", "b"]);
  });

  it("puts tools without our rating (no in-depth review) after the rated ones, by name", () => {
    const { rows } = writingComparison([
      tool({ slug: "z", name: "Zeta", rating: null }),
      tool({ slug: "y", name: "Eta", rating: null }),
      tool({ slug: "a", name: "Gamma", rating: 3.2 }),
    ]);
    expect(rows.map((row) => [row.slug, row.rating])).toEqual([
      ["a", 3.2],
      ["y", null],
      ["z", null],
    ]);
  });

  it("takes the year from the newest check among the rows, not the clock", () => {
    expect(writingComparison([tool({ factsDate: "2025-12-30" }), tool({ factsDate: "2026-01-02" }), tool({ factsDate: "2025-06-01" })])).toMatchObject({
      year: 2026,
      asOf: "2026-01-02",
    });
    expect(writingComparison([tool({ factsDate: "2025-12-30" })]).year).toBe(2025);
    expect(writingComparison([])).toEqual({ rows: [], year: null, asOf: null });
  });
});
