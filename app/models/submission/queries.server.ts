import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { categories, tools, toolSubmissions, users } from "~/db/schema";
import type { SubmissionStatus } from "~/lib/submission/submissions";
import { getDb, type Db } from "~/utils/db.server";

/**
 * Reads of maker submissions. The queue and a submission's page are the editors' (never cached: only admin pages
 * show them); the submitter's own list is `listOwnSubmissions` (models/account/profile.server.ts).
 */

type Reader = Pick<Db, "select">;

/** A listed tool's website as a duplicate key in SQL: the host, lower case, without `www.` (lib/submission/submissions.ts `toolDomain`). */
export const toolDomainSql = (url: SQL | typeof tools.websiteUrl) =>
  sql<string>`regexp_replace(rtrim(lower(substring(${url} from '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^@/]*@)?([^/:?#]+)')), '.'), '^www\\.', '')`;

export type Duplicate = { kind: "listed"; name: string; slug: string } | { kind: "submitted" };

/**
 * The tool or live submission (pending or approved) that already has this website's domain, if any: a listed tool
 * first, since the page can link to it. `exceptSubmission` leaves the submission being edited out.
 */
export async function findDuplicate(domain: string, { exceptSubmission, db = getDb() }: { exceptSubmission?: number; db?: Reader } = {}): Promise<Duplicate | null> {
  const [listed] = await db
    .select({ name: tools.name, slug: tools.slug })
    .from(tools)
    .where(sql`${toolDomainSql(tools.websiteUrl)} = ${domain}`)
    .limit(1);
  if (listed) return { kind: "listed", ...listed };
  const [submitted] = await db
    .select({ id: toolSubmissions.id })
    .from(toolSubmissions)
    .where(
      and(eq(toolSubmissions.domain, domain), inArray(toolSubmissions.status, ["pending", "approved"]), exceptSubmission ? ne(toolSubmissions.id, exceptSubmission) : undefined),
    )
    .limit(1);
  return submitted ? { kind: "submitted" } : null;
}

export async function countPendingSubmissions(): Promise<number> {
  const [row] = await getDb().select({ value: count() }).from(toolSubmissions).where(eq(toolSubmissions.status, "pending"));
  return row?.value ?? 0;
}

export const QUEUE_PAGE_SIZE = 25;

/** The editors' queue: one status at a time, oldest pending first (first come, first served), reviewed ones newest first. */
export async function listSubmissions({ status, page }: { status: SubmissionStatus; page: number }) {
  const db = getDb();
  const order = status === "pending" ? [asc(toolSubmissions.createdAt), asc(toolSubmissions.id)] : [desc(toolSubmissions.reviewedAt), desc(toolSubmissions.id)];
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: toolSubmissions.id,
        name: toolSubmissions.name,
        domain: toolSubmissions.domain,
        categoryName: categories.name,
        makerRole: toolSubmissions.makerRole,
        status: toolSubmissions.status,
        createdAt: toolSubmissions.createdAt,
        reviewedAt: toolSubmissions.reviewedAt,
        submitterName: users.name,
        submitterEmail: users.email,
      })
      .from(toolSubmissions)
      .innerJoin(users, eq(users.id, toolSubmissions.userId))
      .innerJoin(categories, eq(categories.slug, toolSubmissions.categorySlug))
      .where(eq(toolSubmissions.status, status))
      .orderBy(...order)
      .limit(QUEUE_PAGE_SIZE)
      .offset((page - 1) * QUEUE_PAGE_SIZE),
    db.select({ status: toolSubmissions.status, value: count() }).from(toolSubmissions).groupBy(toolSubmissions.status),
  ]);
  const totals = { pending: 0, approved: 0, rejected: 0 } as Record<SubmissionStatus, number>;
  for (const row of counts) totals[row.status as SubmissionStatus] = row.value;
  return { rows, totals, pageCount: Math.max(1, Math.ceil(totals[status] / QUEUE_PAGE_SIZE)) };
}

const reviewers = alias(users, "reviewers");

/** One submission with its submitter, its reviewer and the tool it became, for the editor's page. */
export async function getSubmission(id: number) {
  const [row] = await getDb()
    .select({
      submission: toolSubmissions,
      submitterName: users.name,
      submitterEmail: users.email,
      reviewerEmail: reviewers.email,
      toolSlug: tools.slug,
    })
    .from(toolSubmissions)
    .innerJoin(users, eq(users.id, toolSubmissions.userId))
    .leftJoin(reviewers, eq(reviewers.id, toolSubmissions.reviewedBy))
    .leftJoin(tools, eq(tools.id, toolSubmissions.toolId))
    .where(eq(toolSubmissions.id, id))
    .limit(1);
  if (!row) return null;
  const duplicate = row.submission.status === "pending" ? await findDuplicate(row.submission.domain, { exceptSubmission: id }) : null;
  return { ...row, duplicate };
}

export type SubmissionDetail = NonNullable<Awaited<ReturnType<typeof getSubmission>>>;

/** Categories for the form's select, in the directory's order. */
export function listCategoryChoices() {
  return getDb().select({ slug: categories.slug, name: categories.name }).from(categories).orderBy(asc(categories.sortOrder), asc(categories.name));
}
