import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./paths";

/**
 * CONTRIBUTING.md's worked examples are files under docs/examples/, which `npx tsc` checks against the code (issue 25).
 * The guide quotes each one whole, after a marker naming it: this holds every quote to its file, so the text a
 * newcomer copies is the text the type check passed. Every code block of the guide is such a quote, and every
 * example file is quoted, so neither an unchecked snippet nor an unquoted example can creep in.
 */
const EXAMPLES_DIR = "docs/examples";
const MARKER = /^<!-- example: (\S+) -->$/;

type Block = { marker: string | null; language: string; text: string; line: number };

/** The fenced code blocks of a Markdown text, each with the example marker on the line just before it (if any). */
function codeBlocks(markdown: string): Block[] {
  const lines = markdown.split("\n");
  const blocks: Block[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)```(\w*)\s*$/.exec(lines[index]!);
    if (!open) continue;
    const indent = open[1]!;
    const end = lines.findIndex((line, at) => at > index && line === `${indent}\`\`\``);
    if (end === -1) throw new Error(`CONTRIBUTING.md line ${index + 1}: a code block that never closes`);
    const marker = MARKER.exec(lines[index - 1]?.trim() ?? "")?.[1] ?? null;
    const text = lines
      .slice(index + 1, end)
      .map((line) => line.slice(indent.length))
      .join("\n");
    blocks.push({ marker, language: open[2]!, text, line: index + 1 });
    index = end;
  }
  return blocks;
}

const read = (file: string) => readFileSync(path.join(projectRoot, file), "utf8");

describe("CONTRIBUTING.md quotes the examples that the type check covers", () => {
  const blocks = codeBlocks(read("CONTRIBUTING.md"));
  const exampleFiles = readdirSync(path.join(projectRoot, EXAMPLES_DIR)).map((name) => `${EXAMPLES_DIR}/${name}`);

  it("has examples, and quotes each file of docs/examples", () => {
    expect(exampleFiles.length).toBeGreaterThan(0);
    expect(new Set(blocks.map((block) => block.marker))).toEqual(new Set(exampleFiles));
  });

  it.each(blocks.map((block) => [block.line, block]))("the code block at line %s is an example file, quoted whole", (_line, block) => {
    expect(block.marker, "a code block in CONTRIBUTING.md without `<!-- example: docs/examples/… -->` before it: make it an example file").not.toBeNull();
    expect(block.marker!.startsWith(`${EXAMPLES_DIR}/`)).toBe(true);
    expect(block.text, `the quote of ${block.marker} differs from the file: paste the file again`).toBe(read(block.marker!).replace(/\n$/, ""));
  });
});

describe("codeBlocks", () => {
  it("reads blocks, their markers and list indentation, and fails on an unclosed block", () => {
    const markdown = ["Text", "<!-- example: docs/examples/a.ts -->", "```ts", "const a = 1;", "", "```", "1. Item", "   ```sh", "   npm test", "   ```"].join("\n");
    expect(codeBlocks(markdown)).toEqual([
      { marker: "docs/examples/a.ts", language: "ts", text: "const a = 1;\n", line: 3 },
      { marker: null, language: "sh", text: "npm test", line: 8 },
    ]);
    expect(() => codeBlocks("```ts\nopen")).toThrow("never closes");
  });
});
