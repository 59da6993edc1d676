import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DATA_FACT_KINDS } from "~/lib/tool/data-facts";
import { loadEditorialContent } from "./load.server";
import { toolDataFactsSchema } from "./schemas";

/**
 * Issue 44: every reviewed tool has its data and security facts, each value naming the vendor's own page, `unknown`
 * where the vendor publishes nothing; a file that claims a value without a page, or cites another site, is refused.
 */
const content = path.resolve("content");
const chatgpt = JSON.parse(readFileSync(path.join(content, "facts/chatgpt.json"), "utf8")) as { facts: Record<string, unknown>[] } & Record<string, unknown>;
const issuesOf = (value: unknown) => {
  const result = toolDataFactsSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
};
const withFact = (index: number, change: Record<string, unknown>) => ({ ...chatgpt, facts: chatgpt.facts.map((fact, i) => (i === index ? { ...fact, ...change } : fact)) });

describe("the data facts schema", () => {
  it("accepts a real file as it is", () => {
    expect(issuesOf(chatgpt)).toEqual([]);
  });

  it("refuses a value without the page that states it, a value outside its kind's words, and an opt-out on another kind", () => {
    const { source: _source, ...sourceless } = chatgpt.facts[0]!;
    expect(issuesOf({ ...chatgpt, facts: [sourceless, ...chatgpt.facts.slice(1)] })).toEqual([
      "facts.0.source: is required: name the vendor's own page that states this value (or make the value unknown)",
    ]);
    expect(issuesOf(withFact(0, { value: "sometimes" }))).toEqual(["facts.0.value: must be one of yes, if-allowed, no, unknown for trains-on-content"]);
    const retention = chatgpt.facts.findIndex((fact) => fact.fact === "input-retention");
    expect(issuesOf(withFact(retention, { optOut: "Settings > Data" }))).toEqual([`facts.${retention}.optOut: is only for trains-on-content`]);
  });

  it("accepts unknown without a source, refuses a kind listed twice for one tier, a missing kind and a date ahead of today", () => {
    const { source: _source, optOut: _optOut, ...rest } = chatgpt.facts[0]!;
    expect(issuesOf({ ...chatgpt, facts: [{ ...rest, value: "unknown" }, ...chatgpt.facts.slice(1)] })).toEqual([]);
    expect(issuesOf({ ...chatgpt, facts: [...chatgpt.facts, chatgpt.facts[0]] })).toEqual([`facts.${chatgpt.facts.length}: trains-on-content for tier free is listed twice`]);
    expect(issuesOf({ ...chatgpt, facts: chatgpt.facts.filter((fact) => fact.fact !== "dpa") })).toEqual([
      "facts: lists no dpa: add each, as unknown where the vendor publishes nothing",
    ]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(issuesOf(withFact(1, { enteredAt: tomorrow }))).toEqual(["facts.1.enteredAt: is in the future"]);
  });
});

describe("the catalogue's data facts", () => {
  const loaded = loadEditorialContent(content);
  const scratch = mkdtempSync(path.join(os.tmpdir(), "aitools-facts-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("covers every reviewed tool with every kind", () => {
    const reviewed = readdirSync(path.join(content, "reviews")).map((name) => name.replace(/\.json$/, ""));
    expect(reviewed.length).toBeGreaterThanOrEqual(31);
    const byTool = new Map(loaded.dataFacts.map((file) => [file.tool, file]));
    for (const slug of reviewed) {
      const file = byTool.get(slug);
      expect(file, slug).toBeDefined();
      expect(new Set(file!.facts.map((fact) => fact.fact)), slug).toEqual(new Set(DATA_FACT_KINDS));
    }
  });

  it("refuses a page on another site than the vendor's, naming the file and the field", () => {
    cpSync(content, scratch, { recursive: true });
    const file = path.join(scratch, "facts/chatgpt.json");
    writeFileSync(file, JSON.stringify(withFact(0, { source: "https://example.com/openai-policy" })));
    expect(() => loadEditorialContent(scratch)).toThrow(
      "content/facts/chatgpt.json: facts.0.source: https://example.com/openai-policy is not on ChatGPT's domain (chatgpt.com or openai.com); add the vendor's domain to vendorDomains if it is theirs",
    );
  });
});
