// Relative imports with extensions: scripts/prices-export.ts runs this under plain Node.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { capabilitiesWithPricing, inFileOrder, type PricingFacts } from "../../lib/tool/pricing-edit.ts";
import { canonicalJson } from "../../lib/provenance/provenance.ts";
import { hasFreePlan, hasPaidPlan } from "../../lib/tool/pricing.ts";
import { toolSchema } from "./schemas.ts";

/**
 * Moving editors' pricing overrides back into the content files (decision 036, `npm run prices:export`): each
 * override's pricing, trial, the flags the file states (`isFree`, `isPro`) and the pricing capabilities are written
 * into content/tools/<slug>.json, replacing only those values, so the rest of the file keeps its text and its
 * 2-space layout (a `git diff` shows the prices and nothing else). The new file is validated before it is written.
 */

export type Override = PricingFacts & { slug: string };
export type ExportOutcome = "written" | "unchanged" | "missing";

/** Where a top-level value of a 2-space JSON file starts and ends (after `\n  "key": `), strings and nesting respected. */
function valueSpan(text: string, key: string): { start: number; end: number } | null {
  const marker = `\n  ${JSON.stringify(key)}: `;
  const at = text.indexOf(marker);
  if (at < 0) return null;
  const start = at + marker.length;
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const char = text[index]!;
    if (inString) {
      if (char === "\\") index++;
      else if (char === '"') inString = false;
      if (!inString && depth === 0) return { start, end: index + 1 };
      continue;
    }
    if (char === '"') inString = true;
    else if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") {
      depth--;
      if (depth === 0) return { start, end: index + 1 };
    } else if (depth === 0 && (char === "," || char === "\n")) return { start, end: index };
  }
  return null;
}

/** The file's text with top-level `key` set to `value`, laid out as the rest of the file (2 spaces, nested one level). */
export function replaceTopLevelValue(text: string, key: string, value: unknown): string {
  const span = valueSpan(text, key);
  if (!span) throw new Error(`"${key}" is not a top-level key of the file`);
  return text.slice(0, span.start) + JSON.stringify(value, null, 2).replaceAll("\n", "\n  ") + text.slice(span.end);
}

const toolFile = (contentDir: string, slug: string) => path.join(contentDir, "tools", `${slug}.json`);

type ToolFileFacts = { pricing: { model: string; plans: unknown[] }; hasFreeTrial: boolean };

/** Whether a tool file's pricing and trial are the override's (whatever order the keys are in). */
export function fileMatches(contentDir: string, override: Override): boolean {
  const file = toolFile(contentDir, override.slug);
  if (!existsSync(file)) return false;
  const tool = JSON.parse(readFileSync(file, "utf8")) as ToolFileFacts;
  return (
    canonicalJson({ model: tool.pricing.model, plans: tool.pricing.plans, trial: tool.hasFreeTrial }) ===
    canonicalJson({ model: override.pricingModel, plans: override.plans, trial: override.hasFreeTrial })
  );
}

/** Writes one override into its tool's file; 'unchanged' when the file says it already, 'missing' when there is no file. */
export function exportOverride(contentDir: string, override: Override): ExportOutcome {
  const file = toolFile(contentDir, override.slug);
  if (!existsSync(file)) return "missing";
  if (fileMatches(contentDir, override)) return "unchanged";
  let text = readFileSync(file, "utf8");
  const current = JSON.parse(text) as { capabilities: string[] };
  const pricing = { model: override.pricingModel, plans: override.plans.map(inFileOrder) };
  text = replaceTopLevelValue(text, "pricing", pricing);
  text = replaceTopLevelValue(text, "isFree", hasFreePlan(pricing));
  text = replaceTopLevelValue(text, "isPro", hasPaidPlan(pricing));
  text = replaceTopLevelValue(text, "hasFreeTrial", override.hasFreeTrial);
  text = replaceTopLevelValue(text, "capabilities", capabilitiesWithPricing(current.capabilities, pricing, override.hasFreeTrial));
  const checked = toolSchema.safeParse(JSON.parse(text));
  if (!checked.success) {
    const issues = checked.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`${path.relative(process.cwd(), file)} would not be valid with the override (${issues}); the file is left as it was`);
  }
  writeFileSync(file, text);
  return "written";
}
