import { canonicalJson } from "../provenance/provenance";
import type { DataFact } from "./data-facts";
import type { Platform } from "./platforms";

/**
 * What the automatic check accepts as a data fact's evidence on the vendor's page (issue 44, decision 081). A fact
 * is confirmed by the check only when its own source page, read by the fetcher, holds a sentence that states it; the
 * sentence is the receipt's "what matched", so a reader judges it for themselves. Only values a sentence can state
 * are checked: a "no" certification or "no choice of region" is an absence, which no sentence proves, and `unknown`
 * has nothing to confirm; those wait for an editor (who must note what they saw).
 */

/** The longest quote a receipt keeps of the sentence that matched. */
export const QUOTE_MAX = 300;

/** The subject of a fact's checks in `fact_checks`: `<slug>/<fact>/<tier>` (a slug has no slash). */
export const factSubject = (slug: string, fact: Pick<DataFact, "fact" | "tier">) => `${slug}/${fact.fact}/${fact.tier}`;

/** What a confirmation of a fact covers: its value and the page it names. Another value or page needs another check. */
export const factCanonical = (fact: Pick<DataFact, "fact" | "tier" | "value" | "source">) =>
  canonicalJson({ fact: fact.fact, tier: fact.tier, value: fact.value, source: fact.source ?? null });

const NEGATION = /\b(not|never|no longer|won't|don't|doesn't|do not|does not|will not)\b/i;
const TRAINING = /\btrain(s|ed|ing)?\b/i;
const WHOSE = /\b(your|customer|customers'?|user|users'?|business|enterprise|api|inputs?|outputs?|prompts?|content|conversations?|data)\b/i;
const CONSENT = /\b(opt(-| )?(out|in)|setting|settings|turn (it )?off|toggle|allow|permission|choose|unless|consent)\b/i;
const RETENTION = /\b(retain(s|ed)?|retention|delete(s|d)?|deletion|kept|keep(s)?|store(s|d)?|stored)\b/i;
const MODEL = /\b(models?|llms?|powered|gpt|claude|gemini|ai)\b/i;

/** The makers of general-purpose models a `model-maker` value may name; a value naming none of them waits for an editor. */
export const MODEL_MAKERS = [
  "OpenAI",
  "Anthropic",
  "Google",
  "Microsoft",
  "Meta",
  "Mistral",
  "Cohere",
  "Perplexity",
  "Midjourney",
  "ElevenLabs",
  "Stability AI",
  "DeepSeek",
  "xAI",
  "Amazon",
] as const;

type SentenceTest = (sentence: string) => boolean;

/** The sentences of a page's text: split at each block's end (a line) and after a full stop, question or exclamation mark. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** '30 days', '18 months', '72 hours': each period a text value names, lower-cased. */
export function periodsIn(value: string): string[] {
  return [...value.matchAll(/\b(\d+)\s*(hour|day|month|year)s?\b/gi)].map((match) => `${match[1]} ${match[2]!.toLowerCase()}`);
}

const hasPeriod = (sentence: string, period: string) => {
  const [amount, unit] = period.split(" ");
  return new RegExp(`\\b${amount}\\s*(-\\s*)?${unit}s?\\b`, "i").test(sentence);
};

const makersIn = (value: string) => MODEL_MAKERS.filter((maker) => new RegExp(`\\b${maker}\\b`, "i").test(value));

/**
 * The tests a fact's sentences must pass, one per thing the value states (every test must find a sentence), or null
 * when the check cannot confirm this value.
 */
export function evidenceTests(fact: Pick<DataFact, "fact" | "value">): SentenceTest[] | null {
  const { value } = fact;
  if (value === "unknown") return null;
  switch (fact.fact) {
    case "trains-on-content":
      if (value === "no") return [(s) => TRAINING.test(s) && NEGATION.test(s) && WHOSE.test(s)];
      return [(s) => TRAINING.test(s) && WHOSE.test(s) && CONSENT.test(s)];
    case "soc2-type2":
      return value === "yes" ? [(s) => /\bSOC\s?2\b/i.test(s) && /\bType\s?(II|2)\b/i.test(s)] : null;
    case "iso-27001":
      return value === "yes" ? [(s) => /\bISO(\/IEC)?\s?27001\b/i.test(s)] : null;
    case "dpa":
      return value === "yes" ? [(s) => /\b(data processing (addendum|agreement)|DPA)\b/i.test(s)] : null;
    case "data-residency":
      return value === "choice"
        ? [(s) => /\bdata residency\b/i.test(s) || (/\b(EU|European Union|Europe)\b/.test(s) && /\b(region|data cent(er|re)s?|stored?|hosted?)\b/i.test(s))]
        : null;
    case "input-retention": {
      const periods = periodsIn(value);
      return periods.length ? periods.map((period) => (s: string) => RETENTION.test(s) && hasPeriod(s, period)) : null;
    }
    case "api-available":
      return value === "yes" ? [(s) => /\bAPIs?\b/.test(s) && /\b(docs?|documentation|reference|endpoints?|keys?|requests?|developers?|SDKs?)\b/i.test(s)] : null;
    case "model-maker": {
      const makers = makersIn(value);
      return makers.length ? makers.map((maker) => (s: string) => new RegExp(`\\b${maker}\\b`, "i").test(s) && MODEL.test(s)) : null;
    }
  }
}

/** Whether the automatic check could ever confirm this fact. */
export const checkable = (fact: Pick<DataFact, "fact" | "value" | "source">) => Boolean(fact.source) && evidenceTests(fact) !== null;

const quoteOf = (sentence: string) => (sentence.length > QUOTE_MAX ? `${sentence.slice(0, QUOTE_MAX - 1)}…` : sentence);

/**
 * The sentences of a page that state the fact (one per test, in the page's order), or null when any test found none
 * or the fact cannot be checked.
 */
export function findEvidence(text: string, fact: Pick<DataFact, "fact" | "value">): string[] | null {
  const tests = evidenceTests(fact);
  if (!tests) return null;
  const sentences = sentencesOf(text);
  const found: string[] = [];
  for (const test of tests) {
    const sentence = sentences.find(test);
    if (!sentence) return null;
    if (!found.includes(quoteOf(sentence))) found.push(quoteOf(sentence));
  }
  return found;
}

/** The words a vendor's page names each platform by. */
const PLATFORM_WORDS: Readonly<Record<Platform, RegExp>> = {
  web: /\b(web|browser)\b/i,
  windows: /\bWindows\b/,
  macos: /\b(macOS|Mac|OS X)\b/,
  linux: /\b(Linux|Ubuntu|Debian|Fedora)\b/,
  ios: /\b(iOS|iPhone|iPad|App Store)\b/,
  android: /\b(Android|Google Play)\b/,
  "chrome-extension": /\bChrome\b/,
  api: /\bAPIs?\b/,
  slack: /\bSlack\b/,
  vscode: /\b(VS ?Code|Visual Studio Code)\b/,
  jetbrains: /\bJetBrains\b/,
  "figma-plugin": /\bFigma\b/,
  "wordpress-plugin": /\bWordPress\b/,
};

/** What a confirmation of a tool's platforms covers: the list, in any order. */
export const platformsCanonical = (platforms: readonly string[]) => canonicalJson([...platforms].sort());

/**
 * The sentences of a vendor's page that name each platform the tool lists (one per platform, in the list's order,
 * repeats dropped), or null when any platform is not named there: a list is confirmed whole or not at all.
 */
export function findPlatforms(text: string, platforms: readonly Platform[]): string[] | null {
  if (!platforms.length) return null;
  const sentences = sentencesOf(text);
  const found: string[] = [];
  for (const platform of platforms) {
    const sentence = sentences.find((candidate) => PLATFORM_WORDS[platform].test(candidate));
    if (!sentence) return null;
    if (!found.includes(quoteOf(sentence))) found.push(quoteOf(sentence));
  }
  return found;
}
