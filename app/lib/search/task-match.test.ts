import { describe, expect, it } from "vitest";
import { bestTasks, matchScore, MAX_TASK_RESULTS, type Candidate, type Filler } from "./task-match";

/** The filler words as PostgreSQL's English stemmer gives them. */
const FILLER: Filler = {
  query: new Set(["ai", "tool", "app", "softwar", "onlin", "best", "free", "help", "want", "need"]),
  phrase: new Set(["ai"]),
  headNouns: new Set(["tool", "app", "softwar"]),
};

describe("matchScore", () => {
  it("is the share of lexemes the search and the phrase have in common, in any order", () => {
    expect(matchScore(["remov", "background"], ["background", "remov"], "remov", FILLER)).toBe(1);
    expect(matchScore(["video", "editor"], ["youtub", "video", "editor"], "editor", FILLER)).toBeCloseTo(2 / 3);
    expect(matchScore(["copilot"], ["copilot", "altern"], "altern", FILLER)).toBe(0.5);
    expect(matchScore(["seo"], ["crawl", "error"], "error", FILLER)).toBe(0);
  });

  it("does not count a search's filler against it, unless the phrase has the word too", () => {
    expect(matchScore(["tool", "remov", "imag", "background"], ["remov", "imag", "background"], "background", FILLER)).toBe(1);
    expect(matchScore(["help", "write", "essay"], ["write", "essay"], "essay", FILLER)).toBe(1);
    expect(matchScore(["help", "desk"], ["help", "desk", "softwar"], "softwar", FILLER)).toBe(1);
  });

  it("does not count 'ai' in a phrase, nor a product noun closing it, but counts one that is the job", () => {
    expect(matchScore(["make", "present"], ["make", "present", "ai"], "ai", FILLER)).toBe(1);
    expect(matchScore(["crm"], ["crm", "softwar"], "softwar", FILLER)).toBe(1);
    // 'prompt to app': the app follows 'to', so it is what is made (no head noun).
    expect(matchScore(["prompt"], ["prompt", "app"], null, FILLER)).toBe(0.5);
    expect(matchScore(["builder"], ["ai", "app", "builder"], "builder", FILLER)).toBe(0.5);
  });
});

describe("bestTasks", () => {
  const candidate = (taskSlug: string, phrase: string, readingLexemes: string[], lexemes: string[], extra: Partial<Candidate> = {}): Candidate => ({
    taskSlug,
    phrase,
    lexemes,
    head: lexemes.at(-1) ?? null,
    reading: 0,
    readingLexemes,
    inOrder: false,
    ...extra,
  });

  it("keeps each task's best phrase at 0.75 or more, best first", () => {
    const found = bestTasks(
      [
        candidate("remove-the-background-from-a-video", "video background remover", ["remov", "background"], ["video", "background", "remov"]),
        candidate("remove-image-background", "Remove an image background", ["remov", "background"], ["remov", "imag", "background"]),
        candidate("remove-image-background", "background remover", ["remov", "background"], ["background", "remov"]),
      ],
      FILLER,
    );
    expect(found).toEqual([{ taskSlug: "remove-image-background", phrase: "background remover", score: 1, inOrder: false }]);
  });

  it("keeps only word-for-word matches when there is one: 'speech to text' is not 'text to speech'", () => {
    const found = bestTasks(
      [
        candidate("turn-text-into-speech", "text to speech", ["speech", "text"], ["text", "speech"]),
        candidate("transcribe-an-audio-or-video-file", "speech to text", ["speech", "text"], ["speech", "text"], { inOrder: true }),
      ],
      FILLER,
    );
    expect(found.map((match) => match.taskSlug)).toEqual(["transcribe-an-audio-or-video-file"]);
  });

  it("prefers the search as typed to a synonym's reading, and lists at most MAX_TASK_RESULTS", () => {
    const many = Array.from({ length: 5 }, (_, index) => candidate(`task-${index}`, "crm software", ["crm"], ["crm", "softwar"], { reading: 5 - index }));
    const found = bestTasks(many, FILLER);
    expect(found).toHaveLength(MAX_TASK_RESULTS);
    expect(found.map((match) => match.taskSlug)).toEqual(["task-4", "task-3", "task-2"]);
    expect(bestTasks([], FILLER)).toEqual([]);
  });
});
