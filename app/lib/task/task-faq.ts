import { comparableNote, firstYearCost, formatPlanPrice, type CurrencyRates, type Plan, type Pricing } from "../tool/pricing";

export type TaskFaqTool = { name: string; isFree: boolean; hasFreeTrial: boolean; priceMonthlyUsd: number | null; pricing: Pricing };
export type TaskFaqItem = { question: string; answer: string };

/** 'A', 'A and B', 'A, B and C'. */
export function listOfNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** The plan a tool's comparable figure comes from (decision 030): its paid plan with the lowest first-year cost. */
function cheapestPlan(pricing: Pricing): Plan | undefined {
  let best: Plan | undefined;
  for (const plan of pricing.plans) {
    const cost = firstYearCost(plan);
    if (cost !== undefined && (best === undefined || cost < firstYearCost(best)!)) best = plan;
  }
  return best;
}

/**
 * A task page's questions, each answered only from the listed tools' stored facts (issue 29): which have a free
 * plan, which list a free trial, and what the cheapest paid plan costs with its terms. A question the data cannot
 * answer is left out rather than answered vaguely; the FAQPage structured data is built from the same items.
 */
export function taskFaqs(taskName: string, tools: readonly TaskFaqTool[], rates: CurrencyRates): TaskFaqItem[] {
  const items: TaskFaqItem[] = [];
  const names = tools.map((tool) => tool.name);
  items.push({
    question: `Which AI tools can ${lowerFirst(taskName)}?`,
    answer: `We list ${names.length} tools for this, in our order: ${listOfNames(names)}. Each has a one-line reason on this page, written from the tool's listing.`,
  });
  const free = tools.filter((tool) => tool.isFree).map((tool) => tool.name);
  items.push({
    question: "Which of these tools have a free plan?",
    answer: free.length
      ? `${listOfNames(free)} ${free.length === 1 ? "has" : "have"} a free plan. Free plans usually come with limits; each tool's page lists its plans.`
      : `None of the ${names.length} tools listed here has a free plan.`,
  });
  const trials = tools.filter((tool) => tool.hasFreeTrial).map((tool) => tool.name);
  items.push({
    question: "Which of these tools offer a free trial?",
    answer: trials.length
      ? `${listOfNames(trials)} ${trials.length === 1 ? "lists" : "list"} a free trial of a paid plan.`
      : `None of the ${names.length} tools listed here lists a free trial.`,
  });
  const priced = tools.filter((tool) => tool.priceMonthlyUsd !== null && tool.priceMonthlyUsd > 0).sort((a, b) => a.priceMonthlyUsd! - b.priceMonthlyUsd!);
  const cheapest = priced[0];
  const plan = cheapest && cheapestPlan(cheapest.pricing);
  if (cheapest && plan) {
    const note = comparableNote(cheapest.pricing, rates);
    const unpriced = tools.filter((tool) => tool.priceMonthlyUsd === null).map((tool) => tool.name);
    items.push({
      question: "What does the cheapest paid plan cost?",
      answer:
        `Of the tools listed, ${cheapest.name} has the lowest-priced paid plan: ${plan.name}, at ${formatPlanPrice(plan)}${note ? ` (${lowerFirst(note)})` : ""}.` +
        (unpriced.length ? ` ${listOfNames(unpriced)} publish${unpriced.length === 1 ? "es" : ""} no subscription price to compare (usage-based or contact sales).` : ""),
    });
  }
  return items;
}
