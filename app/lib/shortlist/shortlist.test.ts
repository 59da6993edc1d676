import { describe, expect, it } from "vitest";
import { shortlistCsv, shortlistCsvFileName, SHORTLIST_CSV_HEADER } from "./shortlist";

describe("shortlist CSV", () => {
  it("writes a header and a row per tool, quoting what needs it and defusing formulas", () => {
    const csv = shortlistCsv(5, [
      {
        name: "Tool, Inc.",
        url: "https://example.com/tools/x",
        pricing: "Free plan; from $20/month",
        plans: "Free: Free | Pro: $20/month",
        teamMonthly: "Pro: $100/month",
        teamFirstYear: "Pro: $1,200 a year",
        dataFacts: "Trains its models on your content: No",
        pricesSource: "https://x.example/pricing",
        pricesConfirmation: "not yet confirmed",
        addedOn: "2026-12-01",
        changes: "2026-12-02: Pro: $20/month → $25/month",
        note: '=cmd "quoted"',
      },
    ]);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(SHORTLIST_CSV_HEADER.join(","));
    expect(lines[1]).toContain('"Tool, Inc."');
    expect(lines[1]).toContain(`"'=cmd ""quoted"""`);
    expect(lines[1]).toContain('Pro: $100/month,"Pro: $1,200 a year"');
    expect(lines[2]).toBe("");
  });

  it("names the file by the list and the day", () => {
    expect(shortlistCsvFileName("Écrire & Team 2026!", "2026-12-05")).toBe("shortlist-ecrire-team-2026-2026-12-05.csv");
    expect(shortlistCsvFileName("???", "2026-12-05")).toBe("shortlist-list-2026-12-05.csv");
  });
});
