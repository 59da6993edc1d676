/**
 * What a tool costs a team (issue 47, decision 086): each plan's cost per month and for the first year for N people,
 * in the vendor's currency and as the site's comparable US-dollar figure (decision 030's dated rate table), and the
 * cheapest plan that fits N people and the needs the reader ticked. The one function behind the tool page, the
 * comparison page and its CSV, the alternatives and task pages, and the open data API's `team_cost`. Pure and
 * isomorphic: no clock, no database.
 *
 * Honesty rules: a plan whose vendor publishes no figure is 'price on request', never 0; a usage price is named with
 * its unit and no use is invented; a plan sold without `per` is one account's price, not multiplied by seats (we
 * do not know that each person needs one), and it fits a team of more than one only where its own words say how
 * many people it covers; a need is met only where the plan's words mention it.
 */
import { formatAmount, formatPlanPrice, type Currency, type CurrencyRates, type Plan, type Pricing } from "./pricing.ts";
import { formatNumber } from "../ui/numbers.ts";

// The team's size and its `?team=` reading: a module of its own, so the directory's filters (in its first load) read
// the team-cost sorts' size without this module.
import { clampTeamSize, DEFAULT_TEAM_SIZE, MAX_TEAM_SIZE, MIN_TEAM_SIZE, parseTeamSize } from "./team-size.ts";
export { clampTeamSize, DEFAULT_TEAM_SIZE, MAX_TEAM_SIZE, MIN_TEAM_SIZE, parseTeamSize };

/** The needs a reader can tick: a small closed vocabulary, matched against a plan's own words. */
export const TEAM_NEEDS = ["sso", "admin", "api"] as const;
export type TeamNeed = (typeof TEAM_NEEDS)[number];

export const TEAM_NEED_LABELS: Record<TeamNeed, string> = { sso: "SSO", admin: "Admin controls", api: "API access" };

/** The words that count as mentioning a need. A plan whose words match none of them does not fit it. */
const NEED_PATTERNS: Record<TeamNeed, RegExp> = {
  sso: /\b(SSO|SAML|single sign-on)\b/i,
  admin: /\b(admin(?:istration|istrator)?s?|access management|role-based|RBAC|user management|permissions)\b/i,
  api: /\bAPI\b/i,
};

export type PlanKind = "free" | "flat" | "per-seat" | "one-time" | "usage" | "on-request";

/** Where a need was found: the plan's listed limits, or the features our review lists for the plan. */
export type NeedMatch = { need: TeamNeed; found: { in: "limits" | "review"; phrase: string } | null };

export type PlanTeamCost = {
  name: string;
  kind: PlanKind;
  /** The plan's own terms, as the plans table prints them ('$25/month per user, billed annually'). */
  terms: string;
  currency: Currency;
  /** What a per-seat price counts, in the vendor's word ('user', 'seat'); null for any other plan. */
  per: string | null;
  /** Seats billed: max(N, the plan's minimum), for a per-seat plan only. */
  seats: number | null;
  /** Whether the seat minimum, not the team, sets the seats billed. */
  minimumApplied: boolean;
  /** Per month for the team in the vendor's currency (a monthly equivalent for annual and yearly billing); null when none. */
  monthly: number | null;
  /** The first year for the team in the vendor's currency (one-time: the price paid); null when none can be computed. */
  firstYear: number | null;
  /** Paid at once for the year (annual or yearly billing), or once (one-time); null when billed month by month. */
  upFront: number | null;
  /** The comparable figures in US dollars (converted by the rate table when the vendor prices in another currency). */
  usd: { monthly: number | null; firstYear: number } | null;
  converted: boolean;
  /** Use is charged on top of the figures. */
  plusUsage: boolean;
  /** Whether the plan can be taken to cover N people (a per-seat plan, a free plan, or one whose words say so). */
  coversTeam: boolean;
  needs: NeedMatch[];
  /** Every ticked need is mentioned by the plan's words. */
  fitsNeeds: boolean;
  monthlyText: string;
  firstYearText: string;
  /** The converted figure in words with the rate table's date; null for dollar prices and plans without a figure. */
  usdText: string | null;
  /** How the figures were reached, and what they leave out. */
  note: string;
};

export type TeamCost = {
  teamSize: number;
  needs: TeamNeed[];
  plans: PlanTeamCost[];
  /** The cheapest plan that fits N people and the needs, with a computable first-year cost; null when none does. */
  best: { name: string; reason: string } | null;
  /** Why no plan is marked, when none is. */
  noBestReason: string | null;
  ratesAsOf: string;
};

/** What the review says about each plan, by the plan's name (`ReviewBody.plans`). */
export type ReviewPlanFeatures = readonly { plan: string; features: readonly string[] }[];

const cents = (value: number) => Math.round(value * 100) / 100;
const people = (n: number) => (n === 1 ? "1 person" : `${formatNumber(n)} people`);
const SMALL_NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twenty: 20 };
const PEOPLE_WORD = "(?:users?|seats?|members?|team members?|people|persons?|editors?|agents?)";

/**
 * How many people a plan sold as one account says it covers, from its own words: 'unlimited users' (Infinity),
 * 'up to five seats' (5), 'for 3 users' (3); undefined when its words do not say.
 */
export function peopleCovered(limits: string): { count: number; phrase: string } | undefined {
  const unlimited = new RegExp(`\\bunlimited ${PEOPLE_WORD}`, "i").exec(limits);
  if (unlimited) return { count: Number.POSITIVE_INFINITY, phrase: unlimited[0] };
  const upTo = new RegExp(`\\b(?:up to|for|includes?|with) (\\d[\\d,]*|${Object.keys(SMALL_NUMBERS).join("|")}) ${PEOPLE_WORD}`, "i").exec(limits);
  if (!upTo) return undefined;
  const raw = upTo[1]!.toLowerCase();
  const count = SMALL_NUMBERS[raw] ?? Number(raw.replace(/,/g, ""));
  return Number.isFinite(count) && count > 0 ? { count, phrase: upTo[0] } : undefined;
}

function matchNeeds(plan: Plan, review: ReviewPlanFeatures | undefined, needs: readonly TeamNeed[]): NeedMatch[] {
  const reviewed = review?.find((entry) => entry.plan.toLowerCase() === plan.name.toLowerCase())?.features ?? [];
  return needs.map((need) => {
    const pattern = NEED_PATTERNS[need];
    const inLimits = pattern.exec(plan.limits);
    if (inLimits) return { need, found: { in: "limits", phrase: inLimits[0] } };
    for (const feature of reviewed) {
      const inReview = pattern.exec(feature);
      if (inReview) return { need, found: { in: "review", phrase: inReview[0] } };
    }
    return { need, found: null };
  });
}

/** 'its listed limits mention “SSO”; our review lists “API access” for it' */
export function needsMatchedText(needs: readonly NeedMatch[]): string {
  return needs
    .filter((match) => match.found)
    .map(({ found }) => (found!.in === "limits" ? `its listed limits mention “${found!.phrase}”` : `our review's features for it mention “${found!.phrase}”`))
    .join("; ");
}

function planCost(plan: Plan, teamSize: number, rates: CurrencyRates, review: ReviewPlanFeatures | undefined, needs: readonly TeamNeed[]): PlanTeamCost {
  const currency = plan.currency ?? "USD";
  const rate = rates.usdPer[currency];
  const converted = currency !== "USD";
  const matched = matchNeeds(plan, review, needs);
  const base = {
    name: plan.name,
    terms: formatPlanPrice(plan),
    currency,
    per: plan.per ?? null,
    seats: null,
    minimumApplied: false,
    upFront: null,
    converted: false,
    plusUsage: false,
    needs: matched,
    fitsNeeds: matched.every((match) => match.found !== null),
    usdText: null,
  };
  const money = (value: number) => formatAmount(cents(value), currency);
  const withUsd = (monthly: number | null, firstYear: number) => ({
    usd: { monthly: monthly === null ? null : cents(monthly * rate), firstYear: cents(firstYear * rate) },
    converted,
    usdText: converted
      ? `about US${formatAmount(cents(firstYear * rate))} a year${monthly === null ? "" : ` (US${formatAmount(cents(monthly * rate))}/month)`} at the rates of ${rates.asOf}`
      : null,
  });

  if (plan.price === null)
    return {
      ...base,
      kind: "on-request",
      monthly: null,
      firstYear: null,
      usd: null,
      coversTeam: false,
      monthlyText: "Price on request",
      firstYearText: "Price on request",
      note: "No published price (contact sales); not counted as free.",
    };
  if (plan.price === 0)
    return {
      ...base,
      kind: "free",
      monthly: 0,
      firstYear: 0,
      ...withUsd(0, 0),
      usdText: null,
      coversTeam: true,
      monthlyText: `${formatAmount(0, currency)}/month`,
      firstYearText: `${formatAmount(0, currency)} a year`,
      note: "Each person on the free plan, within its limits.",
    };
  if (plan.period === "usage")
    return {
      ...base,
      kind: "usage",
      monthly: null,
      firstYear: null,
      usd: null,
      coversTeam: false,
      monthlyText: "Usage-priced",
      firstYearText: "Depends on use",
      note: `${formatPlanPrice(plan)}: the cost depends on use; none is assumed.`,
    };

  const price = plan.price;
  const plusUsage = Boolean(plan.plusUsage);
  const onTop = plusUsage ? " plus usage" : "";
  const perSeat = plan.per !== undefined;
  const minimum = perSeat ? (plan.minSeats ?? 1) : 1;
  const seats = perSeat ? Math.max(teamSize, minimum) : null;
  const count = seats ?? 1;
  const covered = perSeat ? undefined : peopleCovered(plan.limits);
  const coversTeam = perSeat || teamSize === 1 || (covered !== undefined && covered.count >= teamSize);
  const seatWords = perSeat ? `${formatNumber(count)} ${count === 1 ? plan.per : plan.per === "person" ? "people" : `${plan.per}s`} × ${money(price)}` : "";
  const minimumWords = perSeat && minimum > teamSize ? `; billed for ${formatNumber(minimum)}, the plan's minimum, though the team is ${formatNumber(teamSize)}` : "";
  const accountWords = perSeat
    ? ""
    : covered
      ? `One account's price, not sold per seat; its limits say “${covered.phrase}”${covered.count >= teamSize ? "" : `, fewer than ${people(teamSize)}`}.`
      : `One account's price, not sold per seat${teamSize > 1 ? "; its limits do not say how many people it covers" : ""}.`;
  const usageWords = plusUsage ? " Use is charged on top, not counted." : "";

  if (plan.period === "one-time") {
    const paid = price * count;
    return {
      ...base,
      kind: "one-time",
      seats,
      minimumApplied: perSeat && minimum > teamSize,
      monthly: null,
      firstYear: paid,
      upFront: paid,
      ...withUsd(null, paid),
      plusUsage,
      coversTeam,
      monthlyText: "No monthly charge",
      firstYearText: `${money(paid)} one-time`,
      note: perSeat ? `${seatWords} one-time${minimumWords}.` : `Paid once. ${accountWords}`,
    };
  }

  const yearly = plan.period === "year";
  const firstYear = yearly ? price * count : price * count * 12;
  const monthly = yearly ? firstYear / 12 : price * count;
  const annual = yearly || Boolean(plan.billedAnnually);
  const upFront = annual ? firstYear : null;
  const monthlyText = annual ? `${money(monthly)}/month equivalent${onTop}` : `${money(monthly)}/month${onTop}`;
  const firstYearText = `${money(firstYear)} a year${annual ? ", paid up front" : ""}${onTop}`;
  const perWords = perSeat ? `${seatWords}/${yearly ? "year" : "month"}${plan.billedAnnually ? ", billed annually" : ""}${minimumWords}.` : "";
  const billing = annual && !perSeat ? (yearly ? "Billed yearly. " : "Billed annually. ") : "";
  return {
    ...base,
    kind: perSeat ? "per-seat" : "flat",
    seats,
    minimumApplied: perSeat && minimum > teamSize,
    monthly: cents(monthly),
    firstYear: cents(firstYear),
    upFront: upFront === null ? null : cents(upFront),
    ...withUsd(monthly, firstYear),
    plusUsage,
    coversTeam,
    monthlyText,
    firstYearText,
    note: `${perSeat ? perWords : `${billing}${accountWords}`}${usageWords}`,
  };
}

/**
 * Each plan's cost for a team of `teamSize` and the cheapest that fits: a plan that covers the team (per seat, free,
 * or one account whose words say it covers that many), mentions every ticked need, and has a first-year figure
 * (not usage, not on request), ranked by that figure in US dollars; the first listed wins a tie.
 */
export function teamCost(pricing: Pricing, teamSize: number, rates: CurrencyRates, needs: readonly TeamNeed[] = [], review?: ReviewPlanFeatures): TeamCost {
  const size = clampTeamSize(teamSize);
  const plans = pricing.plans.map((plan) => planCost(plan, size, rates, review, needs));
  let best: PlanTeamCost | undefined;
  for (const plan of plans) {
    if (!plan.coversTeam || !plan.fitsNeeds || plan.usd === null) continue;
    if (!best || plan.usd.firstYear < best.usd!.firstYear) best = plan;
  }
  const needWords = needs.map((need) => TEAM_NEED_LABELS[need]).join(", ");
  const reasonOf = (plan: PlanTeamCost) => {
    const cost = plan.kind === "free" ? "free" : plan.firstYearText.replace(/, paid up front/, "");
    const fit =
      plan.kind === "per-seat"
        ? `sold per ${plan.per}, ${formatNumber(plan.seats!)} billed${plan.minimumApplied ? " (the plan's minimum)" : ""}`
        : plan.kind === "free"
          ? "each person can use it"
          : size === 1
            ? "one account for one person"
            : `its limits say ${peopleCovered(pricing.plans.find((entry) => entry.name === plan.name)!.limits)?.phrase ?? "it covers the team"}`;
    const matched = needsMatchedText(plan.needs);
    return `Cheapest for ${people(size)}${needs.length ? ` needing ${needWords}` : ""}: ${cost}${plan.converted && plan.usdText ? ` (${plan.usdText})` : ""}; ${fit}${matched ? `; ${matched}` : ""}.`;
  };
  let noBestReason: string | null = null;
  if (!best) {
    if (plans.every((plan) => plan.kind === "on-request")) noBestReason = "The vendor publishes no prices: every plan is price on request.";
    else if (needs.length && !plans.some((plan) => plan.fitsNeeds))
      noBestReason = `No plan's listed words mention ${needs.map((need) => TEAM_NEED_LABELS[need]).join(" and ")}; a plan is not assumed to have it.`;
    else {
      const fitting = plans.filter((plan) => plan.fitsNeeds && plan.usd === null);
      const onlyUnpriced = needs.length > 0 && fitting.length > 0 && !plans.some((plan) => plan.fitsNeeds && plan.usd !== null);
      noBestReason = onlyUnpriced
        ? `Only ${fitting.map((plan) => plan.name).join(" and ")} ${fitting.length === 1 ? "mentions" : "mention"} ${needWords}, with no figure to count (${fitting.map((plan) => plan.monthlyText.toLowerCase()).join(", ")}).`
        : `No plan with a published figure is sold per seat or says it covers ${people(size)}${needs.length ? ` and mentions ${needWords}` : ""}.`;
    }
  }
  return { teamSize: size, needs: [...needs], plans, best: best ? { name: best.name, reason: reasonOf(best) } : null, noBestReason, ratesAsOf: rates.asOf };
}

/** `?needs=sso,api` or one `needs` per ticked box: the known needs, in the vocabulary's order; others ignored. */
export function parseNeeds(values: readonly string[]): TeamNeed[] {
  const asked = new Set(values.flatMap((value) => value.split(",")).map((value) => value.trim().toLowerCase()));
  return TEAM_NEEDS.filter((need) => asked.has(need));
}

/** The team-cost choice of a page's query: `?team=` and `?needs=`. */
export function teamQueryOf(params: URLSearchParams) {
  const team = parseTeamSize(params.get("team"));
  return { ...team, needs: parseNeeds(params.getAll("needs")) };
}

/**
 * The team sizes whose pages the page cache keeps (decision 086): the default, 1 to 20 and a few round sizes. Any
 * other size is rendered for its request: `?team=` is 10,000 addresses per page (times the needs), which a crawler
 * walking them would otherwise fill the page cache's memory with, pushing out the pages readers ask for.
 */
const KEPT_ROUND_SIZES = [25, 30, 40, 50, 75, 100, 150, 200, 250, 500, 1000];
export const teamSizeIsKept = (params: URLSearchParams) => {
  const raw = params.get("team");
  if (raw === null) return true;
  if (!/^[1-9]\d*$/.test(raw)) return false;
  const size = Number(raw);
  return size <= 20 || KEPT_ROUND_SIZES.includes(size);
};

/** The basis a sort or a table states: 'for a team of 12, seat minimums applied, in US dollars at the rates of 2026-11-26'. */
export const teamCostBasis = (size: number, ratesAsOf: string) =>
  `Cheapest plan that covers ${people(size)}, first year, seat minimums applied; other currencies in US dollars at the rates of ${ratesAsOf}; usage-priced and price-on-request plans have no figure.`;

/** What a page's team-cost section shows: the form's state and address, and each tool's costs (components/tool/team-cost.tsx). */
export type TeamCostView = {
  /** The path the form sends to (the page's own). */
  action: string;
  /** The page's other query parameters, kept as hidden fields so the form changes only the team and the needs. */
  keep: [string, string][];
  size: number;
  /** The number field's bounds (MIN_TEAM_SIZE, MAX_TEAM_SIZE), with the view: the section's code then shares no module
   * with the directory's first load, whose filters read the team's size (lib/tool/team-size.ts, decision 088). */
  bounds: { min: number; max: number };
  needs: TeamNeed[];
  problem: string | null;
  basis: string;
  tools: { name: string; slug: string; cost: TeamCost }[];
};

/** The section's view for a page at `url`, for its tools, by the same function every page and the API use. */
export function teamCostView(url: URL, tools: readonly { name: string; slug: string; pricing: Pricing; review?: ReviewPlanFeatures }[], rates: CurrencyRates): TeamCostView {
  const query = teamQueryOf(url.searchParams);
  return {
    action: url.pathname,
    keep: [...url.searchParams].filter(([name]) => name !== "team" && name !== "needs"),
    size: query.size,
    bounds: { min: MIN_TEAM_SIZE, max: MAX_TEAM_SIZE },
    needs: query.needs,
    problem: query.problem,
    basis: teamCostBasis(query.size, rates.asOf),
    tools: tools.map((tool) => ({ name: tool.name, slug: tool.slug, cost: teamCost(tool.pricing, query.size, rates, query.needs, tool.review) })),
  };
}

/**
 * The cheapest fitting plan's two figures as one cell each, as the comparison CSV writes them and the comparison page
 * marks them: 'Team: $300/month equivalent', 'Team: $3,600 paid up front'; the reason none fits when none does.
 */
export function teamCostCells(cost: TeamCost): { size: number; monthly: string; firstYear: string } {
  const plan = cost.best && cost.plans.find((entry) => entry.name === cost.best!.name);
  if (!plan) return { size: cost.teamSize, monthly: `No plan marked: ${cost.noBestReason}`, firstYear: `No plan marked: ${cost.noBestReason}` };
  return {
    size: cost.teamSize,
    monthly: `${plan.name}: ${plan.monthlyText}`,
    firstYear: `${plan.name}: ${plan.firstYearText}${plan.usdText ? ` (${plan.usdText})` : ""}`,
  };
}

/**
 * A plan's terms the directory's 'cost for a team of N' sort reads (decision 086), stored per tool as
 * `tools.team_cost_terms` by every writer of `price_monthly_usd`: only the plans `teamCost` gives a first-year figure
 * (not on request, not usage), with the factors of that figure so the database computes it as `teamCost` does,
 * `((price × seats) × periods) × usdPer`, rounded to the cent: `periods` 12 for a monthly price, 1 for a yearly or
 * one-time one. `covers` is the people the plan covers without being sold per seat: null for any number (a free
 * plan, 'unlimited users'), the count its words give ('up to five seats', `peopleCovered`), else 1.
 */
export type TeamCostTerm = { price: number; periods: 12 | 1; usdPer: number; perSeat: boolean; minSeats: number; covers: number | null };

/** The version of the stored terms: part of each tool's content hash (with `PRICE_DERIVATION`), bumped when they change. */
export const TEAM_TERMS_DERIVATION = "team-terms-1";

export function teamCostTerms(pricing: Pricing, rates: CurrencyRates): TeamCostTerm[] {
  const terms: TeamCostTerm[] = [];
  for (const plan of pricing.plans) {
    if (plan.price === null) continue;
    const usdPer = rates.usdPer[plan.currency ?? "USD"];
    if (plan.price === 0) {
      terms.push({ price: 0, periods: 1, usdPer, perSeat: false, minSeats: 1, covers: null });
      continue;
    }
    if (plan.period === "usage") continue;
    const perSeat = plan.per !== undefined;
    const covered = perSeat ? undefined : peopleCovered(plan.limits);
    terms.push({
      price: plan.price,
      periods: plan.period === "year" || plan.period === "one-time" ? 1 : 12,
      usdPer,
      perSeat,
      minSeats: perSeat ? (plan.minSeats ?? 1) : 1,
      covers: perSeat ? null : covered === undefined ? 1 : Number.isFinite(covered.count) ? covered.count : null,
    });
  }
  return terms;
}

/**
 * The first-year US-dollar cost of the cheapest plan that covers `teamSize` people, from the stored terms: the figure
 * of `teamCost`'s marked plan with no need ticked, or null when it marks none. The SQL of the sort
 * (models/tool/search.server.ts `teamCostOrder`) is this function; the tests hold both to `teamCost`.
 */
export function teamFirstYearUsd(terms: readonly TeamCostTerm[], teamSize: number): number | null {
  const size = clampTeamSize(teamSize);
  let cheapest: number | null = null;
  for (const term of terms) {
    if (!term.perSeat && size !== 1 && term.covers !== null && term.covers < size) continue;
    const seats = term.perSeat ? Math.max(size, term.minSeats) : 1;
    const figure = cents(term.price * seats * term.periods * term.usdPer);
    if (cheapest === null || figure < cheapest) cheapest = figure;
  }
  return cheapest;
}
