import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./paths";

/**
 * No import cycles in app/ and server/ (issue 25; what `madge --circular` reports, without the dependency): a graph of
 * every static value import, resolved through the `~/` alias and relative paths. Type-only imports vanish at build
 * and `import()` loads lazily, so neither can close a cycle at load time and neither is counted.
 */
const ROOTS = ["app", "server"];
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function resolve(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(projectRoot, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined; // a package
  for (const candidate of [base, ...EXTENSIONS.map((extension) => base.replace(/\.tsx?$/, "") + extension)]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Static value imports and re-exports; `import type` / `export type` and `import()` are left out. */
const IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']/gm;

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of ROOTS.flatMap((root) => sourceFiles(path.join(projectRoot, root)))) {
    const source = readFileSync(file, "utf8");
    const targets = [...source.matchAll(IMPORT)].map((match) => resolve(file, match[1]!)).filter((target): target is string => !!target);
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle's files, once each (Tarjan's strongly connected components of more than one file, or a self-import). */
export function cyclesOf(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return cycles;
}

describe("import cycles", () => {
  it("finds a cycle when there is one (the check itself works)", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(cyclesOf(graph)).toEqual([["a", "b", "c"]]);
  });

  it("has none in app/ and server/", () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(300);
    const cycles = cyclesOf(graph).map((cycle) => cycle.map((file) => path.relative(projectRoot, file)));
    expect(cycles).toEqual([]);
  });
});
