import { DATA_FACT_KINDS, factCellText } from "./data-facts";
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
  it("has a column per tool, a row per feature, then pricing and rating, then each data and security fact", () => {
    const stated = [
      { fact: "trains-on-content" as const, tier: "business" as const, value: "no", source: "https://one.example/privacy", enteredAt: "2026-12-04" },
      { fact: "trains-on-content" as const, tier: "free" as const, value: "yes", source: "https://one.example/privacy", enteredAt: "2026-12-04" },
      { fact: "soc2-type2" as const, tier: "all" as const, value: "yes", source: "https://one.example/trust", enteredAt: "2026-12-04" },
    ];
    const dataUse = (facts: Parameters<typeof factCellText>[0]) => DATA_FACT_KINDS.map((kind) => factCellText(facts, kind));
    const rows = comparisonCsvRows(
      [
        { name: "One", pricing: "Free plan; from $20/month", rating: 4.5, capabilities: ["API access"], dataUse: dataUse(stated) },
        { name: "Two", pricing: "From $10/month", rating: 4, capabilities: ["Mobile app", "API access"], dataUse: dataUse([]) },
        { name: "Three", pricing: "Free", rating: null, capabilities: [], dataUse: dataUse([]) },
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
      // Unknown is "Not published", never a no; tiers by name, a rule for all plans as its value alone.
      ["Trains its models on your content", "Free: Yes, by default; Business: No", "Not published", "Not published"],
      ["How long your inputs are kept", "Not published", "Not published", "Not published"],
      ["SOC 2 Type II report", "Yes", "Not published", "Not published"],
      ["ISO/IEC 27001 certification", "Not published", "Not published", "Not published"],
      ["Data processing agreement", "Not published", "Not published", "Not published"],
      ["Choice of where data is stored", "Not published", "Not published", "Not published"],
      ["Who makes the model", "Not published", "Not published", "Not published"],
      ["A public API for developers", "Not published", "Not published", "Not published"],
    ]);
  });
});
