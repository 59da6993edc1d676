import { copyFileSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appRoot } from "~/utils/paths.server";
import { categoryMembers, ContentError, loadEditorialContent, MIN_TOOLS_PER_CATEGORY, readToolFiles, websiteDomain } from "./load.server";
import { realContent, SMALL_CATALOGUE_SLUGS, smallCatalogue } from "./small-catalogue.fixture";

/**
 * The content validator's refusals for the tool format of issue 18 (decision 025), on a small catalogue of
 * its own: one category with MIN_TOOLS_PER_CATEGORY tools made from the real ChatGPT file, one review.
 */
const real = realContent;
let dir: string;
const toolFile = (slug: string) => path.join(dir, "tools", `${slug}.json`);
const writeTool = (tool: Record<string, unknown>) => writeFileSync(toolFile(tool.slug as string), JSON.stringify(tool));
const readTool = (slug: string) => JSON.parse(readFileSync(toolFile(slug), "utf8"));
type ToolJson = Record<string, unknown> & { pricing: { model: string; plans: Record<string, unknown>[] }; platformsSource: { url: string; enteredAt: string } };
const editTool = (slug: string, change: (tool: ToolJson) => void) => {
  const tool = readTool(slug);
  change(tool);
  writeTool(tool);
};
const SLUGS = SMALL_CATALOGUE_SLUGS;

beforeEach(() => {
  dir = smallCatalogue("aitools-tools-");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the tool content validator", () => {
  it("accepts the small catalogue", () => {
    const content = loadEditorialContent(dir);
    expect(content.tools.map((tool) => tool.pricing.model)).toEqual(SLUGS.map(() => "freemium"));
  });

  it(`refuses a category with fewer than ${MIN_TOOLS_PER_CATEGORY} tools, naming it and its count`, () => {
    expect(MIN_TOOLS_PER_CATEGORY).toBe(5);
    unlinkSync(toolFile(SLUGS.at(-1)!));
    expect(() => loadEditorialContent(dir)).toThrow(ContentError);
    expect(() => loadEditorialContent(dir)).toThrow(`every category needs at least ${MIN_TOOLS_PER_CATEGORY} tools; too few in ai-assistant (${MIN_TOOLS_PER_CATEGORY - 1})`);
  });

  it("counts secondary categories toward a category's tools, and refuses a secondary that is not a category (issue 29)", () => {
    const seo = real("categories.json").find((c: { slug: string }) => c.slug === "seo-tools");
    writeFileSync(path.join(dir, "categories.json"), JSON.stringify([...JSON.parse(readFileSync(path.join(dir, "categories.json"), "utf8")), seo]));
    expect(() => loadEditorialContent(dir)).toThrow("too few in seo-tools (0)");
    SLUGS.forEach((slug) => editTool(slug, (tool) => (tool.secondaryCategoryIds = ["seo-tools"])));
    expect(loadEditorialContent(dir).tools.map((tool) => tool.secondaryCategoryIds)).toEqual(SLUGS.map(() => ["seo-tools"]));
    editTool("tool-2", (tool) => (tool.secondaryCategoryIds = ["seo-tools", "no-such-category"]));
    expect(() => loadEditorialContent(dir)).toThrow("content/tools/tool-2.json: secondaryCategoryIds not in categories.json: no-such-category");
  });

  it("the real catalogue: every category has enough tools counting secondary ones, and Ahrefs and Semrush are in SEO Tools", () => {
    const content = path.join(appRoot(), "content");
    const tools = readToolFiles(content);
    const members = categoryMembers(tools);
    for (const category of real("categories.json") as { slug: string }[])
      expect(members.get(category.slug)?.length ?? 0, category.slug).toBeGreaterThanOrEqual(MIN_TOOLS_PER_CATEGORY);
    for (const slug of ["ahrefs", "semrush"]) {
      expect(tools.find((tool) => tool.slug === slug)?.categoryId, slug).not.toBe("seo-tools");
      expect(members.get("seo-tools"), slug).toContain(slug);
    }
  });

  it("refuses two tools on one domain, with or without www.", () => {
    editTool("tool-2", (tool) => (tool.websiteUrl = "https://www.TOOL-1.example.com/pricing"));
    expect(() => loadEditorialContent(dir)).toThrow("content/tools/tool-2.json: websiteUrl is on tool-1.example.com, the domain of content/tools/tool-1.json");
    expect(websiteDomain("https://www.Example.com/a")).toBe("example.com");
  });

  it('refuses "Paid" with no figure', () => {
    editTool("tool-3", (tool) => {
      tool.pricing = { model: "paid", plans: [{ name: "Pro", price: null, limits: "Ask the vendor" }] };
      tool.isFree = false;
    });
    expect(() => loadEditorialContent(dir)).toThrow(/tool-3\.json: pricing\.model: "paid" needs at least one plan with a price above 0/);
  });

  it("refuses a model its plans contradict and flags that disagree with the plans", () => {
    editTool("tool-3", (tool) => (tool.pricing.model = "paid"));
    expect(() => loadEditorialContent(dir)).toThrow(/tool-3\.json: pricing\.model: "paid" has no price-0 plan/);
    editTool("tool-3", (tool) => {
      tool.pricing.model = "freemium";
      tool.isFree = false;
    });
    expect(() => loadEditorialContent(dir)).toThrow(/tool-3\.json: isFree: must be true/);
  });

  it("converts other currencies only with a valid dated rate table, and refuses a term without its figure", () => {
    editTool("tool-3", (tool) => tool.pricing.plans.forEach((plan) => plan.price !== null && (plan.currency = "EUR")));
    expect(() => loadEditorialContent(dir)).toThrow("content/tools/tool-3.json: prices in another currency than USD need content/currency-rates.json");
    writeFileSync(path.join(dir, "currency-rates.json"), JSON.stringify({ asOf: "31 October", source: "x", usdPer: { USD: 1, EUR: 1.16, GBP: 1.32 } }));
    expect(() => loadEditorialContent(dir)).toThrow(/currency-rates\.json: asOf: must be a date as YYYY-MM-DD; source: /);
    copyFileSync(path.join(appRoot(), "content", "currency-rates.json"), path.join(dir, "currency-rates.json"));
    expect(loadEditorialContent(dir).currencyRates.asOf).toBe(real("currency-rates.json").asOf);
    editTool("tool-3", (tool) => (tool.pricing.plans[1]!.minSeats = 3));
    expect(() => loadEditorialContent(dir)).toThrow(/tool-3\.json: pricing\.plans\.1\.minSeats: needs "per"/);
    editTool("tool-3", (tool) => (tool.pricing.plans[1]!.per = "robot"));
    expect(() => loadEditorialContent(dir)).toThrow(/tool-3\.json: pricing\.plans\.1\.per: /);
  });

  it("refuses a priced plan without its currency", () => {
    editTool("tool-3", (tool) => delete tool.pricing.plans[1]!.currency);
    expect(() => loadEditorialContent(dir)).toThrow(/tool-3\.json: pricing\.plans\.1\.currency: is required when the plan has a price/);
  });

  it("refuses a missing addedAt, and an addedAt in the future", () => {
    editTool("tool-4", (tool) => delete tool.addedAt);
    expect(() => loadEditorialContent(dir)).toThrow(/tool-4\.json: addedAt:/);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    editTool("tool-4", (tool) => (tool.addedAt = tomorrow));
    expect(() => loadEditorialContent(dir)).toThrow(/tool-4\.json: addedAt: is in the future/);
  });

  it("refuses a date of checking in a file: only the code that checked records one (decision 028)", () => {
    editTool("tool-4", (tool) => (tool.lastChecked = "2026-11-23"));
    expect(() => loadEditorialContent(dir)).toThrow(/tool-4\.json: lastChecked: is not a content field: a check is recorded by the code that did it/);
  });

  it("takes the writer's source URL only as https on the tool's own domain or a known vendor domain", () => {
    editTool("tool-4", (tool) => (tool.pricingUrl = "https://www.tool-4.example.com/plans"));
    expect(loadEditorialContent(dir).tools.find((tool) => tool.slug === "tool-4")?.pricingUrl).toBe("https://www.tool-4.example.com/plans");
    editTool("tool-4", (tool) => (tool.pricingUrl = "http://tool-4.example.com/pricing"));
    expect(() => loadEditorialContent(dir)).toThrow(/tool-4\.json: pricingUrl:/);
    editTool("tool-4", (tool) => (tool.pricingUrl = "https://pricing-aggregator.example.net/tool-4"));
    expect(() => loadEditorialContent(dir)).toThrow(/tool-4\.json: pricingUrl: must be on the tool's own domain \(example\.com\)/);
    // A vendor whose pricing lives on another of its domains (lib/provenance/provenance.ts VENDOR_DOMAINS).
    editTool("tool-4", (tool) => {
      tool.websiteUrl = "https://claude.ai";
      tool.pricingUrl = "https://claude.com/pricing";
      tool.platformsSource.url = "https://claude.ai/download";
    });
    expect(loadEditorialContent(dir).tools.find((tool) => tool.slug === "tool-4")?.pricingUrl).toBe("https://claude.com/pricing");
    // The page its platforms are listed on (issue 44) likewise, and only for a tool that lists platforms.
    editTool("tool-4", (tool) => (tool.platformsSource.url = "https://downloads.example.net/claude"));
    expect(() => loadEditorialContent(dir)).toThrow(/tool-4\.json: platformsSource: must be on the tool's own domain \(claude\.ai\)/);
    editTool("tool-4", (tool) => {
      tool.platformsSource.url = "https://claude.ai/download";
      delete tool.platforms;
    });
    expect(() => loadEditorialContent(dir)).toThrow(/tool-4\.json: platformsSource: names a page for platforms the file does not list/);
    // Every tool names its vendor's pricing page (issue 27: the price check reads it).
    editTool("tool-4", (tool) => delete tool.pricingUrl);
    expect(() => loadEditorialContent(dir)).toThrow(/tool-4\.json: pricingUrl:/);
  });

  it("refuses a review naming a plan the tool does not have", () => {
    const file = path.join(dir, "reviews", "tool-1.json");
    const review = JSON.parse(readFileSync(file, "utf8"));
    review.plans[1].plan = "Plus Ultra";
    writeFileSync(file, JSON.stringify(review));
    expect(() => loadEditorialContent(dir)).toThrow(/content\/reviews\/tool-1\.json: plans\.1\.plan: "Plus Ultra" is not a plan of content\/tools\/tool-1\.json/);
  });

  it("refuses a review source off the vendor's domain, accepts one on a domain the review names, and refuses an unknown tester", () => {
    const file = path.join(dir, "reviews", "tool-1.json");
    const edit = (change: (review: Record<string, unknown>) => void) => {
      const review = JSON.parse(readFileSync(file, "utf8"));
      change(review);
      writeFileSync(file, JSON.stringify(review));
    };
    edit((review) => (review.sources = [{ title: "A blog post", url: "https://blog.example.org/tool-1-review" }]));
    expect(() => loadEditorialContent(dir)).toThrow("content/reviews/tool-1.json: sources.0.url: https://blog.example.org/tool-1-review is not on Tool 1's domain (example.com)");
    edit((review) => (review.vendorDomains = ["example.org"]));
    expect(loadEditorialContent(dir).reviews[0]!.sources[0]!.url).toBe("https://blog.example.org/tool-1-review");
    edit((review) => Object.assign(review, { testedAt: "2026-11-20", testedBy: "nobody" }));
    expect(() => loadEditorialContent(dir)).toThrow('content/reviews/tool-1.json: testedBy "nobody" is not in authors.json');
  });
});

describe("the pair verdict validator (decision 043)", () => {
  const verdict = (tools: [string, string]) => ({ ...real("pair-verdicts/chatgpt-vs-claude-ai.json"), tools });
  const writeVerdict = (name: string, body: unknown) => {
    mkdirSync(path.join(dir, "pair-verdicts"), { recursive: true });
    writeFileSync(path.join(dir, "pair-verdicts", name), JSON.stringify(body));
  };

  it("loads a verdict on two tools of the catalogue, by the editorial team", () => {
    writeVerdict("tool-1-vs-tool-2.json", verdict(["tool-1", "tool-2"]));
    const [loaded] = loadEditorialContent(dir).pairVerdicts;
    expect(loaded).toMatchObject({ pair: "tool-1-vs-tool-2", tools: ["tool-1", "tool-2"], authorId: "editorial-team" });
  });

  it.each([
    ["a tool not in the catalogue", "tool-1-vs-tool-9.json", ["tool-1", "tool-9"], /tool-1-vs-tool-9\.json: tools not in the catalogue: tool-9/],
    ["the tools out of alphabetical order", "tool-2-vs-tool-1.json", ["tool-2", "tool-1"], /tool-2-vs-tool-1\.json: tools: must be in alphabetical order: \["tool-1", "tool-2"\]/],
    ["a file name that is not its pair", "tool-1-vs-tool-3.json", ["tool-1", "tool-2"], /tool-1-vs-tool-3\.json: file name must be tool-1-vs-tool-2\.json/],
    ["the same tool twice", "tool-1-vs-tool-1.json", ["tool-1", "tool-1"], /tools: names the same tool twice/],
  ])("stops the load for %s, naming the file", (_case, name, tools, message) => {
    writeVerdict(name, verdict(tools as [string, string]));
    expect(() => loadEditorialContent(dir)).toThrow(ContentError);
    expect(() => loadEditorialContent(dir)).toThrow(message);
  });

  it("refuses a short summary, too few differences and a date in the future", () => {
    writeVerdict("tool-1-vs-tool-2.json", { ...verdict(["tool-1", "tool-2"]), summary: "Too short.", differences: [], writtenAt: "2999-01-01" });
    expect(() => loadEditorialContent(dir)).toThrow(/summary: .*80.*differences: .*3.*writtenAt: is in the future/);
  });
});
