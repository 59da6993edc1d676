// Checks content/tasks/*.json: node scripts/check-tasks.js
import fs from "node:fs";
const dir = "content/tasks", errors = [];
const tools = new Set(fs.readdirSync("content/tools").map((f) => f.replace(/\.json$/, "")));
const cats = new Set(JSON.parse(fs.readFileSync("content/categories.json", "utf8")).map((c) => c.slug));
const slugs = new Set(), names = new Set(), count = {};
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".json"))) {
  const t = JSON.parse(fs.readFileSync(`${dir}/${file}`, "utf8"));
  const err = (m) => errors.push(`${file}: ${m}`);
  const keys = Object.keys(t).join();
  if (keys !== "slug,name,categoryId,summary,synonyms,tools,writtenAt") err(`keys ${keys}`);
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(t.slug) || `${t.slug}.json` !== file) err("slug/file name");
  if (slugs.has(t.slug)) err("duplicate slug"); slugs.add(t.slug);
  if (names.has(t.name.toLowerCase())) err("duplicate name"); names.add(t.name.toLowerCase());
  if (t.name.length < 3 || t.name.length > 60 || t.name[0] !== t.name[0].toUpperCase()) err("name");
  if (!cats.has(t.categoryId)) err(`category ${t.categoryId}`);
  count[t.categoryId] = (count[t.categoryId] || 0) + 1;
  const words = t.summary.trim().split(/\s+/).length;
  if (words < 50 || words > 110) err(`summary ${words} words`);
  if (!Array.isArray(t.synonyms) || t.synonyms.length < 2 || t.synonyms.length > 8 || t.synonyms.some((s) => s !== s.toLowerCase() || !s.trim())) err("synonyms");
  if (new Set(t.synonyms).size !== t.synonyms.length) err("duplicate synonym");
  if (!Array.isArray(t.tools) || t.tools.length < 3 || t.tools.length > 8) err("tools count");
  const seen = new Set();
  for (const { slug, reason } of t.tools) {
    if (!tools.has(slug)) err(`unknown tool ${slug}`);
    if (seen.has(slug)) err(`tool twice ${slug}`); seen.add(slug);
    if (typeof reason !== "string" || reason.length < 60 || reason.length > 200) err(`reason ${slug} ${reason?.length}`);
  }
  const text = [t.summary, ...t.tools.map((x) => x.reason)].join(" ");
  const bad = text.match(/\b(tested|hands-on|verified|checked|confirmed)\b|[$€£]\s?\d|\d+(\.\d+)?\s?(\/5|stars?)\b/i);
  if (bad) err(`forbidden wording: ${bad[0]}`);
  if (t.writtenAt !== "2026-11-26") err("writtenAt");
}
console.log(count, "total", slugs.size);
if (errors.length) { console.error(errors.join("\n")); process.exit(1); }
