import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildSprite, buildStarRows, SPRITE_PATH, STARS_DIR } from "../../../scripts/build-icons.js";
import { ICON_NAMES, STAR_ROWS } from "~/lib/ui/icon-names";

const appDir = path.resolve(import.meta.dirname, "../..");
const sprite = readFileSync(SPRITE_PATH, "utf8");
const symbols = new Set([...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]));

/** The source of every component and route, without the icon list itself. */
function appSources() {
  return readdirSync(appDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") && entry.name !== "icon-names.ts")
    .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), "utf8"));
}

describe("icon sprite", () => {
  it("is what scripts/build-icons.js makes of icon-names.ts (run `node scripts/build-icons.js` after changing the list)", async () => {
    expect(sprite).toBe(await buildSprite());
  });

  it("has a symbol for every icon name", () => {
    expect(ICON_NAMES.filter((name) => !symbols.has(name))).toEqual([]);
  });

  it("has the star rows' images as scripts/build-icons.js makes them, two for each row", async () => {
    const built = await buildStarRows();
    expect([...built.keys()].sort()).toEqual(
      Object.keys(STAR_ROWS)
        .flatMap((row) => [`${row}-filled.svg`, `${row}-outline.svg`])
        .sort(),
    );
    expect(readdirSync(STARS_DIR).sort()).toEqual([...built.keys()].sort());
    for (const [name, text] of built) expect(readFileSync(path.join(STARS_DIR, name), "utf8")).toBe(text);
  });

  it("has every icon the app names, and the app names every icon in it", () => {
    const sources = appSources().join("\n");
    // <Icon name="x" />, and names kept in data: icon: "x", icon="x", or a bare "x" (a map of names).
    const named = [...sources.matchAll(/<Icon\s+name="([^"]+)"|\bicon[=:]\s*"([a-z0-9-]+)"/g)].map((match) => match[1] ?? match[2]);
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter((name) => !symbols.has(name!))).toEqual([]);
    expect(ICON_NAMES.filter((name) => !sources.includes(`"${name}"`))).toEqual([]);
  });

  it("replaces lucide-react everywhere in the app", () => {
    expect(appSources().filter((source) => source.includes('from "lucide-react"'))).toEqual([]);
  });
});
