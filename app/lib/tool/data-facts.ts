/**
 * A tool's data and security facts (issue 44): what a buyer asks before putting company data into it. Each fact is
 * what the vendor's own page states, for one tier of the product, with that page and the date it was entered. The
 * vocabulary is closed so that a filter can rely on it; `unknown` is a value like any other and is shown as "not
 * published" (no evidence is not a "no"). Nothing here infers a value from another tier or another vendor.
 */

export const DATA_FACT_KINDS = ["trains-on-content", "input-retention", "soc2-type2", "iso-27001", "dpa", "data-residency", "model-maker", "api-available"] as const;
export type DataFactKind = (typeof DATA_FACT_KINDS)[number];

/** The tiers a vendor's rules differ by; `all` when one rule covers every plan. */
export const DATA_FACT_TIERS = ["all", "free", "paid", "business", "api"] as const;
export type DataFactTier = (typeof DATA_FACT_TIERS)[number];

/** The closed values of each kind; `null` for a kind whose value is a short text (retention, the model's maker). */
export const DATA_FACT_VALUES: Readonly<Record<DataFactKind, readonly string[] | null>> = {
  "trains-on-content": ["yes", "if-allowed", "no", "unknown"],
  "input-retention": null,
  "soc2-type2": ["yes", "no", "unknown"],
  "iso-27001": ["yes", "no", "unknown"],
  dpa: ["yes", "no", "unknown"],
  "data-residency": ["choice", "no-choice", "unknown"],
  "model-maker": null,
  "api-available": ["yes", "no", "unknown"],
};

export type DataFact = {
  fact: DataFactKind;
  tier: DataFactTier;
  /** One of the kind's values, or its short text; `unknown` when the vendor publishes nothing on it. */
  value: string;
  /** What the page says, in a plain sentence. */
  detail?: string;
  /** Where a user turns training off (trains-on-content only). */
  optOut?: string;
  /** The vendor's own page that states it; none for `unknown`. */
  source?: string;
  /** When the value was entered (YYYY-MM-DD): a content date, not a confirmation. */
  enteredAt: string;
};

export type ToolDataFacts = {
  tool: string;
  policyPages?: { privacy?: string; terms?: string };
  trustCenter?: string;
  facts: DataFact[];
};

/** A fact older than this is marked as such on the page (issue 44). */
export const FACT_STALE_DAYS = 180;

/** The key of a fact among a tool's (its kind and tier), as the page's confirmations are keyed. */
export const factKey = (fact: Pick<DataFact, "fact" | "tier">) => `${fact.fact}/${fact.tier}`;

export const isUnknown = (fact: Pick<DataFact, "value">) => fact.value === "unknown";

/** Whole days from `since` (YYYY-MM-DD) to `today` (YYYY-MM-DD). */
export function daysBetween(since: string, today: string): number {
  return Math.floor((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${since}T00:00:00Z`)) / 86_400_000);
}

export const isStale = (date: string, today: string) => daysBetween(date, today) > FACT_STALE_DAYS;

/**
 * The directory's training filter (issue 44): the tools whose `trains-on-content` fact for `tier` says "no". A fact
 * for `all` speaks for every tier; a tier the vendor does not address, or `unknown`, never passes. Only "no" passes:
 * "if-allowed" means an administrator can still turn training on.
 */
export function doesNotTrainOn(facts: readonly DataFact[], tier: Exclude<DataFactTier, "all">): boolean {
  const stated = facts.filter((fact) => fact.fact === "trains-on-content" && (fact.tier === tier || fact.tier === "all"));
  return stated.length > 0 && stated.every((fact) => fact.value === "no");
}

/** The kinds in the order the page lists them, with their labels and the question each answers. */
export const DATA_FACT_LABELS: Readonly<Record<DataFactKind, string>> = {
  "trains-on-content": "Trains its models on your content",
  "input-retention": "How long your inputs are kept",
  "soc2-type2": "SOC 2 Type II report",
  "iso-27001": "ISO/IEC 27001 certification",
  dpa: "Data processing agreement",
  "data-residency": "Choice of where data is stored",
  "model-maker": "Who makes the model",
  "api-available": "A public API for developers",
};

export const DATA_FACT_TIER_LABELS: Readonly<Record<DataFactTier, string>> = {
  all: "All plans",
  free: "Free plan",
  paid: "Paid individual plans",
  business: "Business and enterprise plans",
  api: "API",
};

/** A closed value as a reader reads it; a text value as written; `unknown` as "Not published". */
export function factValueText(fact: Pick<DataFact, "fact" | "value">): string {
  if (fact.value === "unknown") return "Not published";
  const words: Record<string, string> = {
    yes: "Yes",
    no: "No",
    "if-allowed": "Only if you allow it",
    choice: "Yes, you can choose",
    "no-choice": "No choice of region",
  };
  if (fact.fact === "trains-on-content" && fact.value === "yes") return "Yes, by default";
  return DATA_FACT_VALUES[fact.fact] ? (words[fact.value] ?? fact.value) : fact.value;
}

/** Facts sorted as the page lists them: by kind, then tier. */
export function sortedFacts(facts: readonly DataFact[]): DataFact[] {
  const kind = (fact: DataFact) => DATA_FACT_KINDS.indexOf(fact.fact);
  const tier = (fact: DataFact) => DATA_FACT_TIERS.indexOf(fact.tier);
  return [...facts].sort((a, b) => kind(a) - kind(b) || tier(a) - tier(b));
}

/** The next moment (ms) one of these facts turns more than FACT_STALE_DAYS old, after `now`; undefined when none will. */
export function nextStaleMoment(facts: readonly Pick<DataFact, "enteredAt">[], now: Date): number | undefined {
  const moments = facts.map((fact) => Date.parse(`${fact.enteredAt}T00:00:00Z`) + (FACT_STALE_DAYS + 1) * 86_400_000).filter((moment) => moment > now.getTime());
  return moments.length ? Math.min(...moments) : undefined;
}

const TIER_SHORT: Readonly<Record<DataFactTier, string>> = { all: "All plans", free: "Free", paid: "Paid", business: "Business", api: "API" };

/**
 * One kind of a tool's facts in a comparison cell: "Free: Yes, by default; Business: No", or the one value when a rule
 * covers all plans; "Not published" when the tool lists none of that kind.
 */
export function factCellText(facts: readonly DataFact[], kind: DataFactKind): string {
  const ofKind = sortedFacts(facts.filter((fact) => fact.fact === kind));
  if (!ofKind.length) return factValueText({ fact: kind, value: "unknown" });
  if (ofKind.length === 1 && ofKind[0]!.tier === "all") return factValueText(ofKind[0]!);
  return ofKind.map((fact) => `${TIER_SHORT[fact.tier]}: ${factValueText(fact)}`).join("; ");
}

/** A fact's value as a change row keeps it: what it was about and what it said. */
export type FactValue = Pick<DataFact, "fact" | "tier" | "value">;

/**
 * What a buyer would notice between two versions of a tool's facts (issue 44): each fact (kind and tier) whose value
 * changed, appeared or went, oldest kind first. A new page or a reworded detail is not a change of the fact.
 */
export function diffDataFacts(before: readonly DataFact[], after: readonly DataFact[]): { before: FactValue | null; after: FactValue | null }[] {
  const values = (facts: readonly DataFact[]) => new Map(facts.map((fact) => [factKey(fact), { fact: fact.fact, tier: fact.tier, value: fact.value }]));
  const was = values(before);
  const now = values(after);
  const keys = sortedFacts([...before, ...after])
    .map(factKey)
    .filter((key, index, all) => all.indexOf(key) === index);
  return keys.flatMap((key) => {
    const old = was.get(key) ?? null;
    const current = now.get(key) ?? null;
    return old?.value === current?.value ? [] : [{ before: old, after: current }];
  });
}

/** The certifications' names as schema.org's `Certification` carries them. */
const CERTIFICATION_NAMES: Partial<Record<DataFactKind, string>> = { "soc2-type2": "SOC 2 Type II", "iso-27001": "ISO/IEC 27001" };

/**
 * The certifications a tool's facts state its maker holds, each with the vendor's page that says so, for the tool
 * page's structured data (issue 44): schema.org's `hasCertification` on the provider. Only a stated "yes" counts;
 * one per certification, from the first tier that states it.
 */
export function certificationsOf(facts: readonly DataFact[]): { name: string; url: string }[] {
  const found = new Map<string, string>();
  for (const fact of sortedFacts(facts)) {
    const name = CERTIFICATION_NAMES[fact.fact];
    if (name && fact.value === "yes" && fact.source && !found.has(name)) found.set(name, fact.source);
  }
  return [...found].map(([name, url]) => ({ name, url }));
}
