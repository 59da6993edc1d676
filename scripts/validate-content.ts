// Checks every file under content/ against the schemas; run with `npx node scripts/validate-content.ts`.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import {
  categoriesFileSchema,
  currencyRatesSchema,
  toolSchema,
  reviewContentSchema,
  taskSchema,
  authorsFileSchema,
  dealsFileSchema,
  partnerProgramsFileSchema,
  pairVerdictSchema,
  searchSynonymsFileSchema,
  toolDataFactsSchema,
} from "../app/models/content/schemas.ts";

const root = join(import.meta.dirname, "..", "content");
let problems = 0;
function check(file: string, schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }) {
  const result = schema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!result.success) {
    problems++;
    for (const issue of result.error!.issues) console.log(`${file}: ${issue.path.join(".")}: ${issue.message}`);
  }
  return result;
}
if (existsSync(join(root, "categories.json"))) check(join(root, "categories.json"), categoriesFileSchema);
if (existsSync(join(root, "authors.json"))) check(join(root, "authors.json"), authorsFileSchema);
if (existsSync(join(root, "currency-rates.json"))) check(join(root, "currency-rates.json"), currencyRatesSchema);
if (existsSync(join(root, "search-synonyms.json"))) check(join(root, "search-synonyms.json"), searchSynonymsFileSchema);
const ids = new Map<number, string>();
for (const dir of ["tools", "reviews", "tasks", "facts"]) {
  if (!existsSync(join(root, dir))) continue;
  for (const name of readdirSync(join(root, dir)).filter((n) => n.endsWith(".json"))) {
    const file = join(root, dir, name);
    const result = check(file, dir === "tools" ? toolSchema : dir === "tasks" ? taskSchema : dir === "facts" ? toolDataFactsSchema : reviewContentSchema) as {
      success: boolean;
      data?: { id?: number; slug?: string; toolSlug?: string; tool?: string };
    };
    if (!result.success || !result.data) continue;
    const expected = (result.data.slug ?? result.data.toolSlug ?? result.data.tool) + ".json";
    if (expected !== name) {
      problems++;
      console.log(`${file}: file name should be ${expected}`);
    }
    if (dir === "tools" && result.data.id !== undefined) {
      if (ids.has(result.data.id)) {
        problems++;
        console.log(`${file}: id ${result.data.id} already used by ${ids.get(result.data.id)}`);
      }
      ids.set(result.data.id, name);
    }
  }
}
const toolFiles = new Set([...ids.values()]);
if (existsSync(join(root, "partner-programs.json"))) check(join(root, "partner-programs.json"), partnerProgramsFileSchema);
if (existsSync(join(root, "deals.json"))) {
  const deals = check(join(root, "deals.json"), dealsFileSchema) as { success: boolean; data?: { id: string; toolSlug: string }[] };
  for (const deal of deals.data ?? []) {
    if (toolFiles.has(`${deal.toolSlug}.json`)) continue;
    problems++;
    console.log(`${join(root, "deals.json")}: deal "${deal.id}" names toolSlug "${deal.toolSlug}", which is not a tool in content/tools/`);
  }
}
// Pair verdicts (decision 043): the file named after its two tools, both in content/tools/.
if (existsSync(join(root, "pair-verdicts"))) {
  for (const name of readdirSync(join(root, "pair-verdicts")).filter((n) => n.endsWith(".json"))) {
    const file = join(root, "pair-verdicts", name);
    const result = check(file, pairVerdictSchema) as { success: boolean; data?: { tools: [string, string] } };
    if (!result.success || !result.data) continue;
    const [first, second] = result.data.tools;
    if (name !== `${first}-vs-${second}.json`) {
      problems++;
      console.log(`${file}: file name should be ${first}-vs-${second}.json`);
    }
    for (const slug of [first, second].filter((slug) => !toolFiles.has(`${slug}.json`))) {
      problems++;
      console.log(`${file}: names tool "${slug}", which is not a tool in content/tools/`);
    }
  }
}
console.log(problems ? `${problems} problem(s)` : "content OK");
process.exit(problems ? 1 : 0);
