import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./paths";

/** Every decision record says whether it stands and when it was taken (docs/ARCHITECTURE.md, CONTRIBUTING.md). */
describe("docs/decisions", () => {
  const folder = path.join(projectRoot, "docs/decisions");
  const records = readdirSync(folder).filter((name) => name.endsWith(".md"));

  it("numbers each record once, and each has a Status line and a Date line with a real date", () => {
    expect(records.length).toBeGreaterThan(60);
    const numbers = records.map((name) => name.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
    const missing = records.filter((name) => {
      const text = readFileSync(path.join(folder, name), "utf8");
      const date = /^Date: (\d{4}-\d{2}-\d{2})/m.exec(text)?.[1];
      return !/^Status: \S/m.test(text) || !date || Number.isNaN(Date.parse(date)) || Date.parse(date) > Date.now();
    });
    expect(missing).toEqual([]);
  });
});
