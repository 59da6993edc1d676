import { z } from "zod";
import { CHANGE_KIND_LABELS, CHANGE_SOURCE_WORDS } from "../tool/change-words";
import { DATA_FACT_KINDS, DATA_FACT_TIERS } from "../tool/data-facts";
import { CURRENCIES, PLAN_PERIODS, PRICING_MODELS, SEAT_UNITS } from "../tool/pricing";
import { TEAM_NEEDS } from "../tool/team-cost";

/**
 * The open data's shapes (issue 46, decision 085): one zod schema per object of `/api/v1`, the MCP server's results
 * and the nightly files. The same schemas check every answer in the tests and write the OpenAPI document
 * (`lib/api/openapi.ts`, through zod's JSON Schema), so the document cannot drift from what is sent. Field names are
 * snake_case, as JSON APIs of this kind write them. Isomorphic and pure: the models fill them (`models/api/`).
 */

/** The schemas the OpenAPI document names as components: a registry of their own, so no other schema can slip in. */
export const apiSchemas = z.registry<{ id: string }>();

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const isoTime = z.iso.datetime({ offset: true });
const url = z.string().url();

/**
 * Where a figure comes from and whether anyone confirmed it (decision 028): `confirmed_at` is the day a recorded check
 * (our automatic check reading the page, or a named editor) matched it, null when nobody has ("not yet confirmed").
 */
export const provenanceSchema = z
  .object({
    source_url: url.nullable().describe("The page the figure was taken from, or confirmed on; null when we name none (a maker's submission not yet checked)."),
    confirmed_at: isoDay.nullable().describe("The UTC day a recorded check matched the figure as it is now; null: not yet confirmed."),
    method: z
      .enum(["automatic-check", "editor", "entered"])
      .describe("automatic-check: our job read the source page and found it; editor: one of our editors read it; entered: entered from the source and not yet confirmed."),
    entered_at: isoDay.nullable().describe("The day the figure was entered in our catalogue, as the page says it."),
    receipt_url: url.nullable().describe("The confirmation's receipt (what was read, when, what matched); null without a confirmation."),
    status_text: z.string().describe("The sentence the tool page prints about it."),
  })
  .register(apiSchemas, { id: "Provenance" });
export type ApiProvenance = z.infer<typeof provenanceSchema>;

export const planSchema = z
  .object({
    name: z.string(),
    price: z.number().nonnegative().nullable().describe("null: the vendor publishes no figure (price on request)."),
    currency: z.enum(CURRENCIES).nullable(),
    period: z.enum(PLAN_PERIODS).nullable(),
    unit: z.string().nullable().describe("With period 'usage': what the price is per."),
    billed_annually: z.boolean().describe("The price is the monthly equivalent of annual billing."),
    per: z.enum(SEAT_UNITS).nullable().describe("The price is for each of these (seat, user…)."),
    min_seats: z.number().int().positive().nullable(),
    plus_usage: z.boolean().describe("The price is a base; use is charged on top."),
    limits: z.string().describe("The plan's terms and limits as our editors summarised them from the vendor's page."),
    price_text: z.string().describe("The price with its terms as the tool page writes it."),
  })
  .register(apiSchemas, { id: "Plan" });

export const categoryRefSchema = z.object({ slug: z.string(), name: z.string(), url }).register(apiSchemas, { id: "CategoryRef" });
export const toolRefSchema = z.object({ slug: z.string(), name: z.string(), url }).register(apiSchemas, { id: "ToolRef" });

export const ratingSchema = z
  .object({
    editorial: z
      .object({
        value: z.number().min(0).max(5),
        basis: z.string().describe("How the rating was set, as the tool page says it."),
        review_url: url,
        published_at: isoDay.nullable(),
        tested_at: isoDay.nullable().describe("A recorded hands-on test; null without one."),
      })
      .nullable()
      .describe("Our rating, only with an in-depth review; null without one."),
    readers: z.object({
      average: z.number().min(1).max(5).nullable().describe("null without reader ratings."),
      count: z.number().int().nonnegative(),
      written_reviews: z.number().int().nonnegative(),
    }),
  })
  .register(apiSchemas, { id: "Rating" });

export const toolSummarySchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    tagline: z.string(),
    url: url.describe("The tool's page on our site (canonical)."),
    website_url: url,
    category: categoryRefSchema,
    pricing_text: z.string().describe("The card's one-line price, with its terms."),
    editorial_rating: z.number().min(0).max(5).nullable().describe("Our rating; null without an in-depth review."),
  })
  .register(apiSchemas, { id: "ToolSummary" });
export type ApiToolSummary = z.infer<typeof toolSummarySchema>;

export const dataFactSchema = z
  .object({
    kind: z.enum(DATA_FACT_KINDS),
    tier: z.enum(DATA_FACT_TIERS),
    value: z.string().describe("One of the kind's values; 'unknown' when the vendor publishes nothing on it."),
    value_text: z.string(),
    detail: z.string().nullable(),
    opt_out: z.string().nullable(),
    provenance: provenanceSchema,
  })
  .register(apiSchemas, { id: "DataFact" });

export const toolSchema = toolSummarySchema
  .extend({
    added_at: isoDay.describe("The day the tool was listed."),
    pricing_model: z.enum(PRICING_MODELS),
    description: z.string(),
    categories: z.array(categoryRefSchema).describe("The primary category first."),
    tasks: z.array(z.object({ slug: z.string(), name: z.string(), url, reason: z.string() })),
    platforms: z.object({ values: z.array(z.string()), provenance: provenanceSchema.nullable() }),
    pricing: z.object({
      model: z.enum(PRICING_MODELS),
      plans: z.array(planSchema),
      comparable_note: z.string().nullable().describe("How the comparable monthly figure was worked out, with the currency rate's date."),
      provenance: provenanceSchema,
    }),
    data_facts: z.array(dataFactSchema),
    rating: ratingSchema,
    alternatives: z.array(toolRefSchema),
    changes_url: url.describe("This tool's dated changes in the API."),
  })
  .register(apiSchemas, { id: "Tool" });
export type ApiTool = z.infer<typeof toolSchema>;

export const changeSchema = z
  .object({
    id: z.number().int(),
    tool: toolRefSchema,
    kind: z.enum(Object.keys(CHANGE_KIND_LABELS) as [keyof typeof CHANGE_KIND_LABELS]),
    kind_label: z.string(),
    plan_name: z.string().nullable(),
    before: z.unknown().describe("The value before, as recorded (null when added)."),
    after: z.unknown().describe("The value after, as recorded (null when removed)."),
    text: z.string().describe("The change in words, as /changes prints it."),
    recorded_by: z.enum(Object.keys(CHANGE_SOURCE_WORDS) as [keyof typeof CHANGE_SOURCE_WORDS]),
    recorded_by_text: z.string(),
    source_url: url.nullable(),
    recorded_at: isoTime.describe("When the change was recorded (not when the vendor made it)."),
  })
  .register(apiSchemas, { id: "Change" });
export type ApiChange = z.infer<typeof changeSchema>;

export const categorySchema = z
  .object({ slug: z.string(), name: z.string(), description: z.string(), tool_count: z.number().int().nonnegative(), url })
  .register(apiSchemas, { id: "Category" });
export type ApiCategory = z.infer<typeof categorySchema>;

export const taskSchema = z
  .object({ slug: z.string(), name: z.string(), category: categoryRefSchema, url, tools: z.array(toolRefSchema.extend({ reason: z.string() })) })
  .register(apiSchemas, { id: "Task" });
export type ApiTask = z.infer<typeof taskSchema>;

/** A page of a list: `next_cursor` is null on the last page; pass it back as `cursor` for the next. */
export const pageOf = <T extends z.ZodType>(item: T, id: string) => z.object({ data: z.array(item), next_cursor: z.string().nullable() }).register(apiSchemas, { id });

export const toolListSchema = z
  .object({
    data: z.array(toolSummarySchema),
    next_cursor: z.string().nullable(),
    total: z.number().int().nonnegative().describe("How many tools match, counted up to 1,000 (see total_is_capped)."),
    total_is_capped: z.boolean().describe("More tools match than `total` says."),
    corrected_search: z.string().nullable().describe("When the search as typed matched nothing, the corrected words these results are for."),
  })
  .register(apiSchemas, { id: "ToolList" });
export const changeListSchema = pageOf(changeSchema, "ChangeList");
export const categoryListSchema = z.object({ data: z.array(categorySchema) }).register(apiSchemas, { id: "CategoryList" });
export const taskListSchema = z.object({ data: z.array(taskSchema) }).register(apiSchemas, { id: "TaskList" });
/** What a tool costs a team (issue 47, `lib/tool/team-cost.ts` `teamCost`): the tool page's 'For a team of N' figures. */
export const teamCostSchema = z
  .object({
    team_size: z.number().int().positive(),
    needs: z.array(z.enum(TEAM_NEEDS)).describe("The needs asked for; a plan fits one only where its own words mention it."),
    rates_as_of: isoDay.describe("The day of the currency rates the US-dollar figures were converted by."),
    best: z
      .object({ plan: z.string(), reason: z.string() })
      .nullable()
      .describe("The cheapest plan that covers the team and mentions every need, with a first-year figure; null when none does."),
    no_best_reason: z.string().nullable(),
    plans: z.array(
      z.object({
        name: z.string(),
        kind: z
          .enum(["free", "flat", "per-seat", "one-time", "usage", "on-request"])
          .describe("flat: one account's price, not sold per seat; usage: priced by use, no figure; on-request: no published price (never 0)."),
        currency: z.enum(CURRENCIES).describe("The vendor's currency, which monthly, first_year and up_front are in."),
        seats: z.number().int().positive().nullable().describe("Seats billed: the team or the plan's minimum, whichever is more (per-seat plans)."),
        minimum_applied: z.boolean(),
        monthly: z.number().nonnegative().nullable().describe("Per month for the team; a monthly equivalent for annual or yearly billing."),
        first_year: z.number().nonnegative().nullable(),
        up_front: z.number().nonnegative().nullable().describe("Paid at once: the year for annual or yearly billing, the price for one-time."),
        usd_monthly: z.number().nonnegative().nullable(),
        usd_first_year: z.number().nonnegative().nullable().describe("The comparable figure in US dollars (converted at rates_as_of when the vendor prices in another currency)."),
        converted: z.boolean(),
        plus_usage: z.boolean().describe("Use is charged on top of the figures, not counted."),
        covers_team: z.boolean(),
        needs: z.array(z.object({ need: z.enum(TEAM_NEEDS), found_in: z.enum(["limits", "review"]).nullable(), phrase: z.string().nullable() })),
        fits_needs: z.boolean(),
        monthly_text: z.string(),
        first_year_text: z.string(),
        usd_text: z.string().nullable(),
        note: z.string(),
      }),
    ),
  })
  .register(apiSchemas, { id: "TeamCost" });
export type ApiTeamCost = z.infer<typeof teamCostSchema>;

export const toolDetailSchema = z
  .object({ data: toolSchema, team_cost: teamCostSchema.optional().describe("With ?team=: what the tool costs a team of that size.") })
  .register(apiSchemas, { id: "ToolDetail" });

/** RFC 9457 problem details, with our message catalogue's words. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    errors: z.record(z.string(), z.string()).optional().describe("Problems by parameter name."),
  })
  .register(apiSchemas, { id: "Problem" });
