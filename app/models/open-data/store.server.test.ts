import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { partsOf } from "./store.server";

const folder = mkdtempSync(path.join(os.tmpdir(), "aitools-parts-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("partsOf (a stored open-data file's rows)", () => {
  it("reads a file in parts of the size asked, the last one shorter, which join into the file", async () => {
    const file = path.join(folder, "tools.json.gz");
    const bytes = randomBytes(2.5 * 1024);
    writeFileSync(file, bytes);
    const parts: Buffer[] = [];
    for await (const part of partsOf(file, 1024)) parts.push(Buffer.from(part));
    expect(parts.map((part) => part.length)).toEqual([1024, 1024, 512]);
    expect(Buffer.concat(parts).equals(bytes)).toBe(true);
  });

  it("reads a file of a part's exact size as one part, and an empty file as none", async () => {
    const exact = path.join(folder, "exact");
    writeFileSync(exact, randomBytes(1024));
    const empty = path.join(folder, "empty");
    writeFileSync(empty, "");
    const sizes = async (file: string) => {
      const found: number[] = [];
      for await (const part of partsOf(file, 1024)) found.push(part.length);
      return found;
    };
    expect(await sizes(exact)).toEqual([1024]);
    expect(await sizes(empty)).toEqual([]);
  });
});
