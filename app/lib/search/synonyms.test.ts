import { describe, expect, it } from "vitest";
import { alternativesOf, MAX_ALTERNATIVES, wordsOf } from "./synonyms";

const GROUPS = [
  ["speech to text", "transcription", "transcribe", "dictation"],
  ["summarise", "summarize"],
  ["dall-e", "dalle"],
];

describe("wordsOf", () => {
  it("reads letters and digits in lower case, whatever separates them", () => {
    expect(wordsOf("Bolt.new")).toEqual(["bolt", "new"]);
    expect(wordsOf("  Speech-to-TEXT, please! ")).toEqual(["speech", "to", "text", "please"]);
    expect(wordsOf("café v0")).toEqual(["café", "v0"]);
    expect(wordsOf("...")).toEqual([]);
  });
});

describe("alternativesOf", () => {
  it("puts every other phrase of a group in place of the one the search holds", () => {
    expect(alternativesOf(["dictation"], GROUPS).map((alternative) => alternative.text)).toEqual(["speech to text", "transcription", "transcribe"]);
    expect(alternativesOf(["free", "speech", "to", "text", "app"], GROUPS)).toEqual([
      { rest: ["free", "app"], phrase: "transcription", text: "free transcription app" },
      { rest: ["free", "app"], phrase: "transcribe", text: "free transcribe app" },
      { rest: ["free", "app"], phrase: "dictation", text: "free dictation app" },
    ]);
  });

  it("matches whole words in order: no phrase inside a word, none with its words apart or reversed", () => {
    expect(alternativesOf(["transcriptions"], GROUPS)).toEqual([]);
    expect(alternativesOf(["text", "to", "speech"], GROUPS)).toEqual([]);
    expect(alternativesOf(["speech", "and", "text"], GROUPS)).toEqual([]);
  });

  it("reads a phrase's punctuation as the search's ('dall-e' is typed 'DALL E' or 'dall-e')", () => {
    expect(alternativesOf(wordsOf("DALL-E 3"), GROUPS)).toEqual([{ rest: ["3"], phrase: "dalle", text: "dalle 3" }]);
    expect(alternativesOf(["dalle"], GROUPS).map((alternative) => alternative.phrase)).toEqual(["dall-e"]);
  });

  it("takes each group that matches, and stops at MAX_ALTERNATIVES", () => {
    expect(alternativesOf(["summarize", "transcription"], GROUPS).map((alternative) => alternative.text)).toEqual([
      "summarize speech to text",
      "summarize transcribe",
      "summarize dictation",
      "summarise transcription",
    ]);
    const wide = [Array.from({ length: 40 }, (_, index) => `word${index}`)];
    expect(alternativesOf(["word0"], wide)).toHaveLength(MAX_ALTERNATIVES);
    expect(alternativesOf([], GROUPS)).toEqual([]);
  });
});
