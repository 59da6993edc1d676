import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "./cn";

const appDir = path.resolve(import.meta.dirname, "../..");

/** Every whitespace-separated word of every string in app/**.tsx: the class names the site can pass to cn. */
function classNamesInApp() {
  const names = new Set<string>();
  for (const entry of readdirSync(appDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".tsx")) continue;
    const source = readFileSync(path.join(entry.parentPath, entry.name), "utf8");
    for (const match of source.matchAll(/"([^"\n]*)"|`([^`]*)`/g)) {
      const text = (match[1] ?? match[2] ?? "").replace(/\$\{[^}]*\}/g, " ");
      for (const word of text.split(/\s+/)) if (/^[!-]?[a-z@[]\S*$/.test(word)) names.add(word);
    }
  }
  return [...names];
}

/** `md:hover:p-4` → `md:hover:` (colons inside brackets belong to the variant). */
function variantsOf(className: string) {
  let depth = 0;
  let end = 0;
  for (let index = 0; index < className.length; index++) {
    if (className[index] === "[") depth++;
    else if (className[index] === "]") depth--;
    else if (className[index] === ":" && depth === 0) end = index + 1;
  }
  return className.slice(0, end);
}

describe("cn", () => {
  it("joins strings, arrays and objects like clsx and skips falsy values", () => {
    expect(cn("a", ["b", ["c"]], { d: true, e: false }, null, undefined, false, 0, "")).toBe("a b c d");
  });

  it("remembers merges by their whole input, so the same classes in another order merge anew", () => {
    expect(cn("p-6", "p-0")).toBe("p-0");
    expect(cn("p-0", "p-6")).toBe("p-6");
    expect(cn("p-6", "p-0")).toBe("p-0");
    expect(cn(["p-6 p-0"])).toBe("p-0");
  });

  it.each([
    ["p-5 pt-0", "pt-6", "p-5 pt-6"],
    ["max-w-lg p-6", "max-w-xl p-0", "max-w-xl p-0"],
    ["px-3", "pl-9", "px-3 pl-9"],
    ["size-8 text-xs", "size-16 text-xl", "size-16 text-xl"],
    ["h-10 w-10", "lg:hidden", "h-10 w-10 lg:hidden"],
    ["[&_svg]:size-4", "[&_svg]:size-5", "[&_svg]:size-5"],
    ["overflow-hidden", "line-clamp-2", "line-clamp-2"],
  ])("lets later classes win: %s + %s", (base, override, expected) => {
    expect(cn(base, override)).toBe(expected);
    expect(cn(base, override)).toBe(twMerge(base, override));
  });

  it("merges every pair of class names used in app/ exactly as tailwind-merge does", () => {
    const names = classNamesInApp();
    expect(names.length).toBeGreaterThan(300);
    // Classes tailwind-merge knows collapse when repeated; the rest are left alone by both.
    const known = names.filter((name) => twMerge(`${name} ${name}`) === name);
    expect(names.filter((name) => cn(name, name) === name)).toEqual(known);
    const byVariants = Map.groupBy(known, variantsOf);
    const mismatches: string[] = [];
    for (const group of byVariants.values())
      for (const earlier of group)
        for (const later of group) {
          if (earlier === later) continue;
          const expected = twMerge(`${earlier} ${later}`);
          if (cn(earlier, later) !== expected) mismatches.push(`"${earlier} ${later}" → tailwind-merge "${expected}", cn "${cn(earlier, later)}"`);
        }
    expect(mismatches).toEqual([]);
  });
});
