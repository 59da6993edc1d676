import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { reviewProofs, reviewReports, reviews, tools, users } from "~/db/schema";
import { reviewerName } from "~/lib/review/review-rules";
import { getDb } from "~/utils/db.server";

/**
 * What editors read to moderate (decision 023): open reports, hidden reviews and pending proofs. Privileged reads,
 * kept apart from the public review queries: they carry authors' addresses and hidden text.
 */

/** Reviews with at least one report no editor has acted on yet. */
export async function countOpenReports(): Promise<number> {
  const [row] = await getDb()
    .select({ value: sql<number>`count(distinct ${reviewReports.reviewId})::int` })
    .from(reviewReports)
    .where(isNull(reviewReports.resolvedAt));
  return Number(row?.value ?? 0);
}

export async function countPendingProofs(): Promise<number> {
  const [row] = await getDb().select({ value: count() }).from(reviewProofs);
  return Number(row?.value ?? 0);
}

const reviewFields = {
  id: reviews.id,
  rating: reviews.rating,
  comment: reviews.comment,
  images: reviews.images,
  createdAt: reviews.createdAt,
  hiddenAt: reviews.hiddenAt,
  verifiedAt: reviews.verifiedAt,
  toolSlug: tools.slug,
  toolName: tools.name,
  authorName: users.name,
  authorEmail: users.email,
};

type ReviewRow = { authorName: string; authorEmail: string };
const withAuthor = <T extends ReviewRow>({ authorName, authorEmail, ...row }: T) => ({ ...row, author: reviewerName(authorName, authorEmail), authorEmail });

export const REPORTS_PAGE_SIZE = 50;

/**
 * The report queue: reviews with open reports, the most reported first (then the oldest report first, so nothing
 * waits forever), each with its open reports' reasons and how often each reason was given.
 */
export async function listOpenReports() {
  const db = getDb();
  const open = db
    .select({
      reviewId: reviewReports.reviewId,
      reports: sql<number>`count(*)::int`.as("reports"),
      firstAt: sql<Date>`min(${reviewReports.createdAt})`.as("first_at"),
    })
    .from(reviewReports)
    .where(isNull(reviewReports.resolvedAt))
    .groupBy(reviewReports.reviewId)
    .as("open");
  const rows = await db
    .select({ ...reviewFields, reportCount: open.reports, firstReportedAt: open.firstAt })
    .from(open)
    .innerJoin(reviews, eq(reviews.id, open.reviewId))
    .innerJoin(tools, eq(tools.id, reviews.toolId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .orderBy(desc(open.reports), asc(open.firstAt), asc(reviews.id))
    .limit(REPORTS_PAGE_SIZE);
  const ids = rows.map((row) => row.id);
  const reports = ids.length
    ? await db
        .select({ reviewId: reviewReports.reviewId, reason: reviewReports.reason, createdAt: reviewReports.createdAt })
        .from(reviewReports)
        .where(and(inArray(reviewReports.reviewId, ids), isNull(reviewReports.resolvedAt)))
        .orderBy(asc(reviewReports.createdAt))
    : [];
  return rows.map((row) => {
    const own = reports.filter((report) => report.reviewId === row.id);
    // A reason is stored as "kind" or "kind: the reporter's words"; the kinds are counted, the words listed.
    const counts = new Map<string, number>();
    for (const report of own) {
      const kind = report.reason.split(":")[0]!.trim();
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
    }
    return {
      ...withAuthor(row),
      reportCount: Number(row.reportCount),
      reasons: [...counts].map(([reason, n]) => ({ reason, count: n })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
      details: own.map((report) => ({ text: report.reason, createdAt: report.createdAt })),
    };
  });
}

/** Reviews an editor hid, latest first, so one can be restored. */
export async function listHiddenReviews(limit = 50) {
  const rows = await getDb()
    .select(reviewFields)
    .from(reviews)
    .innerJoin(tools, eq(tools.id, reviews.toolId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(isNotNull(reviews.hiddenAt))
    .orderBy(desc(reviews.hiddenAt))
    .limit(limit);
  return rows.map(withAuthor);
}

/** Pending proofs of use, oldest first (the queue's order). */
export async function listPendingProofs() {
  const rows = await getDb()
    .select({ proofId: reviewProofs.id, submittedAt: reviewProofs.createdAt, ...reviewFields })
    .from(reviewProofs)
    .innerJoin(reviews, eq(reviews.id, reviewProofs.reviewId))
    .innerJoin(tools, eq(tools.id, reviews.toolId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .orderBy(asc(reviewProofs.createdAt), asc(reviewProofs.id));
  return rows.map(withAuthor);
}

/** One pending proof with its review, or null. */
export async function getProof(proofId: number) {
  const [row] = await getDb()
    .select({ proofId: reviewProofs.id, key: reviewProofs.key, width: reviewProofs.width, height: reviewProofs.height, submittedAt: reviewProofs.createdAt, ...reviewFields })
    .from(reviewProofs)
    .innerJoin(reviews, eq(reviews.id, reviewProofs.reviewId))
    .innerJoin(tools, eq(tools.id, reviews.toolId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviewProofs.id, proofId));
  return row ? withAuthor(row) : null;
}
