import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { emailOutbox, newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "~/db/schema";
import { groupItems, type Cadence, type IssueItem } from "~/lib/newsletter/issue";
import { cached } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { renderArticle } from "~/utils/markdown.server";

/**
 * The newsletter's issues as pages, the feed, the sitemap and the admin area read them (issue 41, decision 061).
 * Public reads are cached under ISSUES_TAG, which the sender invalidates when an issue has gone out.
 */
export const ISSUES_TAG = "newsletter-issues";

const t = newsletterIssues;
const day = (date: Date | string | null) => (date ? new Date(date).toISOString().slice(0, 10) : null);

/** An issue as the page and the email show it: the introduction through the one Markdown path, items under headings. */
export function issueView(issue: { subject: string; intro: string; items: IssueItem[] }) {
  const intro = issue.intro.trim() ? renderArticle(issue.intro) : { html: "", text: "" };
  return { subject: issue.subject, introHtml: intro.html, introText: intro.text, groups: groupItems(issue.items) };
}
export type IssueView = ReturnType<typeof issueView>;

/** How often issues actually went out: the count of sent issues, the first and the last day. */
export function newsletterCadence(): Promise<Cadence> {
  return cached("newsletter:cadence", [ISSUES_TAG], async () => {
    const [row] = await getDb()
      .select({ sent: sql<number>`count(*)::int`.mapWith(Number), first: sql<Date | null>`min(${t.sentAt})`, last: sql<Date | null>`max(${t.sentAt})` })
      .from(t)
      .where(eq(t.status, "sent"));
    return { sent: row?.sent ?? 0, first: day(row?.first ?? null), last: day(row?.last ?? null) };
  });
}

export type SentIssueCard = { slug: string; subject: string; sentDay: string; itemCount: number };

/** The archive: every sent issue, newest first. */
export function listSentIssues(): Promise<SentIssueCard[]> {
  return cached("newsletter:sent", [ISSUES_TAG], async () => {
    const rows = await getDb()
      .select({ slug: t.slug, subject: t.subject, sentAt: t.sentAt, itemCount: sql<number>`jsonb_array_length(${t.items})::int`.mapWith(Number) })
      .from(t)
      .where(and(eq(t.status, "sent"), isNotNull(t.slug)))
      .orderBy(desc(t.sentAt), desc(t.id));
    return rows.map((row) => ({ slug: row.slug!, subject: row.subject, sentDay: day(row.sentAt)!, itemCount: row.itemCount }));
  });
}

/** One sent issue by its address, rendered; null for an unknown slug or an issue not sent yet. */
export function getSentIssue(slug: string) {
  return cached(`newsletter:issue:${slug}`, [ISSUES_TAG], async () => {
    const [row] = await getDb()
      .select({ slug: t.slug, subject: t.subject, intro: t.intro, items: t.items, sentAt: t.sentAt })
      .from(t)
      .where(and(eq(t.slug, slug), eq(t.status, "sent")))
      .limit(1);
    if (!row) return null;
    return { slug: row.slug!, sentDay: day(row.sentAt)!, view: issueView(row) };
  });
}

/** Confirmed, still subscribed addresses: who an issue goes to. */
export const activeSubscriber = sql`${newsletterSubscribers.confirmedAt} is not null and ${newsletterSubscribers.unsubscribedAt} is null`;

/**
 * Where a send stands, from the deliveries and the outbox's own state: `queued` messages written, `sent` delivered
 * (a delivery whose outbox row is gone was delivered: the outbox prunes only delivered rows), `failed` refused at
 * least once and not delivered yet (the outbox keeps retrying).
 */
// Qualified by hand: drizzle writes a lone column of the main table without its table name, which inside these
// subqueries would name the outbox's own id.
const issueIdColumn = sql.raw(`"newsletter_issues"."id"`);
const progressColumns = {
  queued: sql<number>`(select count(*)::int from ${newsletterDeliveries} d where d.issue_id = ${issueIdColumn})`.mapWith(Number),
  delivered:
    sql<number>`(select count(*)::int from ${newsletterDeliveries} d left join ${emailOutbox} o on o.id = d.outbox_id where d.issue_id = ${issueIdColumn} and (d.outbox_id is null or o.sent_at is not null))`.mapWith(
      Number,
    ),
  failed:
    sql<number>`(select count(*)::int from ${newsletterDeliveries} d join ${emailOutbox} o on o.id = d.outbox_id where d.issue_id = ${issueIdColumn} and o.sent_at is null and o.last_error is not null)`.mapWith(
      Number,
    ),
};

/** /admin/newsletter: every issue, newest first, with its progress. */
export async function listIssuesForAdmin() {
  return getDb()
    .select({
      id: t.id,
      slug: t.slug,
      subject: t.subject,
      status: t.status,
      scheduledAt: t.scheduledAt,
      sentAt: t.sentAt,
      createdAt: t.createdAt,
      itemCount: sql<number>`jsonb_array_length(${t.items})::int`.mapWith(Number),
      ...progressColumns,
    })
    .from(t)
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(200);
}

/** One issue for its editor, with its progress and how many addresses would receive it now. */
export async function getIssueForEditor(id: number) {
  const [[row], [audience]] = await Promise.all([
    getDb()
      .select({
        id: t.id,
        slug: t.slug,
        subject: t.subject,
        intro: t.intro,
        items: t.items,
        status: t.status,
        periodStart: t.periodStart,
        periodEnd: t.periodEnd,
        scheduledAt: t.scheduledAt,
        sendingStartedAt: t.sendingStartedAt,
        sentAt: t.sentAt,
        ...progressColumns,
      })
      .from(t)
      .where(eq(t.id, id))
      .limit(1),
    getDb()
      .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(newsletterSubscribers)
      .where(activeSubscriber),
  ]);
  return row ? { ...row, audience: audience?.count ?? 0 } : null;
}

/** The issues whose public pages exist (the sitemap): address and day sent. */
export function sentIssueDates(): Promise<{ slug: string; day: string }[]> {
  return listSentIssues().then((issues) => issues.map((issue) => ({ slug: issue.slug, day: issue.sentDay })));
}
