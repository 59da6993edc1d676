import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import * as simpleIcons from "simple-icons";
import { describe, expect, it } from "vitest";
import { buildMarks, MARKS_PATH } from "../../../scripts/build-logos.js";
import { brandMarkOf, logoSourceOf } from "./logo.server";

const toolsDir = path.resolve(import.meta.dirname, "../../../content/tools");
const catalogue = readdirSync(toolsDir)
  .filter((file) => file.endsWith(".json"))
  .map((file) => JSON.parse(readFileSync(path.join(toolsDir, file), "utf8")) as { slug: string; name: string })
  .sort((a, b) => a.slug.localeCompare(b.slug));
const iconSlugs = new Set(Object.values(simpleIcons).map((icon) => icon.slug));

/**
 * Catalogue tools without a brand mark, and why: simple-icons has no mark for the brand (never added,
 * or removed at the owner's request: OpenAI, Microsoft, Adobe, Canva, Salesforce), or its nearest
 * namesake is another company. A new tool whose name matches a simple-icons mark fails the test below
 * until it is mapped in content/brand-marks.json or listed here with the reason.
 */
const NOT_THE_SAME_BRAND: Record<string, string> = {
  "bolt-new": "simple-icons has StackBlitz (Bolt's maker) but not Bolt's own mark",
  motion: "the 'Dailymotion' and 'Twinmotion' marks are other companies",
  ada: "simple-icons' 'Ada' is the programming language, not Ada the support company",
  flux: "simple-icons' 'Flux' is the FluxCD project, not Black Forest Labs' image models",
};

/** The simple-icons slugs a tool's name or slug would have (simple-icons drops spaces, dots become 'dot'). */
function candidateIconSlugs(tool: { slug: string; name: string }): string[] {
  const base = (text: string) =>
    text
      .toLowerCase()
      .replace(/\+/g, "plus")
      .replace(/\./g, "dot")
      .replace(/&/g, "and")
      .replace(/[^a-z0-9]/g, "");
  const names = [tool.name, tool.name.replace(/\s*(AI|\.ai)$/i, ""), tool.slug.replace(/-ai$/, "")];
  return [...new Set(names.map(base))].filter((slug) => iconSlugs.has(slug));
}

describe("brand marks", () => {
  it("are what scripts/build-logos.js makes of content/brand-marks.json (run `node scripts/build-logos.js` after changing it)", async () => {
    expect(readFileSync(MARKS_PATH, "utf8")).toBe(await buildMarks());
  });

  it("map a tool to its mark, and an unknown tool to a monogram", () => {
    expect(brandMarkOf("github-copilot")).toMatchObject({ slug: "githubcopilot", title: "GitHub Copilot" });
    expect(brandMarkOf("a-tool-added-tomorrow")).toBeUndefined();
    expect(brandMarkOf("constructor")).toBeUndefined();
    expect(logoSourceOf({ slug: "a-tool-added-tomorrow", name: "Tomorrow Tool", color: "#2563eb" })).toEqual({ kind: "monogram", initials: "TT", color: "#2563eb" });
  });

  it("cover every catalogue tool that simple-icons has a mark for", () => {
    const unmapped = catalogue.filter((tool) => !brandMarkOf(tool.slug) && !NOT_THE_SAME_BRAND[tool.slug]);
    const missed = unmapped.map((tool) => ({ slug: tool.slug, candidates: candidateIconSlugs(tool) })).filter(({ candidates }) => candidates.length > 0);
    expect(missed, "map these in content/brand-marks.json, or say in NOT_THE_SAME_BRAND why not").toEqual([]);
  });

  it("lists which catalogue tools have a brand mark and which a monogram", () => {
    const branded = catalogue.filter((tool) => brandMarkOf(tool.slug));
    const monograms = catalogue.filter((tool) => !brandMarkOf(tool.slug));
    console.info(
      [
        `Brand marks (${branded.length} of ${catalogue.length}): ${branded.map((tool) => `${tool.slug} (${brandMarkOf(tool.slug)!.title})`).join(", ")}`,
        `Monograms (${monograms.length}), no mark in simple-icons ${monograms.some((tool) => NOT_THE_SAME_BRAND[tool.slug]) ? "or a namesake only" : ""}: ${monograms.map((tool) => tool.slug).join(", ")}`,
      ].join("\n"),
    );
    expect(branded.length + monograms.length).toBe(catalogue.length);
    expect(branded.length).toBeGreaterThanOrEqual(20);
  });
});
