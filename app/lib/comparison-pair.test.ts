import { describe, expect, it } from "vitest";
import { pairPath, pairSplits } from "./comparison-pair";

describe("pairPath", () => {
  it("puts the slugs in alphabetical order", () => {
    expect(pairPath("claude-ai", "chatgpt")).toBe("/tools/compare/chatgpt-vs-claude-ai");
    expect(pairPath("chatgpt", "claude-ai")).toBe("/tools/compare/chatgpt-vs-claude-ai");
  });
});

describe("pairSplits", () => {
  it("offers every '-vs-' split point", () => {
    expect(pairSplits("chatgpt-vs-claude-ai")).toEqual([["chatgpt", "claude-ai"]]);
    expect(pairSplits("a-vs-b-vs-c")).toEqual([["a", "b-vs-c"], ["a-vs-b", "c"]]);
  });

  it("reads overlapping separators and upper case", () => {
    expect(pairSplits("X-VS-VS-Y")).toEqual([["x", "vs-y"], ["x-vs", "y"]]);
  });

  it("has no split without two non-empty sides", () => {
    for (const param of ["", "chatgpt", "-vs-chatgpt", "chatgpt-vs-", "-vs-", "chatgpt-versus-claude"]) expect(pairSplits(param), param).toEqual([]);
  });
});
