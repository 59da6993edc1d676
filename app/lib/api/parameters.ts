import { z } from "zod";
import { OPEN_DATA_WORDS } from "../words/open-data";
import { CHANGE_KIND_LABELS, type ChangeKind } from "../tool/change-words";
import { DEFAULT_TEAM_SIZE, MAX_TEAM_SIZE, MIN_TEAM_SIZE, TEAM_NEEDS } from "../tool/team-cost";
import { MAX_SEARCH_LENGTH, NO_TRAINING_TIERS, PRICING_FILTERS, SORT_OPTIONS } from "../tool/tool-filters";

/**
 * The open data's query parameters (issue 46), one zod object per endpoint: the API parses each request with it and
 * the OpenAPI document lists it (`lib/api/openapi.ts`), so what is documented is what is accepted. A parameter an
 * endpoint does not know is refused (a misspelt filter would otherwise answer as if there were none).
 */

const slug = z
  .string()
  .regex(/^[a-z0-9-]{1,80}$/, "Lower-case letters, digits and hyphens")
  .describe("A slug, as in the page's URL.");
const CHANGE_KINDS = Object.keys(CHANGE_KIND_LABELS) as [ChangeKind, ...ChangeKind[]];
/** A team's size, as the pages read `?team=` (lib/tool/team-size.ts's bounds). */
const teamSize = z.coerce.number().int().min(MIN_TEAM_SIZE).max(MAX_TEAM_SIZE);
const cursor = z.string().max(400).describe("The `next_cursor` of the previous page; leave out for the first.");
/** A comma-separated list of one enum's values. */
const listOf = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z
    .string()
    .transform((text) => text.split(",").map((part) => part.trim()))
    .pipe(z.array(z.enum(values)).min(1));

export const toolsParameters = z.strictObject({
  search: z.string().max(MAX_SEARCH_LENGTH).optional().describe("Words to find in names, taglines, descriptions and features (as /tools searches)."),
  category: slug.optional().describe("Only tools in this category, primary or secondary (see /api/v1/categories)."),
  task: slug.optional().describe("Only the tools a task page lists (see /api/v1/tasks)."),
  pricing: listOf(PRICING_FILTERS).optional().describe("Comma-separated: free, freemium, paid."),
  no_training: z.enum(NO_TRAINING_TIERS).optional().describe("Only tools whose maker states on its own page that it does not train its models on this tier's content."),
  min_rating: z.coerce.number().min(0).max(5).optional().describe("Our editorial rating at least this (tools without one are left out)."),
  sort: z
    .enum(SORT_OPTIONS.map((option) => option.value) as [string, ...string[]])
    .optional()
    .describe(`The order: ${SORT_OPTIONS.map((option) => `${option.value} (${option.label})`).join(", ")}. Default rating.`),
  team: teamSize
    .optional()
    .describe(
      `With sort team_low or team_high: the team's size (${MIN_TEAM_SIZE} to ${MAX_TEAM_SIZE}, default ${DEFAULT_TEAM_SIZE}), ordered by the first-year US-dollar cost of the cheapest plan that covers that many people; tools without a published figure last.`,
    ),
  cursor: cursor.optional(),
});

export const changesParameters = z.strictObject({
  since: z.iso
    .datetime({ offset: true, error: OPEN_DATA_WORDS.badSince })
    .optional()
    .describe("Only changes recorded after this moment (ISO 8601 with offset), oldest first; without it, newest first."),
  tool: slug.optional().describe("Only this tool's changes."),
  kind: listOf(CHANGE_KINDS)
    .optional()
    .describe(`Comma-separated kinds: ${CHANGE_KINDS.join(", ")}.`),
  cursor: cursor.optional(),
});

export const toolChangesParameters = changesParameters.omit({ tool: true });

export const noParameters = z.strictObject({});

/** `/tools/{slug}`: with `team`, the answer adds `team_cost` (issue 47), by the function the tool page shows it with. */
export const toolParameters = z.strictObject({
  team: teamSize.optional().describe(`A team size (${MIN_TEAM_SIZE} to ${MAX_TEAM_SIZE}): adds team_cost, each plan's cost for that many people and the cheapest that fits.`),
  needs: listOf(TEAM_NEEDS)
    .optional()
    .describe(`With team, comma-separated needs the marked plan's own words must mention: ${TEAM_NEEDS.join(", ")}.`),
});
