import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { factChecks, tools, users } from "~/db/schema";
import { formatLongDate } from "~/lib/ui/dates";
import { dealConfirmed, dealNotConfirmed, pricesConfirmed, pricesConfirmedByCheck, pricesFromSubmitter, pricesNotConfirmed, pricingSourceLabel } from "~/lib/words";
import { dayOf, dealFacts, pricingFacts, samePage, type Checker, type CheckSubject } from "~/lib/provenance/provenance";
import type { Deal } from "~/models/content/offers.server";
import { getOffers } from "~/models/content/offers.server";
import { CATALOGUE, cached } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { factsHashOf } from "./facts.server";

/**
 * Provenance reads (decision 028): whether a recorded check covers a tool's prices or a deal's terms as they are now,
 * and the sentence a page says about it. A confirmation covers the facts it was made on (`facts_hash`): after the
 * content changes them, the page says 'not yet confirmed' again until someone confirms the new ones.
 */

/** The tag of every page showing a deal's confirmation (home, /deals, audience pages list deals through it). */
export const DEAL_CHECKS_TAG = "deals:checks";

/** `id`: the check's row, whose receipt is /receipts/<id> (issue 44). */
export type ConfirmationView = { id: number; day: string; checkedBy: Checker; sourceUrl: string };

/** The latest confirmation of `subject` whose facts hash is `factsHash`, or null. */
async function latestConfirmation(kind: CheckSubject, subject: string, factsHash: string): Promise<ConfirmationView | null> {
  const [row] = await getDb()
    .select({ id: factChecks.id, checkedAt: factChecks.checkedAt, checkedBy: factChecks.checkedBy, sourceUrl: factChecks.sourceUrl })
    .from(factChecks)
    .where(and(eq(factChecks.subjectKind, kind), eq(factChecks.subject, subject), eq(factChecks.outcome, "confirmed"), eq(factChecks.factsHash, factsHash)))
    .orderBy(desc(factChecks.checkedAt))
    .limit(1);
  return row ? { id: row.id, day: dayOf(row.checkedAt), checkedBy: row.checkedBy as Checker, sourceUrl: row.sourceUrl } : null;
}

/** `source`: the page the prices were taken from (or confirmed on), with a label that says what it is. */
export type PricingProvenance = { confirmed: ConfirmationView | null; text: string; source: { url: string; label: string } | null };

/** The hash a confirmation of this tool's pricing records and a page compares: the stored model and plans. */
export const toolPricingHash = (tool: { pricingModel: string; plans: readonly unknown[] }) => factsHashOf(pricingFacts({ model: tool.pricingModel, plans: tool.plans }));

/**
 * What a tool page says of its prices: 'Prices as listed on {vendor}'s pricing page; last confirmed {date}' when a
 * recorded check covers the plans shown, else 'Prices from {vendor}'s published pricing, added {date}; not yet
 * confirmed — check before you buy'. Cached with the tool's page.
 */
export function getPricingProvenance(tool: {
  slug: string;
  name: string;
  source: string;
  pricingModel: string;
  plans: readonly unknown[];
  addedAt: string;
  websiteUrl: string;
  pricingUrl: string | null;
}): Promise<PricingProvenance> {
  return cached(`tool:${tool.slug}:provenance`, [...CATALOGUE, `tool:${tool.slug}`], async () => {
    const confirmed = await latestConfirmation("tool-pricing", tool.slug, toolPricingHash(tool));
    // A community tool's source is the submitter's word; an editorial one's the page its file names.
    const sourceUrl = confirmed?.sourceUrl ?? (tool.source === "community" ? null : tool.pricingUrl);
    const fromHomePage = sourceUrl !== null && samePage(sourceUrl, tool.websiteUrl);
    return {
      source: sourceUrl ? { url: sourceUrl, label: pricingSourceLabel(tool.name, fromHomePage) } : null,
      confirmed,
      text: confirmed
        ? (confirmed.checkedBy === "fetch" ? pricesConfirmedByCheck : pricesConfirmed)(tool.name, formatLongDate(confirmed.day))
        : tool.source === "community"
          ? pricesFromSubmitter(formatLongDate(tool.addedAt))
          : pricesNotConfirmed(tool.name, formatLongDate(tool.addedAt), fromHomePage),
    };
  });
}

export const dealHash = (deal: Pick<Deal, "discount" | "code" | "expiryDate" | "source" | "toolSlug">) => factsHashOf(dealFacts(deal));

/** Every deal's latest confirmation of its current terms, by deal id. */
function dealConfirmations(): Promise<Record<string, ConfirmationView>> {
  return cached("deals:checks", [...CATALOGUE, DEAL_CHECKS_TAG], async () => {
    const rows = await getDb()
      .select({
        id: factChecks.id,
        subject: factChecks.subject,
        checkedAt: factChecks.checkedAt,
        checkedBy: factChecks.checkedBy,
        sourceUrl: factChecks.sourceUrl,
        factsHash: factChecks.factsHash,
      })
      .from(factChecks)
      .where(and(eq(factChecks.subjectKind, "deal"), eq(factChecks.outcome, "confirmed")))
      .orderBy(desc(factChecks.checkedAt));
    const current = new Map(getOffers().deals.map((deal) => [deal.id, dealHash(deal)]));
    const result: Record<string, ConfirmationView> = {};
    for (const row of rows) {
      if (result[row.subject] || current.get(row.subject) !== row.factsHash) continue;
      result[row.subject] = { id: row.id, day: dayOf(row.checkedAt), checkedBy: row.checkedBy as Checker, sourceUrl: row.sourceUrl };
    }
    return result;
  });
}

/** Adds the provenance sentence of each deal (confirmed on the vendor's page, or added and not yet confirmed). */
export async function withDealProvenance<T extends { id: string; toolName: string; addedAt: string }>(
  deals: T[],
): Promise<(T & { provenanceText: string; confirmed: boolean; receiptId: number | null })[]> {
  const confirmations = deals.length ? await dealConfirmations() : {};
  return deals.map((deal) => {
    const confirmed = confirmations[deal.id];
    return {
      ...deal,
      confirmed: Boolean(confirmed),
      receiptId: confirmed?.id ?? null,
      provenanceText: confirmed ? dealConfirmed(deal.toolName, formatLongDate(confirmed.day)) : dealNotConfirmed(deal.toolName, formatLongDate(deal.addedAt)),
    };
  });
}

export const PRICES_PAGE_SIZE = 50;
export type PricesFilter = "unconfirmed" | "all";

export type PricingRow = {
  slug: string;
  name: string;
  websiteUrl: string;
  pricingUrl: string | null;
  addedAt: string;
  confirmed: (ConfirmationView & { editorEmail: string | null }) | null;
  /** A confirmation exists, but of plans that have changed since. */
  stale: boolean;
};

/**
 * /admin/prices: every tool with what covers its prices now, unconfirmed first (then by name), a page at a time;
 * and every deal. The latest confirmation per tool is read in one query.
 */
export async function listPricing({ filter, page }: { filter: PricesFilter; page: number }) {
  const db = getDb();
  const latest = db
    .selectDistinctOn([factChecks.subject], {
      id: factChecks.id,
      subject: factChecks.subject,
      checkedAt: factChecks.checkedAt,
      checkedBy: factChecks.checkedBy,
      sourceUrl: factChecks.sourceUrl,
      factsHash: factChecks.factsHash,
      editorEmail: users.email,
    })
    .from(factChecks)
    .leftJoin(users, eq(users.id, factChecks.editorId))
    .where(and(eq(factChecks.subjectKind, "tool-pricing"), eq(factChecks.outcome, "confirmed")))
    .orderBy(factChecks.subject, desc(factChecks.checkedAt))
    .as("latest");
  const rows = await db
    .select({
      slug: tools.slug,
      name: tools.name,
      websiteUrl: tools.websiteUrl,
      pricingUrl: tools.pricingUrl,
      addedAt: tools.addedAt,
      pricingModel: tools.pricingModel,
      plans: tools.plans,
      checkId: latest.id,
      checkedAt: latest.checkedAt,
      checkedBy: latest.checkedBy,
      checkSource: latest.sourceUrl,
      factsHash: latest.factsHash,
      editorEmail: latest.editorEmail,
    })
    .from(tools)
    .leftJoin(latest, eq(latest.subject, tools.slug))
    .orderBy(asc(sql`lower(${tools.name}) collate "C"`));
  const all: PricingRow[] = rows.map((row) => {
    const current = row.checkedAt !== null && row.factsHash === toolPricingHash(row);
    return {
      slug: row.slug,
      name: row.name,
      websiteUrl: row.websiteUrl,
      pricingUrl: row.pricingUrl,
      addedAt: row.addedAt,
      confirmed: current ? { id: row.checkId!, day: dayOf(row.checkedAt!), checkedBy: row.checkedBy as Checker, sourceUrl: row.checkSource!, editorEmail: row.editorEmail } : null,
      stale: row.checkedAt !== null && !current,
    };
  });
  all.sort((a, b) => Number(a.confirmed !== null) - Number(b.confirmed !== null));
  const shown = filter === "unconfirmed" ? all.filter((row) => !row.confirmed) : all;
  const confirmations = await dealConfirmations();
  return {
    rows: shown.slice((page - 1) * PRICES_PAGE_SIZE, page * PRICES_PAGE_SIZE),
    total: shown.length,
    pageCount: Math.max(1, Math.ceil(shown.length / PRICES_PAGE_SIZE)),
    counts: { all: all.length, unconfirmed: all.filter((row) => !row.confirmed).length },
    deals: getOffers().deals.map((deal) => ({
      id: deal.id,
      title: deal.title,
      toolName: deal.toolName,
      source: deal.source,
      addedAt: deal.addedAt,
      confirmed: confirmations[deal.id] ?? null,
    })),
  };
}

/** How many tools' prices no current confirmation covers (the admin dashboard). */
export async function countUnconfirmedPricing(): Promise<{ unconfirmed: number; all: number }> {
  const { counts } = await listPricing({ filter: "all", page: 1 });
  return counts;
}

/** The recorded checks of one subject, newest first (the dated history issue 27's price history builds on). */
export async function listChecks(kind: CheckSubject, subject: string) {
  return getDb()
    .select({ checkedAt: factChecks.checkedAt, checkedBy: factChecks.checkedBy, sourceUrl: factChecks.sourceUrl, outcome: factChecks.outcome, factsHash: factChecks.factsHash })
    .from(factChecks)
    .where(and(eq(factChecks.subjectKind, kind), eq(factChecks.subject, subject)))
    .orderBy(desc(factChecks.checkedAt));
}

/** Rows in the table of checks (tests, the dashboard). */
export async function countChecks(): Promise<number> {
  const [row] = await getDb().select({ value: count() }).from(factChecks);
  return row?.value ?? 0;
}
