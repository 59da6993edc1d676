import { BROKEN_AFTER, describeCheck, type LinkError } from "~/lib/link-health/link-health";
import { DATA_FACT_LABELS, DATA_FACT_TIER_LABELS, factValueText, type DataFactKind, type DataFactTier } from "./data-facts";
import { LISTING_FIELD_WORDS, listingValueText, type ListingField } from "./listing-fields";
import { formatPlanPrice, type Plan } from "./pricing";
import type { PlanFigure } from "./pricing-changes";

/**
 * A tool's dated changes in words (issue 27, decision 033): the tool page's 'Change history', /changes and its
 * feed print a change row through here. Every price comes with its terms (lib/tool/pricing.ts `formatPlanPrice`),
 * and a row says who recorded it without claiming more than that writer did.
 */

/** The kinds of `tool_changes` rows (db/schema.ts TOOL_CHANGE_KINDS), as the /changes filter names them. */
export const CHANGE_KIND_LABELS = {
  "price-up": "Price up",
  "price-down": "Price down",
  "plan-added": "Plan added",
  "plan-removed": "Plan removed",
  "terms-changed": "Terms changed",
  "free-plan-added": "Free plan added",
  "free-plan-dropped": "Free plan dropped",
  "trial-changed": "Free trial changed",
  "site-down": "Site went dark",
  "site-moved": "Site moved",
  "review-verified": "Review marked Verified",
  "policy-changed": "Policy page changed",
  "data-fact-changed": "Data fact changed",
  "listing-changed": "Listing changed",
} as const;
export type ChangeKind = keyof typeof CHANGE_KIND_LABELS;

/**
 * Who recorded a change, as the row says it (db/schema.ts TOOL_CHANGE_SOURCES). Only the automatic check (prices,
 * and policy pages since issue 44) fetched the vendor's page; the catalogue update is our own files changing, which nobody checked against the vendor at that
 * moment, and says only that.
 */
export const CHANGE_SOURCE_WORDS = {
  content: "from our catalogue update",
  editor: "by our editors, by hand",
  submission: "from the maker's submission",
  fetch: "from the vendor's page, checked automatically",
  "link-check": "by our link checker",
  review: "from our review moderation",
  // Issue 45: a verified maker proposed it with a source page; an editor read that page and accepted it.
  maker: "as proposed by the maker, accepted by our editors",
} as const;
export type ChangeSource = keyof typeof CHANGE_SOURCE_WORDS;

/**
 * `editorNote`: an editor's words on what a changed policy page now says (issue 44), absent until one writes them.
 */
export type ChangeRow = { kind: string; planName: string | null; before: unknown; after: unknown; editorNote?: string | null };

/** The pages a 'policy-changed' row names (`after.page`). */
export const POLICY_PAGE_WORDS = { privacy: "Privacy policy", terms: "Terms of service" } as const;
export type PolicyPage = keyof typeof POLICY_PAGE_WORDS;

/** 'SOC 2 Type II report (All plans): Not published → Yes'. */
function describeDataFact(before: unknown, after: unknown): string {
  const was = record(before);
  const now = record(after);
  const fact = (now.fact ?? was.fact) as DataFactKind;
  const tier = (now.tier ?? was.tier) as DataFactTier;
  const value = (side: Record<string, unknown>) => (typeof side.value === "string" ? factValueText({ fact, value: side.value }) : "not listed");
  return `${DATA_FACT_LABELS[fact] ?? fact} (${DATA_FACT_TIER_LABELS[tier] ?? tier}): ${value(was)} → ${value(now)}`;
}

/**
 * 'Website: https://a.example → https://b.example'; a description only says it was rewritten (the page shows it), a
 * logo that it was replaced (the page draws it).
 */
function describeListing(before: unknown, after: unknown): string {
  const field = (record(after).field ?? record(before).field) as ListingField;
  const label = LISTING_FIELD_WORDS[field] ?? "Listing";
  if (field === "description") return "Description rewritten";
  if (field === "logo") return "Logo replaced";
  return `${label}: ${listingValueText(field, record(before).value)} → ${listingValueText(field, record(after).value)}`;
}

const price = (figure: unknown) => formatPlanPrice({ limits: "", ...(figure as PlanFigure) } as Plan);

/** 'Team $30/month per seat', 'Enterprise (contact sales)', 'Starter (free)'. */
function planWithPrice(name: string | null, figure: unknown): string {
  const plan = figure as PlanFigure | null;
  if (!plan) return name ?? "";
  const label = name ?? plan.name;
  if (plan.price === null) return `${label} (contact sales)`;
  if (plan.price === 0) return `${label} (free)`;
  return `${label} ${price(plan)}`;
}

const record = (value: unknown) => (value && typeof value === "object" ? (value as Record<string, unknown>) : {});

/** One change in plain words: 'Pro: $20/month → $25/month, billed annually', 'Free plan dropped', 'Plan added: Team $30/month per seat'. */
export function describeChange(change: ChangeRow): string {
  const { kind, planName, before, after, editorNote } = change;
  switch (kind) {
    case "price-up":
    case "price-down":
    case "terms-changed":
      return `${planName}: ${price(before)} → ${price(after)}`;
    case "plan-added":
      return `Plan added: ${planWithPrice(planName, after)}`;
    case "plan-removed":
      return `Plan removed: ${planWithPrice(planName, before)}`;
    case "free-plan-added":
      return `Free plan added${planName ? `: ${planName}` : ""}${before ? `, was ${price(before)}` : ""}`;
    case "free-plan-dropped":
      return `Free plan dropped${planName ? `: ${planName}` : ""}${after ? `, now ${price(after)}` : ""}`;
    case "trial-changed":
      return record(after).hasFreeTrial ? "Free trial added" : "Free trial no longer offered";
    case "site-down": {
      const failure = record(after);
      const how =
        failure.error || failure.status
          ? ` (last: ${describeCheck({ status: (failure.status as number | null) ?? null, error: (failure.error as LinkError | null) ?? null })})`
          : "";
      return `Site went dark: the link failed ${BROKEN_AFTER} checks in a row${how}`;
    }
    case "site-moved": {
      const from = record(before).site;
      const to = record(after).site;
      return `Site moved to another domain${from && to ? `: ${String(from)} → ${String(to)}` : ""}`;
    }
    case "review-verified":
      return "A reader's review was marked Verified";
    case "policy-changed": {
      // Until an editor has read the change and written what it means, the entry claims nothing beyond the change.
      const page = POLICY_PAGE_WORDS[record(after).page as PolicyPage] ?? "Policy page";
      return editorNote ? `${page} changed: ${editorNote}` : `${page} changed; our editors have not yet described what changed`;
    }
    case "data-fact-changed":
      return describeDataFact(before, after);
    case "listing-changed":
      return describeListing(before, after);
    default:
      return CHANGE_KIND_LABELS[kind as ChangeKind] ?? kind;
  }
}

/** The label of a kind, for a badge and the filter. */
export const changeKindLabel = (kind: string) => CHANGE_KIND_LABELS[kind as ChangeKind] ?? kind;

/** Who recorded a change, in words. */
export const changeSourceWords = (source: string) => CHANGE_SOURCE_WORDS[source as ChangeSource] ?? "";

/** Whether a change is a buyer's bad news (shown as such beside the words): dearer, gone, dark. */
export const isBadNews = (kind: string) => kind === "price-up" || kind === "plan-removed" || kind === "free-plan-dropped" || kind === "site-down" || kind === "site-moved";
