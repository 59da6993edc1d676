import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { newsletterIssues } from "~/db/schema";
import { newsletterIssueEmail } from "~/emails/newsletter.server";
import { editItems, type IssueItem } from "~/lib/newsletter/issue";
import { formatLongDate } from "~/lib/ui/dates";
import { SITE_NAME } from "~/lib/site";
import { recordAudit } from "~/models/admin/audit.server";
import { getDb, type Db } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { enqueueEmail } from "~/utils/outbox.server";
import type { Viewer } from "~/utils/request-context";
import { collectIssueItems } from "./issue-draft.server";
import { issueView, type IssueView } from "./issue-queries.server";

/**
 * An editor's changes to newsletter issues (issue 41, decision 061), each with its audit row in its transaction.
 * Only a draft or a scheduled issue changes; once the sender has started one it is the record of what went out.
 */
type Actor = Pick<Viewer, "id" | "email" | "name">;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
const t = newsletterIssues;
const WEEK_MS = 7 * 24 * 60 * 60_000;

async function lockIssue(tx: Tx, id: number) {
  const [row] = await tx.select().from(t).where(eq(t.id, id)).for("update");
  if (!row) throw new AppError("NOT_FOUND", { message: "issueNotFound" });
  return row;
}

function requireEditable(row: { status: string }) {
  if (row.status !== "draft" && row.status !== "scheduled") throw new AppError("CONFLICT", { message: "issueNotEditable" });
}

function requireContent(row: { intro: string; items: IssueItem[] }) {
  if (!row.items.length && !row.intro.trim()) throw new AppError("INVALID_INPUT", { message: "issueEmpty" });
}

/**
 * 'Draft from this week': what was recorded since the end of the last sent issue's window (so nothing falls between
 * two issues), or over the last 7 days when none was sent.
 */
export async function draftIssueFromWeek(actor: Actor): Promise<{ id: number }> {
  // Read before the transaction: on PGlite a query outside an open transaction waits for it to end.
  const [last] = await getDb().select({ periodEnd: t.periodEnd }).from(t).where(eq(t.status, "sent")).orderBy(desc(t.sentAt), desc(t.id)).limit(1);
  const [{ now }] = (await getDb().execute<{ now: string }>(sql`select now() as now`)).rows as [{ now: string }];
  const until = new Date(now);
  const since = last ? new Date(last.periodEnd) : new Date(until.getTime() - WEEK_MS);
  const items = await collectIssueItems(since, until);
  const subject = `${SITE_NAME} newsletter: ${formatLongDate(until.toISOString().slice(0, 10))}`;
  return getDb().transaction(async (tx) => {
    const [row] = await tx.insert(t).values({ subject, items, periodStart: since, periodEnd: until, createdBy: actor.id }).returning({ id: t.id });
    await recordAudit({ actor, action: "newsletter.draft", targetType: "newsletter_issue", targetId: row!.id, after: { items: items.length, since: since.toISOString() } }, tx);
    return { id: row!.id };
  });
}

export type IssueEdit = { subject: string; intro: string; order: string[]; remove: string[]; move?: string };

/** Saves the subject, the introduction and the items' order and cuts (a move button saves too). */
export async function saveIssue(actor: Actor, id: number, edit: IssueEdit): Promise<{ id: number }> {
  return getDb().transaction(async (tx) => {
    const row = await lockIssue(tx, id);
    requireEditable(row);
    const items = editItems(row.items, edit);
    await tx.update(t).set({ subject: edit.subject, intro: edit.intro, items, updatedAt: new Date() }).where(eq(t.id, id));
    await recordAudit(
      {
        actor,
        action: "newsletter.edit",
        targetType: "newsletter_issue",
        targetId: id,
        before: { subject: row.subject, items: row.items.map((item) => item.key) },
        after: { subject: edit.subject, items: items.map((item) => item.key) },
      },
      tx,
    );
    return { id };
  });
}

/** Schedules the issue for `at`, or for now ('Send now'): the sender job takes it when due. */
export async function scheduleIssue(actor: Actor, id: number, at: Date | "now"): Promise<{ id: number; now: boolean }> {
  return getDb().transaction(async (tx) => {
    const row = await lockIssue(tx, id);
    requireEditable(row);
    requireContent(row);
    if (at !== "now" && at.getTime() <= Date.now()) throw new AppError("INVALID_INPUT", { message: "issueScheduleInPast" });
    await tx
      .update(t)
      .set({ status: "scheduled", scheduledAt: at === "now" ? sql`now()` : at, updatedAt: new Date() })
      .where(eq(t.id, id));
    await recordAudit(
      {
        actor,
        action: at === "now" ? "newsletter.send" : "newsletter.schedule",
        targetType: "newsletter_issue",
        targetId: id,
        after: { at: at === "now" ? "now" : at.toISOString() },
      },
      tx,
    );
    return { id, now: at === "now" };
  });
}

export async function unscheduleIssue(actor: Actor, id: number): Promise<{ id: number }> {
  return getDb().transaction(async (tx) => {
    const row = await lockIssue(tx, id);
    if (row.status !== "scheduled") throw new AppError("CONFLICT", { message: "issueNotEditable" });
    await tx.update(t).set({ status: "draft", scheduledAt: null, updatedAt: new Date() }).where(eq(t.id, id));
    await recordAudit({ actor, action: "newsletter.unschedule", targetType: "newsletter_issue", targetId: id, before: { at: row.scheduledAt?.toISOString() ?? null } }, tx);
    return { id };
  });
}

export async function deleteDraft(actor: Actor, id: number): Promise<{ id: number }> {
  return getDb().transaction(async (tx) => {
    const row = await lockIssue(tx, id);
    if (row.status !== "draft") throw new AppError("CONFLICT", { message: "issueNotEditable" });
    await tx.delete(t).where(and(eq(t.id, id), inArray(t.status, ["draft"])));
    await recordAudit({ actor, action: "newsletter.delete", targetType: "newsletter_issue", targetId: id, before: { subject: row.subject, items: row.items.length } }, tx);
    return { id };
  });
}

/** The issue as a message: the email's words with absolute addresses (the introduction's own paths included). */
export function issueEmailContent(view: IssueView) {
  const site = getEnv().SITE_URL;
  return {
    subject: view.subject,
    body: {
      introHtml: view.introHtml.replace(/(href|src)="\/(?!\/)/g, `$1="${site}/`),
      introText: view.introText,
      sections: view.groups.map((group) => ({ heading: group.heading, items: group.items.map((item) => ({ title: item.title, text: item.text, url: `${site}${item.path}` })) })),
    },
  };
}

/**
 * 'Send me a test': the issue as it stands, to the editor's own address, through the outbox. Its web link is the
 * editor's preview (the issue has no public address yet) and its unsubscribe link the page that explains leaving.
 */
export async function sendTestIssue(actor: Actor, id: number): Promise<{ id: number }> {
  return getDb().transaction(async (tx) => {
    const row = await lockIssue(tx, id);
    const content = issueEmailContent(issueView(row));
    const site = getEnv().SITE_URL;
    const email = newsletterIssueEmail(
      { name: actor.name ?? "", email: actor.email },
      { ...content, subject: `[Test] ${content.subject}` },
      {
        web: `${site}/admin/newsletter/${id}/preview`,
        unsubscribe: `${site}/newsletter/unsubscribe`,
      },
    );
    await enqueueEmail(email, tx);
    await recordAudit({ actor, action: "newsletter.test", targetType: "newsletter_issue", targetId: id }, tx);
    return { id };
  });
}
