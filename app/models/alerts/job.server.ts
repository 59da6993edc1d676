import { and, asc, desc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { categories, categoryFollows, pendingAlerts, readerMailings, shortlistItems, shortlists, toolChanges, tools, toolWatches, users } from "~/db/schema";
import { shortlistAlertEmail, watchAlertEmail, weeklyDigestEmail, type ToolChanges } from "~/emails/alerts.server";
import { changeSourceWords, describeChange } from "~/lib/tool/change-words";
import { PRICING_CHANGE_KINDS } from "~/lib/tool/pricing-changes";
import { pricingText } from "~/lib/tool/pricing";
import { getDb, type Db } from "~/utils/db.server";
import { getEnv, type Env } from "~/utils/env.server";
import { betweenSteps, defineJob, scheduleEvery } from "~/utils/job-queue.server";
import { errorText, log } from "~/utils/logger.server";
import { enqueueEmail } from "~/utils/outbox.server";
import { unsubscribeLinks } from "./unsubscribe.server";
import { inAnyCategory } from "~/models/tool/categories.server";

/**
 * The watchers' jobs (issue 27, decisions 035, 065), on the one queue every ALERT_INTERVAL_MINUTES (`0` turns them
 * off): `watch-alerts` does steps 1 and 2, `weekly-digest` step 3. Each step commits per reader (or per batch), so a
 * run cut short and retried carries on from what is committed and sends nobody anything twice:
 * 1. hands every tool_changes row not yet handled to the readers who watch its tool (`pending_alerts`) and marks it
 *    `notified_at`, in one transaction: a row is never handed out twice nor lost;
 * 2. for each reader with something waiting and fewer than ALERTS_PER_DAY alert emails today (UTC), puts ONE email
 *    listing all of it in the outbox, removes what it listed and records the mailing, in one transaction. A reader at
 *    the cap keeps theirs for tomorrow's first run (never dropped); one who turned alerts off has theirs removed;
 * 2b. for each shortlist with alerts on (issue 47, decision 087) whose tools have changes recorded after both the day
 *    each tool was added to it and the list's `alerts_sent_through`, puts ONE email listing them in the outbox and
 *    moves `alerts_sent_through` to the latest change it listed, in one transaction with its mailing record
 *    ('shortlist', at most ALERTS_PER_DAY a day per reader, the rest waiting for tomorrow);
 * 3. sends the weekly digest to each reader who opted in and had none for a week: new tools and price changes in the
 *    categories they follow since the last one; a week with nothing to say is recorded and sends nothing.
 * A deleted account's watches, waiting changes and mailings go with it (ON DELETE CASCADE): it gets nothing.
 */

/** At most this many alert emails a reader gets in a UTC day; later changes wait for the next day. */
export const ALERTS_PER_DAY = 3;
const WEEK_MS = 7 * 24 * 60 * 60_000;
/** A digest is due a little before a full week, so a weekly run at a fixed hour does not slide later each week. */
const DIGEST_DUE_MS = WEEK_MS - 30 * 60_000;
const BATCH = 1000;
/** Mailings are kept this long (the cap needs a day, the digest a week). */
const KEEP_MAILINGS_DAYS = 60;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type AlertRunSummary = { handedOut: number; alerts: number; waiting: number; shortlistAlerts: number; digests: number; emptyDigests: number };

const site = () => getEnv().SITE_URL;
const toolUrl = (slug: string) => `${site()}/tools/${slug}`;

/** Steps 1 and 2, and the clean-up of old mailings. */
async function runWatchAlerts() {
  const handedOut = await handOutChanges();
  const { alerts, waiting } = await sendAlerts();
  const shortlistAlerts = await sendShortlistAlerts();
  await getDb()
    .delete(readerMailings)
    .where(sql`${readerMailings.sentAt} < now() - ${`${KEEP_MAILINGS_DAYS} days`}::interval`);
  return { handedOut, alerts, waiting, shortlistAlerts };
}

/** Both jobs' work once, in order, as the queue runs them (tests call it directly). */
export async function runAlertJob(): Promise<AlertRunSummary> {
  return { ...(await runWatchAlerts()), ...(await sendDigests()) };
}

/**
 * What the two alert jobs share. `stately`: one running and one waiting, so a change recorded during a run is handed
 * out by the next; both on the alerts' schedule.
 */
const alertJobPolicy = {
  policy: "stately",
  schedule: (env: Env) => scheduleEvery(env.ALERT_INTERVAL_MINUTES),
  expireInSeconds: 30 * 60,
  retryLimit: 3,
  retryDelaySeconds: 60,
} as const;

export const watchAlertJob = defineJob<Record<string, never>>({
  name: "watch-alerts",
  ...alertJobPolicy,
  run: async () => {
    const summary = await runWatchAlerts();
    if (summary.alerts + summary.waiting > 0) log.info(`watch alerts: ${summary.alerts} alert(s) queued, ${summary.waiting} reader(s) at today's cap`);
    if (summary.shortlistAlerts > 0) log.info(`shortlist alerts: ${summary.shortlistAlerts} queued`);
  },
});

export const weeklyDigestJob = defineJob<Record<string, never>>({
  name: "weekly-digest",
  ...alertJobPolicy,
  run: async () => {
    const summary = await sendDigests();
    if (summary.digests > 0) log.info(`weekly digest: ${summary.digests} digest(s) queued`);
  },
});

/** Step 1: each unhandled change to its watchers (who have alerts on), and marked handled, batch by batch. */
async function handOutChanges(): Promise<number> {
  let total = 0;
  for (;;) {
    await betweenSteps();
    const handled = await getDb().transaction(async (tx) => {
      const batch = await tx.select({ id: toolChanges.id }).from(toolChanges).where(isNull(toolChanges.notifiedAt)).orderBy(asc(toolChanges.id)).limit(BATCH).for("update");
      if (!batch.length) return 0;
      const ids = batch.map((row) => row.id);
      await tx.execute(sql`
        insert into ${pendingAlerts} (user_id, change_id)
        select w.user_id, c.id from ${toolChanges} c
        join ${toolWatches} w on w.tool_id = c.tool_id
        join ${users} u on u.id = w.user_id and u.watch_alerts
        where c.id in (${sql.join(ids, sql`, `)})
        on conflict do nothing`);
      await tx
        .update(toolChanges)
        .set({ notifiedAt: sql`now()` })
        .where(inArray(toolChanges.id, ids));
      return ids.length;
    });
    total += handled;
    if (handled < BATCH) return total;
  }
}

const todayUtc = sql`(now() at time zone 'UTC')::date`;

/** Alert emails the reader got today (UTC). */
async function alertsToday(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(readerMailings)
    .where(and(eq(readerMailings.userId, userId), eq(readerMailings.kind, "alert"), sql`(${readerMailings.sentAt} at time zone 'UTC')::date = ${todayUtc}`));
  return Number(row?.count ?? 0);
}

/** Step 2: one email per reader with changes waiting, within the day's cap. */
async function sendAlerts(): Promise<{ alerts: number; waiting: number }> {
  const readers = await getDb().selectDistinct({ userId: pendingAlerts.userId }).from(pendingAlerts);
  let alerts = 0;
  let waiting = 0;
  for (const { userId } of readers) {
    await betweenSteps();
    try {
      const outcome = await getDb().transaction((tx) => alertReader(tx, userId));
      if (outcome === "sent") alerts += 1;
      if (outcome === "capped") waiting += 1;
    } catch (error) {
      // One reader's failure (a bad row) must not hold back the others; theirs stays waiting for the next run.
      log.error("watch alert not queued", { error: errorText(error) });
    }
  }
  return { alerts, waiting };
}

async function alertReader(tx: Tx, userId: string): Promise<"sent" | "capped" | "none"> {
  const [reader] = await tx.select({ name: users.name, email: users.email, alerts: users.watchAlerts }).from(users).where(eq(users.id, userId)).for("update");
  if (!reader) return "none";
  if (!reader.alerts) {
    // Turned off since the changes were handed out: they asked not to be told.
    await tx.delete(pendingAlerts).where(eq(pendingAlerts.userId, userId));
    return "none";
  }
  if ((await alertsToday(tx, userId)) >= ALERTS_PER_DAY) return "capped";
  const rows = await tx
    .select({
      changeId: toolChanges.id,
      kind: toolChanges.kind,
      planName: toolChanges.planName,
      before: toolChanges.before,
      after: toolChanges.after,
      editorNote: toolChanges.editorNote,
      source: toolChanges.source,
      toolName: tools.name,
      toolSlug: tools.slug,
    })
    .from(pendingAlerts)
    .innerJoin(toolChanges, eq(toolChanges.id, pendingAlerts.changeId))
    .innerJoin(tools, eq(tools.id, toolChanges.toolId))
    .where(eq(pendingAlerts.userId, userId))
    .orderBy(asc(tools.name), asc(toolChanges.occurredAt), asc(toolChanges.id));
  if (!rows.length) return "none";
  const email = watchAlertEmail({ name: reader.name, email: reader.email }, groupByTool(rows), {
    settings: `${site()}/settings`,
    unsubscribe: unsubscribeLinks(userId, "alerts"),
  });
  await enqueueEmail(email, tx);
  await tx.delete(pendingAlerts).where(
    and(
      eq(pendingAlerts.userId, userId),
      inArray(
        pendingAlerts.changeId,
        rows.map((row) => row.changeId),
      ),
    ),
  );
  await tx.insert(readerMailings).values({ userId, kind: "alert", items: rows.length });
  return "sent";
}

/** A change to a list's tools is news to it when recorded after the tool was added and after the list's last email. */
const newToList = sql`${toolChanges.occurredAt} > ${shortlistItems.addedAt} and ${toolChanges.occurredAt} > coalesce(${shortlists.alertsSentThrough}, ${shortlistItems.addedAt})`;

/** Step 2b: one email per shortlist with alerts on and news, within its reader's daily cap of shortlist emails. */
async function sendShortlistAlerts(): Promise<number> {
  const due = await getDb()
    .selectDistinct({ id: shortlists.id })
    .from(shortlists)
    .innerJoin(shortlistItems, eq(shortlistItems.shortlistId, shortlists.id))
    .innerJoin(toolChanges, eq(toolChanges.toolId, shortlistItems.toolId))
    .where(and(eq(shortlists.alerts, true), newToList));
  let sent = 0;
  for (const { id } of due) {
    await betweenSteps();
    try {
      if (await getDb().transaction((tx) => alertShortlist(tx, id))) sent += 1;
    } catch (error) {
      log.error("shortlist alert not queued", { error: errorText(error) });
    }
  }
  return sent;
}

async function alertShortlist(tx: Tx, listId: number): Promise<boolean> {
  // The list's row, locked: a second run at once waits, then finds nothing new.
  const [list] = await tx
    .select({ name: shortlists.name, userId: shortlists.userId, alerts: shortlists.alerts, readerName: users.name, email: users.email })
    .from(shortlists)
    .innerJoin(users, eq(users.id, shortlists.userId))
    .where(eq(shortlists.id, listId))
    .for("update", { of: shortlists });
  if (!list?.alerts) return false;
  const [today] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(readerMailings)
    .where(and(eq(readerMailings.userId, list.userId), eq(readerMailings.kind, "shortlist"), sql`(${readerMailings.sentAt} at time zone 'UTC')::date = ${todayUtc}`));
  if (Number(today?.count ?? 0) >= ALERTS_PER_DAY) return false;
  const rows = await tx
    .select({
      id: toolChanges.id,
      kind: toolChanges.kind,
      planName: toolChanges.planName,
      before: toolChanges.before,
      after: toolChanges.after,
      editorNote: toolChanges.editorNote,
      source: toolChanges.source,
      toolName: tools.name,
      toolSlug: tools.slug,
    })
    .from(shortlistItems)
    .innerJoin(shortlists, eq(shortlists.id, shortlistItems.shortlistId))
    .innerJoin(toolChanges, eq(toolChanges.toolId, shortlistItems.toolId))
    .innerJoin(tools, eq(tools.id, toolChanges.toolId))
    .where(and(eq(shortlistItems.shortlistId, listId), newToList))
    .orderBy(asc(tools.name), asc(toolChanges.occurredAt), asc(toolChanges.id));
  if (!rows.length) return false;
  const email = shortlistAlertEmail(
    { name: list.readerName, email: list.email },
    { name: list.name, url: `${site()}/shortlists/${listId}` },
    groupByTool(rows),
    unsubscribeLinks(list.userId, "shortlists"),
  );
  await enqueueEmail(email, tx);
  // The latest change listed, read in the database: a JavaScript Date would cut PostgreSQL's microseconds, and the
  // change would look newer than the mark and be mailed again.
  const listed = tx
    .select({ at: sql`max(${toolChanges.occurredAt})` })
    .from(toolChanges)
    .where(
      inArray(
        toolChanges.id,
        rows.map((row) => row.id),
      ),
    );
  await tx
    .update(shortlists)
    .set({ alertsSentThrough: sql`(${listed})` })
    .where(eq(shortlists.id, listId));
  await tx.insert(readerMailings).values({ userId: list.userId, kind: "shortlist", items: rows.length });
  return true;
}

type ChangeRow = { kind: string; source: string; planName: string | null; before: unknown; after: unknown; editorNote: string | null; toolName: string; toolSlug: string };

function groupByTool(rows: ChangeRow[]): ToolChanges[] {
  const byTool = new Map<string, ToolChanges>();
  for (const row of rows) {
    const entry = byTool.get(row.toolSlug) ?? { name: row.toolName, url: toolUrl(row.toolSlug), changes: [] };
    // A maker's accepted proposal says so here as on the page (issue 45).
    entry.changes.push(row.source === "maker" ? `${describeChange(row)} (${changeSourceWords(row.source)})` : describeChange(row));
    byTool.set(row.toolSlug, entry);
  }
  return [...byTool.values()];
}

/** Step 3: the weekly digest of each opted-in reader whose last one (or last empty week) is a week old. */
async function sendDigests(): Promise<{ digests: number; emptyDigests: number }> {
  const last = getDb()
    .select({ userId: readerMailings.userId, at: sql<Date>`max(${readerMailings.sentAt})`.as("at") })
    .from(readerMailings)
    .where(eq(readerMailings.kind, "digest"))
    .groupBy(readerMailings.userId)
    .as("last");
  const due = await getDb()
    .select({ userId: users.id, lastAt: last.at })
    .from(users)
    .leftJoin(last, eq(last.userId, users.id))
    .where(and(eq(users.weeklyDigest, true), sql`(${last.at} is null or ${last.at} <= now() - ${`${DIGEST_DUE_MS} milliseconds`}::interval)`));
  let digests = 0;
  let emptyDigests = 0;
  for (const { userId, lastAt } of due) {
    await betweenSteps();
    try {
      const sent = await getDb().transaction((tx) => digestReader(tx, userId, lastAt ? new Date(lastAt) : null));
      if (sent) digests += 1;
      else emptyDigests += 1;
    } catch (error) {
      log.error("weekly digest not queued", { error: errorText(error) });
    }
  }
  return { digests, emptyDigests };
}

async function digestReader(tx: Tx, userId: string, lastAt: Date | null): Promise<boolean> {
  const [reader] = await tx.select({ name: users.name, email: users.email, digest: users.weeklyDigest }).from(users).where(eq(users.id, userId)).for("update");
  if (!reader?.digest) return false;
  const since = lastAt ?? new Date(Date.now() - WEEK_MS);
  const followed = await tx
    .select({ slug: categories.slug, name: categories.name })
    .from(categoryFollows)
    .innerJoin(categories, eq(categories.slug, categoryFollows.categorySlug))
    .where(eq(categoryFollows.userId, userId))
    .orderBy(asc(categories.name));
  const slugs = followed.map((category) => category.slug);
  // The day of the last digest counts again: a tool added later that day would otherwise be missed (a repeat is better).
  const sinceDay = since.toISOString().slice(0, 10);
  const newTools = slugs.length
    ? await tx
        .select({ name: tools.name, slug: tools.slug, model: tools.pricingModel, plans: tools.plans })
        .from(tools)
        // A followed category's tools are those its page lists: primary or secondary (issue 29).
        .where(and(inAnyCategory(slugs), gte(tools.addedAt, sinceDay)))
        .orderBy(desc(tools.addedAt), asc(tools.name))
        .limit(50)
    : [];
  const changes = slugs.length
    ? await tx
        .select({
          kind: toolChanges.kind,
          planName: toolChanges.planName,
          before: toolChanges.before,
          after: toolChanges.after,
          editorNote: toolChanges.editorNote,
          source: toolChanges.source,
          toolName: tools.name,
          toolSlug: tools.slug,
        })
        .from(toolChanges)
        .innerJoin(tools, eq(tools.id, toolChanges.toolId))
        .where(and(inAnyCategory(slugs), inArray(toolChanges.kind, [...PRICING_CHANGE_KINDS]), sql`${toolChanges.occurredAt} > ${since.toISOString()}`))
        .orderBy(asc(tools.name), asc(toolChanges.occurredAt), asc(toolChanges.id))
        .limit(200)
    : [];
  const items = newTools.length + changes.length;
  if (items > 0) {
    const email = weeklyDigestEmail(
      { name: reader.name, email: reader.email },
      {
        categories: followed.map((category) => category.name),
        newTools: newTools.map((tool) => ({ name: tool.name, pricing: pricingText({ model: tool.model, plans: tool.plans }), url: toolUrl(tool.slug) })),
        priceChanges: groupByTool(changes),
      },
      { changes: `${site()}/changes`, unsubscribe: unsubscribeLinks(userId, "digest") },
    );
    await enqueueEmail(email, tx);
  }
  // Recorded either way: the next digest is due a week from now, and covers the week from here.
  await tx.insert(readerMailings).values({ userId, kind: "digest", items });
  return items > 0;
}
