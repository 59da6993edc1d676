import path from "node:path";
import { describe, expect, it } from "vitest";
import { appRoot } from "~/utils/paths.server";
import { ContentError, readToolFiles } from "./load.server";
import { loadOffers, resolveDeals } from "./offers.server";
import { dealSchema, type DealContent } from "./schemas";

const tools = readToolFiles(path.join(appRoot(), "content"));

const deal = (overrides: Partial<DealContent> = {}): DealContent => ({
  id: "fixture-deal",
  title: "A fixture deal",
  description: "A deal written for this test only, long enough for the schema to accept it.",
  discount: "Free trial",
  expiryDate: "Ongoing",
  toolSlug: "jasper-ai",
  isExclusive: false,
  source: "https://www.jasper.ai/pricing",
  addedAt: "2026-11-23",
  ...overrides,
});

describe("deals and partner programs", () => {
  it("loads the content files: every deal names a catalogue tool and takes its name and category from it", () => {
    const { deals, partnerPrograms } = loadOffers(tools);
    expect(deals.length).toBeGreaterThanOrEqual(6);
    for (const item of deals) {
      const tool = tools.find((candidate) => candidate.slug === item.toolSlug)!;
      expect(item).toMatchObject({ toolName: tool.name, categorySlugs: [tool.categoryId, ...(tool.secondaryCategoryIds ?? [])] });
    }
    expect(partnerPrograms.map((program) => program.benefits.length)).toEqual([4, 4, 4]);
  });

  it("refuses a deal whose tool is not in the catalogue, naming the file, the deal and the slug", () => {
    expect(() => resolveDeals([deal({ toolSlug: "no-such-tool" })], tools)).toThrow(ContentError);
    expect(() => resolveDeals([deal({ toolSlug: "no-such-tool" })], tools)).toThrow(
      'content/deals.json: deal "fixture-deal" names toolSlug "no-such-tool", which is not a tool in content/tools/',
    );
  });

  it("refuses two deals with one id", () => {
    expect(() => resolveDeals([deal(), deal()], tools)).toThrow('content/deals.json: deal id "fixture-deal" is used twice');
  });

  it.each([
    ["an expiry that is neither a date nor 'Ongoing'", { expiryDate: "soon" }],
    ["a date that does not exist", { expiryDate: "2026-02-30" }],
    ["a code with spaces", { code: "SAVE 20" }],
    ["a source that is not https", { source: "http://example.com/offer" }],
  ])("refuses %s", (_label, overrides) => {
    expect(dealSchema.safeParse(deal(overrides as Partial<DealContent>)).success).toBe(false);
  });

  it("accepts a dated deal with a code", () => {
    expect(dealSchema.safeParse(deal({ expiryDate: "2026-12-31", code: "SAVE-20" })).success).toBe(true);
  });
});
