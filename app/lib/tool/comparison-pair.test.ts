import { describe, expect, it } from "vitest";
import { pairPath, pairSplits, pairTitle } from "./comparison-pair";

describe("pairPath", () => {
  it("puts the slugs in alphabetical order", () => {
    expect(pairPath("claude-ai", "chatgpt")).toBe("/tools/compare/chatgpt-vs-claude-ai");
    expect(pairPath("chatgpt", "claude-ai")).toBe("/tools/compare/chatgpt-vs-claude-ai");
  });
});

describe("pairSplits", () => {
  it("offers every '-vs-' split point", () => {
    expect(pairSplits("chatgpt-vs-claude-ai")).toEqual([["chatgpt", "claude-ai"]]);
    expect(pairSplits("a-vs-b-vs-c")).toEqual([
      ["a", "b-vs-c"],
      ["a-vs-b", "c"],
    ]);
  });

  it("reads overlapping separators and upper case", () => {
    expect(pairSplits("X-VS-VS-Y")).toEqual([
      ["x", "vs-y"],
      ["x-vs", "y"],
    ]);
  });

  it("has no split without two non-empty sides", () => {
    for (const param of ["", "chatgpt", "-vs-chatgpt", "chatgpt-vs-", "-vs-", "chatgpt-versus-claude"]) expect(pairSplits(param), param).toEqual([]);
  });
});

describe("pairTitle", () => {
  it("uses the most descriptive form that fits in 60 characters", () => {
    expect(pairTitle("ChatGPT", "Claude")).toBe("ChatGPT vs Claude: Features, Pricing and Ratings");
    // Neither reviewed in depth: no ratings to promise.
    expect(pairTitle("ChatGPT", "Claude", { rated: false })).toBe("ChatGPT vs Claude: Features and Pricing");
    expect(pairTitle("Microsoft Copilot", "Perplexity Pro")).toBe("Microsoft Copilot vs Perplexity Pro: Features and Pricing");
    expect(pairTitle("A Rather Long Tool Name", "Another Long Tool Name")).toBe("A Rather Long Tool Name vs Another Long Tool Name Compared");
  });

  it("falls back to the bare pair, which pageTitle cuts if needed", () => {
    const long = "x".repeat(40);
    expect(pairTitle(long, long)).toBe(`${long} vs ${long}`);
  });
});
