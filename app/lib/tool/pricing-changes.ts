import { hasFreePlan, type Plan, type PricingModel } from "./pricing";

/**
 * Price history (issue 27, decision 033): what changed between two states of a tool's pricing, as the rows
 * `tool_changes` stores. Pure: the content sync, an editor's edit and the price check all diff through here, so
 * one rule decides what counts as a change.
 *
 * - Plans are matched by name, case-insensitively (a renamed plan is one removed and one added).
 * - A matched plan whose figure changed with the same currency, period, usage unit and seat unit is 'price-up' or
 *   'price-down' (like for like); when any of those changed, or a figure was published or withdrawn ('Contact
 *   sales'), it is 'terms-changed' with the old and new figures. The same figure with other terms (billed
 *   annually, per seat, seat minimum, plus usage) is 'terms-changed' too.
 * - The tool starting or stopping to offer a free plan is one 'free-plan-added' / 'free-plan-dropped' row, which
 *   stands for that plan's own change (no 'plan-removed' or 'price-up' beside it).
 * - The free trial flag is 'trial-changed'. A plan's `limits` wording and the plans' order are not changes.
 */

/** The pricing columns of a tools row. */
export type PricingState = { pricingModel: PricingModel; plans: readonly Plan[]; hasFreeTrial: boolean };

/** A plan's figure with its terms, as a change row keeps it (the `limits` wording is not part of a price). */
export type PlanFigure = Omit<Plan, "limits">;
export type TrialFigure = { hasFreeTrial: boolean };

export const PRICING_CHANGE_KINDS = ["plan-added", "plan-removed", "price-up", "price-down", "terms-changed", "free-plan-added", "free-plan-dropped", "trial-changed"] as const;
export type PricingChangeKind = (typeof PRICING_CHANGE_KINDS)[number];

export type PricingChange =
  | { kind: Exclude<PricingChangeKind, "trial-changed">; planName: string | null; before: PlanFigure | null; after: PlanFigure | null }
  | { kind: "trial-changed"; planName: null; before: TrialFigure; after: TrialFigure };

const TERMS = ["billedAnnually", "per", "minSeats", "plusUsage"] as const;

export function planFigure(plan: Plan): PlanFigure {
  const { limits: _limits, ...figure } = plan;
  // Absent and undefined are one thing in JSON: drop undefined keys so stored rows compare equal.
  return Object.fromEntries(Object.entries(figure).filter(([, value]) => value !== undefined)) as PlanFigure;
}

const key = (plan: Pick<Plan, "name">) => plan.name.trim().toLowerCase();

/**
 * Whether the pricing offers a free plan: a plan priced 0 (`hasFreePlan` of lib/tool/pricing.ts, what the cards'
 * 'Free plan' says), or a model that says so (a community tool's 'free' or 'freemium').
 */
export function offersFreePlan(state: Pick<PricingState, "pricingModel" | "plans">): boolean {
  return hasFreePlan({ model: state.pricingModel, plans: state.plans }) || state.pricingModel === "free" || state.pricingModel === "freemium";
}

/** Same currency, period, usage unit and seat unit: two figures a buyer can put side by side. */
function likeForLike(before: Plan, after: Plan): boolean {
  return (
    (before.currency ?? "USD") === (after.currency ?? "USD") &&
    (before.period ?? "month") === (after.period ?? "month") &&
    (before.unit ?? "") === (after.unit ?? "") &&
    (before.per ?? "") === (after.per ?? "")
  );
}

const sameTerms = (before: Plan, after: Plan) => TERMS.every((term) => (before[term] ?? null) === (after[term] ?? null));

/** A matched plan's change, or nothing when its figure and terms are the same. */
function planChange(before: Plan, after: Plan): PricingChange | null {
  const row = (kind: PricingChangeKind) => ({ kind, planName: after.name, before: planFigure(before), after: planFigure(after) }) as PricingChange;
  const bothPriced = before.price !== null && after.price !== null;
  const free = (plan: Plan) => plan.price === 0;
  if (bothPriced && (free(before) || free(after) || likeForLike(before, after))) {
    // A free plan has no terms to compare: any figure above it is dearer, whatever its period.
    if (after.price! > before.price!) return row("price-up");
    if (after.price! < before.price!) return row("price-down");
    if (free(before) && free(after)) return null;
    return likeForLike(before, after) && sameTerms(before, after) ? null : row("terms-changed");
  }
  if (before.price === null && after.price === null) return null;
  return row("terms-changed");
}

/** The change rows between two states of one tool's pricing, in a stable order: free plan, plans, trial. */
export function diffPricing(before: PricingState, after: PricingState): PricingChange[] {
  const changes: PricingChange[] = [];
  const beforePlans = new Map(before.plans.map((plan) => [key(plan), plan]));
  const afterPlans = new Map(after.plans.map((plan) => [key(plan), plan]));
  const handled = new Set<string>();

  const freeBefore = offersFreePlan(before);
  const freeAfter = offersFreePlan(after);
  if (freeBefore && !freeAfter) {
    const gone = before.plans.find((plan) => plan.price === 0);
    const now = gone ? afterPlans.get(key(gone)) : undefined;
    if (gone) handled.add(key(gone));
    changes.push({ kind: "free-plan-dropped", planName: gone?.name ?? null, before: gone ? planFigure(gone) : null, after: now ? planFigure(now) : null });
  } else if (!freeBefore && freeAfter) {
    const come = after.plans.find((plan) => plan.price === 0);
    const was = come ? beforePlans.get(key(come)) : undefined;
    if (come) handled.add(key(come));
    changes.push({ kind: "free-plan-added", planName: come?.name ?? null, before: was ? planFigure(was) : null, after: come ? planFigure(come) : null });
  }

  for (const plan of before.plans) {
    if (handled.has(key(plan)) || afterPlans.has(key(plan))) continue;
    changes.push({ kind: "plan-removed", planName: plan.name, before: planFigure(plan), after: null });
  }
  for (const plan of after.plans) {
    if (handled.has(key(plan))) continue;
    const was = beforePlans.get(key(plan));
    if (!was) {
      changes.push({ kind: "plan-added", planName: plan.name, before: null, after: planFigure(plan) });
      continue;
    }
    const change = planChange(was, plan);
    if (change) changes.push(change);
  }

  if (before.hasFreeTrial !== after.hasFreeTrial) {
    changes.push({ kind: "trial-changed", planName: null, before: { hasFreeTrial: before.hasFreeTrial }, after: { hasFreeTrial: after.hasFreeTrial } });
  }
  return changes;
}
