import { formatPlanPrice, type Plan } from "../tool/pricing";
import { CHANGE_SENTENCES } from "../words";

/**
 * A tool_changes row in a watcher's words (issue 27, decision 035). `before` and `after` hold the plan as it was and
 * is (its price, currency, period and terms), the trial flag, or what the link check or moderation recorded; every
 * price goes through `formatPlanPrice`, so an email says a figure with its terms exactly as the tool page does.
 */
export type ChangeKind =
  | "plan-added"
  | "plan-removed"
  | "price-up"
  | "price-down"
  | "terms-changed"
  | "free-plan-added"
  | "free-plan-dropped"
  | "trial-changed"
  | "site-down"
  | "site-moved"
  | "review-verified";

export type ChangeFacts = { kind: ChangeKind; planName: string | null; before: unknown; after: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A plan's figure with its terms ('$20/month, billed annually', 'Free', 'Contact sales'), or 'none'. */
export function planFigure(value: unknown, planName: string | null): string {
  if (!isRecord(value) || !("price" in value)) return "none";
  const price = value.price;
  if (price !== null && typeof price !== "number") return "none";
  return formatPlanPrice({ ...(value as Partial<Plan>), name: planName ?? String(value.name ?? ""), price, limits: "" } as Plan);
}

/** A trial as recorded: a flag, `{ trial }`, `{ days }` or words. */
function trialWords(value: unknown): string {
  const trial = isRecord(value) ? (value.trial ?? value.days ?? value.text) : value;
  if (trial === true) return "a free trial";
  if (trial === false || trial === null || trial === undefined) return "no free trial";
  if (typeof trial === "number") return `a ${trial}-day free trial`;
  return String(trial);
}

/** Where a moved site now leads, as the link check recorded it. */
function destination(value: unknown): string {
  if (typeof value === "string") return value;
  if (isRecord(value)) return String(value.finalUrl ?? value.url ?? value.host ?? "another address");
  return "another address";
}

export function describeChange({ kind, planName, before, after }: ChangeFacts): string {
  const plan = planName ?? (isRecord(after) && typeof after.name === "string" ? after.name : isRecord(before) && typeof before.name === "string" ? before.name : "A plan");
  switch (kind) {
    case "plan-added":
      return CHANGE_SENTENCES.planAdded(plan, planFigure(after, plan));
    case "plan-removed":
      return CHANGE_SENTENCES.planRemoved(plan, planFigure(before, plan));
    case "price-up":
      return CHANGE_SENTENCES.priceUp(plan, planFigure(before, plan), planFigure(after, plan));
    case "price-down":
      return CHANGE_SENTENCES.priceDown(plan, planFigure(before, plan), planFigure(after, plan));
    case "terms-changed":
      return CHANGE_SENTENCES.termsChanged(plan, planFigure(before, plan), planFigure(after, plan));
    case "free-plan-added":
      return CHANGE_SENTENCES.freePlanAdded(plan);
    case "free-plan-dropped":
      return CHANGE_SENTENCES.freePlanDropped(plan);
    case "trial-changed":
      return CHANGE_SENTENCES.trialChanged(trialWords(before), trialWords(after));
    case "site-down":
      return CHANGE_SENTENCES.siteDown;
    case "site-moved":
      return CHANGE_SENTENCES.siteMoved(destination(after));
    case "review-verified": {
      const rating = isRecord(after) && typeof after.rating === "number" ? ` (${after.rating}/5)` : "";
      return CHANGE_SENTENCES.reviewVerified(rating);
    }
    default:
      return CHANGE_SENTENCES.changed;
  }
}

/** The kinds a weekly digest reports for followed categories: prices and plans (link and review news go to watchers). */
export const DIGEST_CHANGE_KINDS: readonly ChangeKind[] = [
  "plan-added",
  "plan-removed",
  "price-up",
  "price-down",
  "terms-changed",
  "free-plan-added",
  "free-plan-dropped",
  "trial-changed",
];
