import type { Currency } from "~/lib/tool/pricing";

/**
 * Prices as pages write them (issue 27, decision 034): '$1,200', 'US$20', '€20', '20 €', '20,00 €', '£15.99', 'USD 20',
 * '$0'. Each mention is read as a currency and an amount, so '$20' and '$20.00' are one figure; the page's text is
 * normalised to one spelling of each figure and of the common period words ('/mo', 'per month' → '/month'), so that
 * a reformatted page hashes the same and a word diff shows what changed, not how it was typed. Pure.
 */

export type Figure = { currency: Currency; amount: number; index: number; length: number };

const SYMBOL: Record<Currency, string> = { USD: "$", EUR: "€", GBP: "£" };

// A number as written: thousands grouped by ',' or '.', decimals after ',' or '.'; never part of a longer number.
const NUMBER = String.raw`\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,4})?|\d+(?:[.,]\d{1,4})?`;
const PREFIX = String.raw`(US\$|(?<![A-Za-z])\$|€|£|\b(?:USD|EUR|GBP)\b)\s?(${NUMBER})(?![\d])`;
const SUFFIX = String.raw`(?<![\d.,])(${NUMBER})\s?(€|£|\b(?:EUR|USD|GBP)\b)`;
const MONEY = new RegExp(`${PREFIX}|${SUFFIX}`, "g");

function currencyOf(token: string): Currency {
  if (token === "€" || token === "EUR") return "EUR";
  if (token === "£" || token === "GBP") return "GBP";
  return "USD";
}

/**
 * The amount a written number means. With both separators the last is the decimal one ('1.200,50', '1,200.50');
 * with one, a separator followed by exactly three digits groups thousands ('$1,200', '1.200 €') unless the whole
 * part is 0 ('$0.125' per token); otherwise it is the decimal point ('20,00 €', '$15.99').
 */
export function parseAmount(written: string): number {
  const lastComma = written.lastIndexOf(",");
  const lastDot = written.lastIndexOf(".");
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = Math.max(lastComma, lastDot);
    return Number(`${written.slice(0, decimal).replace(/[.,]/g, "")}.${written.slice(decimal + 1)}`);
  }
  const separator = lastComma >= 0 ? "," : lastDot >= 0 ? "." : null;
  if (!separator) return Number(written);
  const parts = written.split(separator);
  const tail = parts[parts.length - 1]!;
  if (parts.length > 2 || (tail.length === 3 && Number(parts[0]) !== 0)) return Number(parts.join(""));
  return Number(`${parts.slice(0, -1).join("")}.${tail}`);
}

/** Every price mentioned in `text`, in order. */
export function findFigures(text: string): Figure[] {
  const figures: Figure[] = [];
  for (const match of text.matchAll(MONEY)) {
    const [whole, prefixToken, prefixNumber, suffixNumber, suffixToken] = match;
    const amount = parseAmount((prefixNumber ?? suffixNumber)!);
    if (!Number.isFinite(amount)) continue;
    figures.push({ currency: currencyOf((prefixToken ?? suffixToken)!.replace(/^US\$$/, "USD")), amount, index: match.index, length: whole.length });
  }
  return figures;
}

/** One spelling of a figure: '$20', '$15.99', '€1200', '$0.125'. */
export function formatFigure(currency: Currency, amount: number): string {
  const fixed = Number.isInteger(amount) ? String(amount) : amount.toFixed(Math.max(2, Math.min(4, (String(amount).split(".")[1] ?? "").length)));
  return `${SYMBOL[currency]}${fixed}`;
}

export const sameAmount = (a: number, b: number) => Math.abs(a - b) < 0.005;

/** Period and billing words, each to one spelling, in one pass (so a spelling is never read again). */
const PER = String.raw`(?:\/\s*|\bper\s+|\ba\s+)`;
const PERIOD_WORDS = new RegExp(
  [
    String.raw`(?<userMonth>\s*${PER}(?:user|seat)\s*${PER}(?:month|mo|mth)\b\.?)`,
    String.raw`(?<month>\s*${PER}(?:month|mo|mth)\b\.?)`,
    String.raw`(?<year>\s*${PER}(?:year|yr|annum)\b\.?)`,
    String.raw`(?<user>\s*(?:\/\s*|\bper\s+)(?:user|seat)\b)`,
    String.raw`(?<annually>\b(?:billed|paid)\s+(?:annually|yearly|every year|once a year)\b)`,
    String.raw`(?<monthly>\b(?:billed|paid)\s+(?:monthly|every month)\b)`,
  ].join("|"),
  "gi",
);
const SPELLINGS: Record<string, string> = { userMonth: " /user/month", month: " /month", year: " /year", user: " /user", annually: "billed annually", monthly: "billed monthly" };

/**
 * The text a check compares and hashes: every figure in one spelling, the period words in one, spaces collapsed
 * within lines. Line breaks stay (the diff shows blocks as the page had them).
 */
export function normaliseText(text: string): string {
  let out = "";
  let at = 0;
  for (const figure of findFigures(text)) {
    out += text.slice(at, figure.index) + formatFigure(figure.currency, figure.amount);
    at = figure.index + figure.length;
  }
  out += text.slice(at);
  out = out.replace(PERIOD_WORDS, (...args: unknown[]) => {
    const groups = args[args.length - 1] as Record<string, string | undefined>;
    const name = Object.keys(SPELLINGS).find((key) => groups[key] !== undefined)!;
    return SPELLINGS[name]!;
  });
  return out
    .split("\n")
    .map((line) => line.replace(/[ \t\u00a0]+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}
