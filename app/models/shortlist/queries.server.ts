import { teamCost, teamCostCells } from "~/lib/tool/team-cost";
import { getCurrencyRates } from "~/models/content/currency-rates.server";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { shortlistItems, shortlists, toolChanges, tools } from "~/db/schema";
import { dayOf } from "~/lib/provenance/provenance";
import { SHARE_TOKEN_PATTERN } from "~/lib/shortlist/shortlist";
import { DATA_FACT_LABELS, DATA_FACT_TIER_LABELS, factKey, factValueText } from "~/lib/tool/data-facts";
import { changeSourceWords, describeChange } from "~/lib/tool/change-words";
import { formatPlanPrice, pricingText } from "~/lib/tool/pricing";
import { getPricingProvenance } from "~/models/provenance/queries.server";
import { getToolDataFacts } from "~/models/tool/data-facts.server";
import { getDb } from "~/utils/db.server";

/**
 * A reader's shortlists' reads (issue 47, decision 087). A list is read by its id AND its owner, or by its share
 * token: never by id alone, so no other reader reaches it. Nothing here is cached: a list is one reader's, read when
 * they open it; the figures each tool shows (provenance, data facts) come from the tool page's own cached reads.
 */

export type ShortlistSummary = { id: number; name: string; tools: number; shared: boolean; alerts: boolean; updatedDay: string };

/** The reader's lists, newest first, with how many tools each holds. */
export async function listShortlists(userId: string): Promise<ShortlistSummary[]> {
  const rows = await getDb()
    .select({
      id: shortlists.id,
      name: shortlists.name,
      shareToken: shortlists.shareToken,
      alerts: shortlists.alerts,
      updatedAt: shortlists.updatedAt,
      tools: sql<number>`(select count(*)::int from shortlist_items i where i.shortlist_id = ${shortlists}.id)`,
    })
    .from(shortlists)
    .where(eq(shortlists.userId, userId))
    .orderBy(desc(shortlists.createdAt), desc(shortlists.id));
  return rows.map((row) => ({ id: row.id, name: row.name, tools: Number(row.tools), shared: row.shareToken !== null, alerts: row.alerts, updatedDay: dayOf(row.updatedAt) }));
}

/** The reader's lists with whether each holds the tool: the tool page's "Add to shortlist" form. */
export async function shortlistsForTool(userId: string, toolId: number): Promise<{ id: number; name: string; hasTool: boolean }[]> {
  const rows = await getDb()
    .select({
      id: shortlists.id,
      name: shortlists.name,
      hasTool: sql<boolean>`exists (select 1 from shortlist_items i where i.shortlist_id = ${shortlists}.id and i.tool_id = ${toolId})`,
    })
    .from(shortlists)
    .where(eq(shortlists.userId, userId))
    .orderBy(desc(shortlists.createdAt), desc(shortlists.id));
  return rows.map((row) => ({ ...row, hasTool: Boolean(row.hasTool) }));
}

export async function countShortlists(userId: string): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(shortlists).where(eq(shortlists.userId, userId));
  return row?.n ?? 0;
}

export type ShortlistChange = { id: number; day: string; text: string; kind: string };
export type ShortlistFact = {
  key: string;
  label: string;
  tier: string;
  value: string;
  source: string | null;
  enteredAt: string;
  confirmedDay: string | null;
  receiptId: number | null;
};
export type ShortlistTool = {
  slug: string;
  name: string;
  pricing: string;
  plans: { name: string; price: string; limits: string }[];
  /** The cheapest plan that covers the list's team, by the one team-cost function (decision 086), as its two cells. */
  teamCost: { size: number; monthly: string; firstYear: string };
  provenance: { text: string; source: { url: string; label: string } | null; confirmedDay: string | null; receiptId: number | null };
  facts: ShortlistFact[];
  note: string;
  /** When it was added to the list: the ISO moment and its UTC day. */
  addedAt: string;
  addedDay: string;
  changes: ShortlistChange[];
};
export type ShortlistView = {
  id: number;
  name: string;
  teamSize: number;
  /** The owner's own view only: the share token (null when not shared) and the alerts switch. */
  shareToken: string | null;
  alerts: boolean;
  createdDay: string;
  tools: ShortlistTool[];
};

const listSelect = {
  id: shortlists.id,
  name: shortlists.name,
  teamSize: shortlists.teamSize,
  shareToken: shortlists.shareToken,
  alerts: shortlists.alerts,
  createdAt: shortlists.createdAt,
};

/** The reader's own list, whole; null when there is none of that id that is theirs. */
export async function getOwnShortlist(userId: string, listId: number): Promise<ShortlistView | null> {
  const [list] = await getDb()
    .select(listSelect)
    .from(shortlists)
    .where(and(eq(shortlists.id, listId), eq(shortlists.userId, userId)));
  return list ? withTools(list) : null;
}

/** A shared list, by its token; null for a token that is not one (or no longer). No owner, no switches. */
export async function getSharedShortlist(token: string): Promise<ShortlistView | null> {
  if (!SHARE_TOKEN_PATTERN.test(token)) return null;
  const [list] = await getDb().select(listSelect).from(shortlists).where(eq(shortlists.shareToken, token));
  return list ? { ...(await withTools(list)), shareToken: null, alerts: false } : null;
}

async function withTools(list: { id: number; name: string; teamSize: number; shareToken: string | null; alerts: boolean; createdAt: Date }): Promise<ShortlistView> {
  const db = getDb();
  const items = await db
    .select({
      toolId: tools.id,
      slug: tools.slug,
      name: tools.name,
      source: tools.source,
      pricingModel: tools.pricingModel,
      plans: tools.plans,
      addedAt: tools.addedAt,
      websiteUrl: tools.websiteUrl,
      pricingUrl: tools.pricingUrl,
      note: shortlistItems.note,
      onListSince: shortlistItems.addedAt,
    })
    .from(shortlistItems)
    .innerJoin(tools, eq(tools.id, shortlistItems.toolId))
    .where(eq(shortlistItems.shortlistId, list.id))
    .orderBy(asc(shortlistItems.addedAt), asc(tools.name));
  // Every recorded change to a listed tool since it was put on this list: none from before.
  const changes = items.length
    ? await db
        .select({
          id: toolChanges.id,
          toolId: toolChanges.toolId,
          kind: toolChanges.kind,
          source: toolChanges.source,
          planName: toolChanges.planName,
          before: toolChanges.before,
          after: toolChanges.after,
          editorNote: toolChanges.editorNote,
          occurredAt: toolChanges.occurredAt,
        })
        .from(toolChanges)
        .innerJoin(shortlistItems, and(eq(shortlistItems.toolId, toolChanges.toolId), eq(shortlistItems.shortlistId, list.id)))
        .where(sql`${toolChanges.occurredAt} > ${shortlistItems.addedAt}`)
        .orderBy(desc(toolChanges.occurredAt), asc(toolChanges.id))
    : [];
  const shown = await Promise.all(
    items.map(async (item): Promise<ShortlistTool> => {
      const [provenance, dataFacts] = await Promise.all([getPricingProvenance(item), getToolDataFacts(item.slug)]);
      const pricing = { model: item.pricingModel, plans: item.plans };
      return {
        slug: item.slug,
        name: item.name,
        pricing: pricingText(pricing),
        plans: item.plans.map((plan) => ({ name: plan.name, price: formatPlanPrice(plan), limits: plan.limits })),
        teamCost: teamCostCells(teamCost(pricing, list.teamSize, getCurrencyRates())),
        provenance: {
          text: provenance.text,
          source: provenance.source,
          confirmedDay: provenance.confirmed?.day ?? null,
          receiptId: provenance.confirmed?.id ?? null,
        },
        facts: (dataFacts?.facts ?? []).map((fact) => {
          const confirmed = dataFacts?.confirmations[factKey(fact)];
          return {
            key: factKey(fact),
            label: DATA_FACT_LABELS[fact.fact],
            tier: DATA_FACT_TIER_LABELS[fact.tier],
            value: factValueText(fact),
            source: fact.source ?? null,
            enteredAt: fact.enteredAt,
            confirmedDay: confirmed?.day ?? null,
            receiptId: confirmed?.id ?? null,
          };
        }),
        note: item.note,
        addedAt: item.onListSince.toISOString(),
        addedDay: dayOf(item.onListSince),
        changes: changes
          .filter((change) => change.toolId === item.toolId)
          .map((change) => ({
            id: change.id,
            day: dayOf(change.occurredAt),
            kind: change.kind,
            text: change.source === "maker" ? `${describeChange(change)} (${changeSourceWords(change.source)})` : describeChange(change),
          })),
      };
    }),
  );
  return { id: list.id, name: list.name, teamSize: list.teamSize, shareToken: list.shareToken, alerts: list.alerts, createdDay: dayOf(list.createdAt), tools: shown };
}

/** The reader's lists for their data export (Settings > Download my data): names, settings, tools, notes, dates. */
export async function exportShortlists(userId: string) {
  const db = getDb();
  const lists = await db
    .select({
      id: shortlists.id,
      name: shortlists.name,
      teamSize: shortlists.teamSize,
      shareToken: shortlists.shareToken,
      alerts: shortlists.alerts,
      createdAt: shortlists.createdAt,
      updatedAt: shortlists.updatedAt,
    })
    .from(shortlists)
    .where(eq(shortlists.userId, userId))
    .orderBy(asc(shortlists.createdAt), asc(shortlists.id));
  const items = lists.length
    ? await db
        .select({ shortlistId: shortlistItems.shortlistId, slug: tools.slug, name: tools.name, note: shortlistItems.note, addedAt: shortlistItems.addedAt })
        .from(shortlistItems)
        .innerJoin(shortlists, eq(shortlists.id, shortlistItems.shortlistId))
        .innerJoin(tools, eq(tools.id, shortlistItems.toolId))
        .where(eq(shortlists.userId, userId))
        .orderBy(asc(shortlistItems.addedAt))
    : [];
  return lists.map((list) => ({
    name: list.name,
    teamSize: list.teamSize,
    shared: list.shareToken !== null,
    alerts: list.alerts,
    createdAt: list.createdAt,
    updatedAt: list.updatedAt,
    tools: items.filter((item) => item.shortlistId === list.id).map((item) => ({ tool: item.slug, toolName: item.name, note: item.note, addedAt: item.addedAt })),
  }));
}
