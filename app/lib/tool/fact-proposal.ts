import {
  DATA_FACT_KINDS,
  DATA_FACT_LABELS,
  DATA_FACT_TIER_LABELS,
  DATA_FACT_TIERS,
  DATA_FACT_VALUES,
  factValueText,
  sortedFacts,
  type DataFact,
  type DataFactKind,
} from "./data-facts";

/**
 * What a maker may propose of their tool's data and security facts (issue 45, decisions 081 and 084): a kind with a
 * closed vocabulary (training, certifications, DPA, region choice, a public API), one of its values but `unknown`
 * ("not published" is ours to say, never a maker's proposal). Retention and the model's maker are short texts our
 * editors write from the vendor's page; they are not proposable.
 */
export const PROPOSABLE_FACT_KINDS = DATA_FACT_KINDS.filter((kind) => DATA_FACT_VALUES[kind] !== null) as [DataFactKind, ...DataFactKind[]];

/** The values a maker may propose for a kind: its closed values but `unknown`; none for a text kind. */
export const proposableValues = (kind: DataFactKind): string[] => (DATA_FACT_VALUES[kind] ?? []).filter((value) => value !== "unknown");

export const isProposableFact = (kind: string, value: string) =>
  (PROPOSABLE_FACT_KINDS as readonly string[]).includes(kind) && proposableValues(kind as DataFactKind).includes(value);

/** The form's one choice of a fact and its value, `<kind>/<value>` (values are unique within a kind, not across kinds). */
export const factChoice = (kind: DataFactKind, value: string) => `${kind}/${value}`;
export function splitFactChoice(choice: string): [string, string] {
  const at = choice.indexOf("/");
  return at < 0 ? [choice, ""] : [choice.slice(0, at), choice.slice(at + 1)];
}

/** 'SOC 2 Type II report (All plans): Yes'; 'not listed' for a fact the tool does not list. */
export function factProposalText(fact: { fact: string; tier: string; value: string } | null | undefined): string {
  if (!fact) return "Not listed";
  const kind = fact.fact as DataFactKind;
  return `${DATA_FACT_LABELS[kind] ?? fact.fact} (${DATA_FACT_TIER_LABELS[fact.tier as keyof typeof DATA_FACT_TIER_LABELS] ?? fact.tier}): ${factValueText({ fact: kind, value: fact.value })}`;
}

/**
 * The maker's facts form in words, made by the page's loader so the page's code carries no facts' vocabulary: every
 * proposable kind's answers grouped by kind (`<kind>/<value>`), the tiers, and the facts listed now (but `unknown`).
 */
export function factForm(facts: readonly DataFact[]) {
  return {
    choices: PROPOSABLE_FACT_KINDS.map((kind) => ({
      label: DATA_FACT_LABELS[kind],
      options: proposableValues(kind).map((value) => ({ value: factChoice(kind, value), label: `${DATA_FACT_LABELS[kind]}: ${factValueText({ fact: kind, value })}` })),
    })),
    tiers: DATA_FACT_TIERS.map((tier) => ({ value: tier, label: DATA_FACT_TIER_LABELS[tier] })),
    listed: sortedFacts(facts.filter((fact) => fact.value !== "unknown")).map(factProposalText),
  };
}
export type FactForm = ReturnType<typeof factForm>;
