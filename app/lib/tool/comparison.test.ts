import { describe, expect, it } from "vitest";
import {
  canAddTool,
  comparedFeatures,
  comparisonHref,
  MAX_CANDIDATE_SLUGS,
  MAX_COMPARED_TOOLS,
  normalizeSelection,
  parseComparisonSelection,
  ratingText,
  toolsParamCandidates,
  withoutTool,
  withTool,
} from "./comparison";

const known = new Set(["chatgpt", "claude-ai", "midjourney", "jasper-ai", "perplexity-ai", "google-gemini"]);
const isKnown = (slug: string) => known.has(slug);
const parse = (query: string) => parseComparisonSelection(new URLSearchParams(query), isKnown);

describe("parseComparisonSelection", () => {
  it("keeps the selection order of the URL", () => {
    expect(parse("tools=claude-ai,chatgpt")).toEqual(["claude-ai", "chatgpt"]);
  });

  it("drops unknown slugs and ignores duplicates", () => {
    expect(parse("tools=chatgpt,not-a-tool,chatgpt,claude-ai,CHATGPT")).toEqual(["chatgpt", "claude-ai"]);
  });

  it("cuts more than four to the first four known tools", () => {
    expect(MAX_COMPARED_TOOLS).toBe(4);
    expect(parse("tools=nope,chatgpt,claude-ai,midjourney,jasper-ai,perplexity-ai")).toEqual(["chatgpt", "claude-ai", "midjourney", "jasper-ai"]);
  });

  it("reads repeated parameters, spaces and encoded commas", () => {
    expect(parse("tools=chatgpt&tools=%20claude-ai%2Cmidjourney%20")).toEqual(["chatgpt", "claude-ai", "midjourney"]);
  });

  it("ignores malformed values instead of failing", () => {
    for (const query of ["", "tools=", "tools=,,,", "tools=../etc/passwd", "tools=%00", "tools=a%27%20or%201=1", "tools=-chatgpt", `tools=${"a".repeat(500)}`]) {
      expect(parse(query), query).toEqual([]);
    }
  });

  it("looks at a bounded number of candidates", () => {
    const many = Array.from({ length: 1000 }, (_, i) => `tool-${i}`).join(",");
    expect(toolsParamCandidates(new URLSearchParams(`tools=${many}`))).toHaveLength(MAX_CANDIDATE_SLUGS);
  });
});

describe("normalizeSelection", () => {
  it("returns an empty selection when nothing is known", () => {
    expect(normalizeSelection(["a", "b"], () => false)).toEqual([]);
  });
});

describe("selection changes", () => {
  it("adds at the end only while fewer than four are selected", () => {
    expect(withTool(["chatgpt"], "claude-ai")).toEqual(["chatgpt", "claude-ai"]);
    expect(withTool(["chatgpt"], "chatgpt")).toEqual(["chatgpt"]);
    const full = ["a", "b", "c", "d"];
    expect(canAddTool(full, "e")).toBe(false);
    expect(withTool(full, "e")).toEqual(full);
  });

  it("removes by slug and keeps the others' order", () => {
    expect(withoutTool(["a", "b", "c"], "b")).toEqual(["a", "c"]);
    expect(withoutTool(["a"], "z")).toEqual(["a"]);
  });
});

describe("comparisonHref", () => {
  it("writes the selection with readable commas", () => {
    expect(comparisonHref([])).toBe("/tools/comparison");
    expect(comparisonHref(["chatgpt", "claude-ai"])).toBe("/tools/comparison?tools=chatgpt,claude-ai");
  });

  it("adds other parameters escaped and skips empty ones", () => {
    expect(comparisonHref(["chatgpt"], { q: "a&b c", page: undefined })).toBe("/tools/comparison?tools=chatgpt&q=a%26b%20c");
    expect(comparisonHref([], { q: "" })).toBe("/tools/comparison");
  });
});

describe("comparedFeatures", () => {
  it("lists only features some tool has, in vocabulary order", () => {
    const vocabulary = ["Free plan", "API access", "Mobile app", "Templates"];
    const tools = [{ capabilities: ["Mobile app", "Free plan"] }, { capabilities: ["Mobile app"] }];
    expect(comparedFeatures(tools, vocabulary)).toEqual(["Free plan", "Mobile app"]);
    expect(comparedFeatures([], vocabulary)).toEqual([]);
  });

  it("keeps a feature outside the vocabulary, after the known ones", () => {
    expect(comparedFeatures([{ capabilities: ["Zeta", "Free plan"] }], ["Free plan"])).toEqual(["Free plan", "Zeta"]);
  });
});

describe("ratingText", () => {
  it("writes one decimal out of 5", () => {
    expect(ratingText(4.8)).toBe("4.8/5");
    expect(ratingText(5)).toBe("5.0/5");
  });
});
