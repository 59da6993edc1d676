import { and, count, desc, eq, gte, ilike, isNull, sql, type SQL } from "drizzle-orm";
import { newsletterSubscribers } from "~/db/schema";
import { containsPattern, SUBSCRIBER_STATES, type SubscriberFilters, type SubscriberState } from "~/lib/admin/subscriber-filters";
import { recordAudit } from "~/models/admin/audit.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import type { Viewer } from "~/utils/request-context";

/**
 * The editors' view of the newsletter list (/admin/subscribers, issue 19). A subscriber's state follows from the
 * timestamps the opt-in keeps (models/newsletter/subscriptions.server.ts): unsubscribed wins, then confirmed.
 */

const t = newsletterSubscribers;

const stateSql = sql<SubscriberState>`case when ${t.unsubscribedAt} is not null then 'unsubscribed' when ${t.confirmedAt} is not null then 'confirmed' else 'unconfirmed' end`;

const STATE_WHERE: Record<SubscriberState, SQL> = {
  unsubscribed: sql`${t.unsubscribedAt} is not null`,
  confirmed: sql`${t.unsubscribedAt} is null and ${t.confirmedAt} is not null`,
  unconfirmed: sql`${t.unsubscribedAt} is null and ${t.confirmedAt} is null`,
};

function whereOf({ q, state }: Pick<SubscriberFilters, "q" | "state">) {
  return and(q ? ilike(t.email, containsPattern(q)) : undefined, state ? STATE_WHERE[state] : undefined);
}

const rowShape = {
  id: t.id,
  email: t.email,
  name: t.name,
  source: t.source,
  state: stateSql,
  createdAt: t.createdAt,
  confirmedAt: t.confirmedAt,
  unsubscribedAt: t.unsubscribedAt,
};

export const SUBSCRIBERS_PAGE_SIZE = 50;

export async function listSubscribers(filters: SubscriberFilters) {
  const where = whereOf(filters);
  const [rows, [total]] = await Promise.all([
    getDb()
      .select(rowShape)
      .from(t)
      .where(where)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(SUBSCRIBERS_PAGE_SIZE)
      .offset((filters.page - 1) * SUBSCRIBERS_PAGE_SIZE),
    getDb().select({ value: count() }).from(t).where(where),
  ]);
  const totalCount = total?.value ?? 0;
  return { rows, total: totalCount, pageCount: Math.max(1, Math.ceil(totalCount / SUBSCRIBERS_PAGE_SIZE)) };
}

/** Every state and every source with its count over the whole list (zero for a state nobody is in). */
export async function subscriberCounts() {
  const rows = await getDb()
    .select({ state: stateSql, source: t.source, value: sql<number>`count(*)::int`.mapWith(Number) })
    .from(t)
    .groupBy(sql`1`, t.source);
  const byState = Object.fromEntries(SUBSCRIBER_STATES.map((state) => [state, 0])) as Record<SubscriberState, number>;
  const bySource = new Map<string, number>();
  for (const row of rows) {
    byState[row.state] += row.value;
    bySource.set(row.source, (bySource.get(row.source) ?? 0) + row.value);
  }
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  return { total, byState, bySource: [...bySource].map(([source, value]) => ({ source, count: value })).sort((a, b) => b.count - a.count || a.source.localeCompare(b.source)) };
}

/** The dashboard's count: addresses confirmed in the last seven days and still subscribed. */
export async function countNewSubscribersThisWeek(): Promise<number> {
  const [row] = await getDb()
    .select({ value: count() })
    .from(t)
    .where(and(gte(t.confirmedAt, sql`now() - interval '7 days'`), isNull(t.unsubscribedAt)));
  return row?.value ?? 0;
}

export const SUBSCRIBER_CSV_HEADER = ["email", "name", "state", "source", "subscribed_at", "confirmed_at", "unsubscribed_at"] as const;

/** The export: every subscriber the filters match (all pages), oldest first, dates in ISO 8601 UTC. */
export async function subscriberCsvRows(filters: Pick<SubscriberFilters, "q" | "state">): Promise<string[][]> {
  const rows = await getDb().select(rowShape).from(t).where(whereOf(filters)).orderBy(t.createdAt, t.id);
  const iso = (date: Date | null) => (date ? date.toISOString() : "");
  return [[...SUBSCRIBER_CSV_HEADER], ...rows.map((row) => [row.email, row.name ?? "", row.state, row.source, iso(row.createdAt), iso(row.confirmedAt), iso(row.unsubscribedAt)])];
}

/**
 * Removal on request (the privacy page's right to erasure): the row is deleted, not marked. The audit row keeps
 * that a subscriber was removed, its state and source, but not the address, which is what was asked to go.
 */
export async function removeSubscriber(actor: Viewer, id: number) {
  return getDb().transaction(async (tx) => {
    const [row] = await tx.delete(t).where(eq(t.id, id)).returning({ state: stateSql, source: t.source, createdAt: t.createdAt });
    if (!row) throw new AppError("NOT_FOUND", { message: "subscriberNotFound" });
    await recordAudit(
      {
        actor,
        action: "subscriber.remove",
        targetType: "newsletter_subscriber",
        targetId: id,
        before: { state: row.state, source: row.source, subscribedAt: row.createdAt.toISOString() },
        after: null,
      },
      tx,
    );
    return { id };
  });
}

/** The export is a read, but the list is personal data: who took a copy, and of what, is on the record. */
export function recordSubscriberExport(actor: Viewer, filters: Pick<SubscriberFilters, "q" | "state">, rows: number) {
  return recordAudit({ actor, action: "subscribers.export", targetType: "newsletter_subscriber", targetId: "export", after: { rows, q: filters.q || null, state: filters.state } });
}
