import { DATA_FACT_LABELS, DATA_FACT_TIER_LABELS } from "../tool/data-facts";
import { formatLongDate } from "../ui/dates";
import type { ApiChange, ApiProvenance, ApiTask, ApiTool, ApiToolSummary } from "./schemas";

/**
 * The short text the MCP server sends beside each result's `structuredContent` (issue 46). An assistant may quote it
 * to a reader as it is, so every figure it names carries what the tool page says with it: the page's address, the
 * source it was taken from, and "Confirmed <day> by …" or "not yet confirmed". The words are the API objects' own
 * (`price_text`, `value_text`, `text`), so the text cannot say more than the page does.
 */

const CONFIRMED_BY: Record<Exclude<ApiProvenance["method"], "entered">, string> = {
  "automatic-check": "our automatic check of the source page",
  editor: "one of our editors",
};

/** "source <url>; Confirmed 3 December 2026 by one of our editors (receipt <url>)", or "…; not yet confirmed". */
export function provenanceWords(provenance: ApiProvenance): string {
  const source = provenance.source_url ? `source ${provenance.source_url}` : "no source named";
  if (provenance.confirmed_at === null || provenance.method === "entered") {
    const entered = provenance.entered_at ? ` (entered ${formatLongDate(provenance.entered_at)})` : "";
    return `${source}; not yet confirmed${entered}`;
  }
  const receipt = provenance.receipt_url ? ` (receipt ${provenance.receipt_url})` : "";
  return `${source}; Confirmed ${formatLongDate(provenance.confirmed_at)} by ${CONFIRMED_BY[provenance.method]}${receipt}`;
}

function ratingWords({ rating }: ApiTool): string {
  const ours = rating.editorial ? `our rating ${rating.editorial.value}/5 (${rating.editorial.review_url})` : "no rating of ours (no in-depth review)";
  const readers = rating.readers.average === null ? "no reader ratings" : `readers ${rating.readers.average}/5 from ${rating.readers.count}`;
  return `Rating: ${ours}; ${readers}.`;
}

/** A tool as get_tool and compare_tools describe it: page, plans with their terms, prices' and facts' provenance. */
export function toolWords(tool: ApiTool): string {
  const plans = tool.pricing.plans.map((plan) => `- ${plan.name}: ${plan.price_text}${plan.limits ? `; ${plan.limits}` : ""}`);
  const facts = tool.data_facts.map((fact) => `- ${DATA_FACT_LABELS[fact.kind]} (${DATA_FACT_TIER_LABELS[fact.tier]}): ${fact.value_text}; ${provenanceWords(fact.provenance)}`);
  return [
    `${tool.name}: ${tool.tagline}`,
    `Page: ${tool.url}`,
    `Pricing (${tool.pricing_text}): ${provenanceWords(tool.pricing.provenance)}`,
    ...plans,
    ...(facts.length ? ["Data and security facts:", ...facts] : []),
    ratingWords(tool),
  ].join("\n");
}

/** One line per tool of a search's page, and how to ask for the next. */
export function toolListWords(list: { data: ApiToolSummary[]; total: number; total_is_capped: boolean; next_cursor: string | null }): string {
  const count = `${list.total}${list.total_is_capped ? "+" : ""} tools match`;
  const lines = list.data.map((tool) => `- ${tool.name} (${tool.slug}): ${tool.pricing_text}. ${tool.url}`);
  const more = list.next_cursor ? `More: call again with cursor "${list.next_cursor}".` : "";
  const prices = list.data.length ? "Prices and their confirmation: get_tool for each tool." : "";
  return [count, ...lines, prices, more].filter(Boolean).join("\n");
}

/** Recorded changes, one line each: the day it was recorded, the tool, the change in /changes' words, who recorded it. */
export function changeListWords(changes: ApiChange[], nextCursor: string | null): string {
  if (!changes.length) return "No recorded changes.";
  const lines = changes.map(
    (change) =>
      `- ${change.recorded_at.slice(0, 10)} ${change.tool.name}: ${change.text} (${change.recorded_by_text}${change.source_url ? `; source ${change.source_url}` : ""}) ${change.tool.url}`,
  );
  return [...lines, ...(nextCursor ? [`More: call again with cursor "${nextCursor}".`] : [])].join("\n");
}

/** Tasks with the tools their pages list, each with the reason written for it. */
export function taskListWords(tasks: ApiTask[]): string {
  return tasks.map((task) => [`${task.name}: ${task.url}`, ...task.tools.map((tool) => `- ${tool.name} (${tool.slug}): ${tool.reason} ${tool.url}`)].join("\n")).join("\n\n");
}
