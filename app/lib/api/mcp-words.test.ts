import { describe, expect, it } from "vitest";
import { provenanceWords } from "./mcp-words";

describe("the MCP server's words about a figure's provenance", () => {
  const base = { source_url: "https://vendor.example/pricing", entered_at: "2026-11-02", status_text: "" };

  it("names the source and 'not yet confirmed' without a confirmation", () => {
    expect(provenanceWords({ ...base, confirmed_at: null, method: "entered", receipt_url: null })).toBe(
      "source https://vendor.example/pricing; not yet confirmed (entered November 2, 2026)",
    );
  });

  it("says who confirmed it and when, with the receipt", () => {
    const receipt = "https://aitools.example/receipts/7";
    expect(provenanceWords({ ...base, confirmed_at: "2026-12-03", method: "editor", receipt_url: receipt })).toBe(
      `source https://vendor.example/pricing; Confirmed December 3, 2026 by one of our editors (receipt ${receipt})`,
    );
    expect(provenanceWords({ ...base, confirmed_at: "2026-12-03", method: "automatic-check", receipt_url: receipt })).toContain(
      "Confirmed December 3, 2026 by our automatic check of the source page",
    );
  });

  it("says so when no source is named", () => {
    expect(provenanceWords({ ...base, source_url: null, confirmed_at: null, method: "entered", receipt_url: null })).toMatch(/^no source named; not yet confirmed/);
  });
});
