import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { changeRow, changeRowsCsv, changesCsvHeader, CHANGE_COLUMNS, plansCell, TOOL_COLUMNS, toolRow, toolRowsCsv, toolsCsvHeader } from "./data-files";
import type { ApiChange, ApiTool } from "./schemas";

const provenance = {
  source_url: "https://vendor.example/pricing",
  confirmed_at: "2026-11-30",
  method: "editor" as const,
  entered_at: "2026-01-02",
  receipt_url: null,
  status_text: "Confirmed",
};
const plan = (name: string, price_text: string) => ({
  name,
  price: 0,
  currency: "USD" as const,
  period: "month" as const,
  unit: null,
  billed_annually: false,
  per: null,
  min_seats: null,
  plus_usage: false,
  limits: "",
  price_text,
});
const tool = {
  slug: "writer",
  name: 'Writer, "the" tool',
  tagline: "",
  url: "http://localhost:3000/tools/writer",
  website_url: "https://writer.example",
  category: { slug: "writing", name: "Writing", url: "http://localhost:3000/tools/category/writing" },
  pricing_model: "freemium",
  pricing_text: '=HYPERLINK("https://evil.example")',
  editorial_rating: 4.5,
  added_at: "2025-03-01",
  pricing: { model: "freemium", plans: [plan("Free", "$0"), plan("Pro", "$20/month\nbilled yearly")], comparable_note: null, provenance },
  rating: { editorial: null, readers: { average: null, count: 3, written_reviews: 1 } },
} as unknown as ApiTool;

const change = {
  id: 7,
  tool: { slug: "writer", name: "Writer", url: "http://localhost:3000/tools/writer" },
  kind: "price-changed",
  kind_label: "Price changed",
  plan_name: null,
  before: 10,
  after: 12,
  text: "-Pro went from $10 to $12, a month",
  recorded_by: "editor",
  recorded_by_text: "an editor",
  source_url: null,
  recorded_at: "2026-12-01T10:00:00.000Z",
} as unknown as ApiChange;

describe("the open-data CSV rows", () => {
  it("writes one flat row per tool, in the columns' order, with the plans in one readable cell", () => {
    const row = toolRow(tool);
    expect(row).toHaveLength(TOOL_COLUMNS.length);
    expect(Object.fromEntries(TOOL_COLUMNS.map((column, index) => [column, row[index]]))).toMatchObject({
      slug: "writer",
      category: "writing",
      plans: "Free: $0; Pro: $20/month\nbilled yearly",
      pricing_source_url: "https://vendor.example/pricing",
      pricing_confirmed_at: "2026-11-30",
      pricing_method: "editor",
      editorial_rating: "4.5",
      reader_average: "",
      reader_count: "3",
    });
    expect(plansCell([])).toBe("");
  });

  it("round-trips through a standard parser: quotes, commas and line breaks kept, formulas made text", () => {
    // The header and two pages of rows, as the job writes them.
    const csv = toolsCsvHeader() + toolRowsCsv([tool]) + toolRowsCsv([]) + toolRowsCsv([tool]);
    expect(csv.endsWith("\r\n")).toBe(true);
    const records = parse(csv, { columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(2);
    expect(records[0]!.name).toBe('Writer, "the" tool');
    expect(records[0]!.plans).toBe("Free: $0; Pro: $20/month\nbilled yearly");
    // A spreadsheet would run it: written with a leading apostrophe, as the comparison export does.
    expect(records[0]!.pricing_text).toBe('\'=HYPERLINK("https://evil.example")');
  });

  it("writes a change's row, and the header and pages of rows join into one file", () => {
    expect(changeRow(change)).toEqual([
      "7",
      "2026-12-01T10:00:00.000Z",
      "writer",
      "Writer",
      "price-changed",
      "",
      "-Pro went from $10 to $12, a month",
      "editor",
      "",
      "http://localhost:3000/tools/writer",
    ]);
    const csv = changesCsvHeader() + changeRowsCsv([change]) + changeRowsCsv([]) + changeRowsCsv([{ ...change, id: 8 }]);
    const rows = parse(csv) as string[][];
    expect(rows[0]).toEqual([...CHANGE_COLUMNS]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(["7", "8"]);
    expect(rows[1]![6]).toBe("'-Pro went from $10 to $12, a month");
  });
});
