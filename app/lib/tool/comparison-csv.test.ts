import { describe, expect, it } from "vitest";
import { comparisonCsvFileName, comparisonCsvRows, csvField, toCsv } from "./comparison-csv";

describe("comparisonCsvFileName", () => {
  it("is ai-tools-comparison-{YYYY-MM-DD}.csv", () => {
    expect(comparisonCsvFileName(new Date("2026-03-07T23:30:00Z"))).toBe("ai-tools-comparison-2026-03-07.csv");
  });
});

describe("csvField", () => {
  it("leaves plain text alone", () => {
    expect(csvField("ChatGPT")).toBe("ChatGPT");
    expect(csvField("Free plan; Plus $20/month")).toBe("Free plan; Plus $20/month");
  });

  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
  });

  it("defuses spreadsheet formulas", () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("-1")).toBe("'-1");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tcmd")).toBe("'\tcmd");
    expect(csvField("a=b")).toBe("a=b");
  });
});

describe("toCsv", () => {
  it("joins fields with commas and rows with CRLF", () => {
    expect(
      toCsv([
        ["a", "b"],
        ["c", "d,e"],
      ]),
    ).toBe('a,b\r\nc,"d,e"\r\n');
  });
});

describe("comparisonCsvRows", () => {
  it("has a column per tool, a row per feature, then pricing and rating", () => {
    const rows = comparisonCsvRows(
      [
        { name: "One", pricing: "Free plan; from $20/month", rating: 4.5, capabilities: ["API access"] },
        { name: "Two", pricing: "From $10/month", rating: 4, capabilities: ["Mobile app", "API access"] },
        { name: "Three", pricing: "Free", rating: null, capabilities: [] },
      ],
      ["API access", "Mobile app"],
    );
    // A tool without an in-depth review has no rating of ours to export (issue 26).
    expect(rows).toEqual([
      ["Feature", "One", "Two", "Three"],
      ["API access", "Yes", "Yes", "No"],
      ["Mobile app", "No", "Yes", "No"],
      ["Pricing", "Free plan; from $20/month", "From $10/month", "Free"],
      ["Our rating", "4.5/5", "4.0/5", "Not reviewed yet"],
    ]);
  });
});
