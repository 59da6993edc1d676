/**
 * The home page's 'Best AI Writing Tools Comparison' (spec part 2 §2.7, §3 'Comparison table row'),
 * derived from the catalogue's own data: the writing categories' tools, those with our rating first (best rated
 * first, lib/tool/ratings.ts), then the others by name, each column
 * a capability the tool file lists, and the year in the title the year of the newest check among the
 * rows (never a typed-in year). Pure, so the rule is tested without a database.
 */
import { compareByRating } from "./ratings";

export const WRITING_CATEGORY_SLUGS = ["content-writing", "copywriting", "writing-assistant"] as const;

export const WRITING_COMPARISON_COLUMNS = [
  { label: "Blog Content", capability: "Blog content" },
  { label: "Social Media", capability: "Social media content" },
  { label: "SEO Integration", capability: "SEO integration" },
  { label: "Team Collaboration", capability: "Team collaboration" },
  { label: "Chrome Extension", capability: "Chrome extension" },
] as const;

export type WritingComparisonColumn = (typeof WRITING_COMPARISON_COLUMNS)[number]["label"];

export type WritingToolFacts = {
  slug: string;
  name: string;
  /** Our rating: null without an in-depth review. */
  rating: number | null;
  pricing: string;
  hasFreeTrial: boolean;
  capabilities: readonly string[];
  /** YYYY-MM-DD: the day the listing's facts were last written (added, or changed since). */
  factsDate: string;
};

export type WritingComparisonRow = {
  slug: string;
  name: string;
  /** Our rating: null without an in-depth review. */
  rating: number | null;
  pricing: string;
  freeTrial: boolean;
  features: Record<WritingComparisonColumn, boolean>;
};

export type WritingComparison = { rows: WritingComparisonRow[]; year: number | null; asOf: string | null };

export function writingComparison(tools: readonly WritingToolFacts[]): WritingComparison {
  const rows = [...tools].sort(compareByRating).map((tool) => ({
    slug: tool.slug,
    name: tool.name,
    rating: tool.rating,
    pricing: tool.pricing,
    freeTrial: tool.hasFreeTrial,
    features: Object.fromEntries(WRITING_COMPARISON_COLUMNS.map((column) => [column.label, tool.capabilities.includes(column.capability)])) as Record<
      WritingComparisonColumn,
      boolean
    >,
  }));
  const asOf = tools.reduce<string | null>((newest, tool) => (newest === null || tool.factsDate > newest ? tool.factsDate : newest), null);
  return { rows, year: asOf ? Number(asOf.slice(0, 4)) : null, asOf };
}
