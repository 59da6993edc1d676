// Builds app/models/tool/brand-marks.json, the brand marks the site draws (decision 026): for each tool
// slug in content/brand-marks.json, the simple-icons entry it names (title, colour, path). Only these
// marks reach the server bundle, and each page only the files of the tools it shows; simple-icons itself
// is a dev dependency. The output is committed (the build does not run this script); a unit test
// (app/models/tool/logo.server.test.ts) fails when it is out of date. Usage: node scripts/build-logos.js
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const MAP_PATH = path.join(root, "content/brand-marks.json");
export const MARKS_PATH = path.join(root, "app/models/tool/brand-marks.json");
const require = createRequire(import.meta.url);

/** The file's text: the tool map and each mark it uses once, keys sorted so the output is stable. */
export async function buildMarks() {
  // The package exports no ./package.json: find it beside its main file.
  const { version } = JSON.parse(readFileSync(path.join(path.dirname(require.resolve("simple-icons")), "package.json"), "utf8"));
  const icons = new Map(Object.values(await import("simple-icons")).map((icon) => [icon.slug, icon]));
  const map = JSON.parse(readFileSync(MAP_PATH, "utf8"));
  const tools = {};
  const marks = {};
  for (const toolSlug of Object.keys(map).sort()) {
    const iconSlug = map[toolSlug];
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(toolSlug)) throw new Error(`content/brand-marks.json: "${toolSlug}" is not a tool slug`);
    const icon = icons.get(iconSlug);
    if (!icon) throw new Error(`content/brand-marks.json: simple-icons ${version} has no icon "${iconSlug}" (for "${toolSlug}")`);
    tools[toolSlug] = iconSlug;
    marks[iconSlug] = { title: icon.title, slug: icon.slug, hex: icon.hex, path: icon.path };
  }
  const sortedMarks = Object.fromEntries(Object.entries(marks).sort(([a], [b]) => a.localeCompare(b)));
  return `${JSON.stringify({ source: `simple-icons ${version} (CC0-1.0, https://simpleicons.org)`, tools, marks: sortedMarks }, null, 1)}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = await buildMarks();
  writeFileSync(MARKS_PATH, text);
  const { tools, marks } = JSON.parse(text);
  console.log(`wrote ${path.relative(root, MARKS_PATH)}: ${Object.keys(tools).length} tool slugs, ${Object.keys(marks).length} marks, ${text.length} bytes`);
}
