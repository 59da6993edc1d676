import { eq, sql } from "drizzle-orm";
import { categories, tools, toolSubmissions, users } from "~/db/schema";
import { submissionApprovedEmail, submissionRejectedEmail } from "~/emails/submission.server";
import { toolDomain, type MakerRole, type PricingModel } from "~/lib/submission/submissions";
import { recordAudit } from "~/models/admin/audit.server";
import { storeAlternativeCounts } from "~/models/tool/alternatives.server";
import { getDb, type Db } from "~/utils/db.server";
import type { Email } from "~/utils/email.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { enqueueEmail } from "~/utils/outbox.server";
import type { Viewer } from "~/utils/request-context";
import { findDuplicate, type Duplicate } from "./queries.server";
import { getCurrencyRates } from "~/models/content/currency-rates.server";
import { toolColumnsFromSubmission } from "./tool-row";

/** What /submit takes, and what the editor may correct. */
export type SubmissionFields = {
  name: string;
  websiteUrl: string;
  categorySlug: string;
  tagline: string;
  description: string;
  pricingText: string;
  pricingModel: PricingModel;
  hasFreeTrial: boolean;
};

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

function domainOf(url: string): string {
  const domain = toolDomain(url);
  if (!domain) throw new AppError("INVALID_INPUT", { message: "submissionInvalid", fields: { websiteUrl: "toolUrlInvalid" } });
  return domain;
}

/** A category the form's select did not offer (a forged post) is refused like a missing one, not left to the foreign key. */
async function assertCategory(slug: string, db: Pick<Db, "select"> = getDb()) {
  const [row] = await db.select({ slug: categories.slug }).from(categories).where(eq(categories.slug, slug)).limit(1);
  if (!row) throw new AppError("INVALID_INPUT", { message: "submissionInvalid", fields: { categorySlug: "categoryRequired" } });
}

/** A duplicate as a refusal: a listed tool is named (the page links to it), a waiting submission is only mentioned. */
function duplicateError(duplicate: Duplicate): AppError {
  return duplicate.kind === "listed"
    ? new AppError("CONFLICT", { message: "submissionDuplicate", fields: { websiteUrl: "toolUrlListed" }, data: { duplicate } })
    : new AppError("CONFLICT", { message: "submissionPendingDuplicate", fields: { websiteUrl: "toolUrlSubmitted" }, data: { duplicate } });
}

/** A signed-in reader proposes a tool; refused when its website's domain is already listed or waiting for review. */
export async function createSubmission(viewer: Pick<Viewer, "id">, fields: SubmissionFields & { makerRole: MakerRole }) {
  const domain = domainOf(fields.websiteUrl);
  await assertCategory(fields.categorySlug);
  const duplicate = await findDuplicate(domain);
  if (duplicate) throw duplicateError(duplicate);
  const [row] = await getDb()
    .insert(toolSubmissions)
    .values({ ...fields, domain, userId: viewer.id })
    .returning({ id: toolSubmissions.id, name: toolSubmissions.name });
  return row!;
}

/** The pending submission, locked for the rest of the transaction; refused once it has been reviewed. */
async function lockPending(tx: Tx, id: number) {
  const [row] = await tx.select().from(toolSubmissions).where(eq(toolSubmissions.id, id)).for("update");
  if (!row) throw new AppError("NOT_FOUND", { message: "submissionNotFound" });
  if (row.status !== "pending") throw new AppError("CONFLICT", { message: "submissionNotPending" });
  return row;
}

const EDITABLE = ["name", "websiteUrl", "categorySlug", "tagline", "description", "pricingText", "pricingModel", "hasFreeTrial"] as const;

/** The fields an edit changes, as they were and as they are (the audit row's before/after). */
function changes(before: Record<(typeof EDITABLE)[number], unknown>, after: SubmissionFields) {
  const changed = EDITABLE.filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

/** The editor corrects a pending submission's fields before deciding. */
export async function updateSubmission(actor: Viewer, id: number, fields: SubmissionFields) {
  const domain = domainOf(fields.websiteUrl);
  return getDb().transaction(async (tx) => {
    const current = await lockPending(tx, id);
    await assertCategory(fields.categorySlug, tx);
    const { before, after } = changes(current, fields);
    await tx
      .update(toolSubmissions)
      .set({ ...fields, domain, updatedAt: new Date() })
      .where(eq(toolSubmissions.id, id));
    await recordAudit({ actor, action: "submission.edit", targetType: "submission", targetId: id, before, after }, tx);
    return { id, changed: Object.keys(after).length };
  });
}

/**
 * The outcome email, put in the outbox in the decision's transaction (decision 032): it goes out once the decision
 * commits, however long the mail server is down, and never for a decision that rolled back.
 */
async function tellSubmitter(tx: Tx, userId: string, build: (to: { name: string; email: string }, siteUrl: string) => Email) {
  const [to] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  if (to) await enqueueEmail(build(to, getEnv().SITE_URL), tx);
}

/**
 * The editor approves a pending submission, with their corrections: it becomes a community tool (its own id range,
 * `source = 'community'`, never touched by the content sync), listed at once. A slug or domain another tool has is
 * refused in words; the submission, the tool and the audit row are one transaction.
 */
export async function approveSubmission(actor: Viewer, id: number, fields: SubmissionFields & { slug: string }) {
  const domain = domainOf(fields.websiteUrl);
  const today = new Date().toISOString().slice(0, 10);
  const result = await getDb().transaction(async (tx) => {
    const current = await lockPending(tx, id);
    await assertCategory(fields.categorySlug, tx);
    const [taken] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.slug, fields.slug)).limit(1);
    if (taken) throw new AppError("CONFLICT", { message: "submissionSlugTaken", fields: { slug: "slugTaken" } });
    const duplicate = await findDuplicate(domain, { exceptSubmission: id, db: tx });
    if (duplicate?.kind === "listed") throw duplicateError(duplicate);
    const [tool] = await tx
      .insert(tools)
      .values({ id: sql`nextval('community_tool_ids')`, ...toolColumnsFromSubmission(fields, today, getCurrencyRates()) })
      .returning({ id: tools.id, slug: tools.slug });
    const { slug: _slug, ...submitted } = fields;
    const edits = changes(current, submitted);
    await tx
      .update(toolSubmissions)
      .set({ ...submitted, domain, status: "approved", toolId: tool!.id, reviewedBy: actor.id, reviewedAt: new Date(), updatedAt: new Date() })
      .where(eq(toolSubmissions.id, id));
    // The typo lexicon learns the new name (drizzle/0010_courses.sql), as the content sync does for editorial tools.
    await tx.execute(sql`refresh materialized view search_words`);
    await storeAlternativeCounts(tx);
    await recordAudit(
      {
        actor,
        action: "submission.approve",
        targetType: "submission",
        targetId: id,
        before: { status: "pending", ...edits.before },
        after: { status: "approved", toolId: tool!.id, slug: tool!.slug, ...edits.after },
      },
      tx,
    );
    await tellSubmitter(tx, current.userId, (to, siteUrl) => submissionApprovedEmail(to, { toolName: fields.name, slug: tool!.slug, siteUrl }));
    return { id, toolId: tool!.id, slug: tool!.slug, name: fields.name, userId: current.userId };
  });
  return { id: result.id, toolId: result.toolId, slug: result.slug };
}

/** The editor rejects a pending submission with a reason the submitter is emailed and sees on their profile. */
export async function rejectSubmission(actor: Viewer, id: number, reason: string) {
  const result = await getDb().transaction(async (tx) => {
    const current = await lockPending(tx, id);
    await tx
      .update(toolSubmissions)
      .set({ status: "rejected", rejectionReason: reason, reviewedBy: actor.id, reviewedAt: new Date(), updatedAt: new Date() })
      .where(eq(toolSubmissions.id, id));
    await recordAudit({ actor, action: "submission.reject", targetType: "submission", targetId: id, before: { status: "pending" }, after: { status: "rejected", reason } }, tx);
    await tellSubmitter(tx, current.userId, (to, siteUrl) => submissionRejectedEmail(to, { toolName: current.name, reason, siteUrl }));
    return { id, name: current.name, userId: current.userId };
  });
  return { id: result.id };
}
