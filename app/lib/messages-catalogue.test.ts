import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One message catalogue (lib/messages.ts): components and routes show toasts and sign-in prompts by key, never
 * as sentences of their own, so the words stay in one place and in the spec's voice.
 */
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });

/** A toast or prompt written as a literal string where a catalogue key belongs. */
const LITERALS = [
  { name: "a literal toast", pattern: /showToast\(\s*\{[^}]*\b(title|description)\s*:\s*["'`]/ },
  { name: "a literal override of a catalogue toast", pattern: /showMessage\([^)]*\{[^}]*\b(title|description)\s*:\s*["'`]/ },
  // A prompt is named by its key ('vote'); a sentence (a string with a space) is a literal prompt.
  { name: "a literal sign-in prompt", pattern: /\.open\(\s*["']signin["']\s*,\s*["'`][^"'`]*\s[^"'`]*["'`]/ },
  { name: "a literal toast in a reply", pattern: /toast\s*:\s*\{\s*title\s*:\s*["'`]/ },
];

describe("the message catalogue", () => {
  it("finds a literal toast when there is one (the check itself works)", () => {
    expect(LITERALS[0]!.pattern.test('showToast({ title: "Saved" })')).toBe(true);
    expect(LITERALS[2]!.pattern.test('dialog.open("signin", "Please sign in")')).toBe(true);
    expect(LITERALS.some(({ pattern }) => pattern.test('showMessage("linkCopied")'))).toBe(false);
    expect(LITERALS.some(({ pattern }) => pattern.test('dialog.open("signin", "vote")'))).toBe(false);
  });

  it("has no toast or sign-in prompt written outside lib/messages.ts", () => {
    const found: string[] = [];
    for (const file of [...sourceFiles("app/components"), ...sourceFiles("app/routes"), "app/root.tsx"]) {
      const text = readFileSync(file, "utf8");
      for (const { name, pattern } of LITERALS) if (pattern.test(text)) found.push(`${file}: ${name}`);
    }
    expect(found).toEqual([]);
  });
});
