import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { toolClaims, tools, users } from "~/db/schema";
import { claimLapsedEmail, claimLinkEmail } from "~/emails/claim.server";
import {
  CLAIM_LAPSE_AFTER,
  CLAIM_RECHECK_DAYS,
  CLAIM_RECONFIRM_DAYS,
  CLAIM_RETRY_DAYS,
  CLAIM_TOKEN_HOURS,
  claimableDomains,
  judgeClaimEmail,
  tokenInFile,
  tokensInTxt,
  WELL_KNOWN_PATH,
  type ClaimMethod,
  type ClaimStatus,
} from "~/lib/claim/claims";
import type { MessageKey } from "~/lib/messages";
import { recordAudit, SYSTEM_ACTOR } from "~/models/admin/audit.server";
import { cached, CATALOGUE, invalidateTags } from "~/utils/cache.server";
import { getDb, type Db } from "~/utils/db.server";
import { lookupTxt } from "~/utils/dns-txt.server";
import { getEnv } from "~/utils/env.server";
import { AppError } from "~/utils/errors.server";
import { mailLimitError, sendWithinLimit } from "~/utils/limits.server";
import { log } from "~/utils/logger.server";
import { enqueueEmail } from "~/utils/outbox.server";
import { outboundFetch } from "~/utils/outbound-fetch.server";
import { sign, signatureHolds } from "~/utils/signing.server";
import type { Viewer } from "~/utils/request-context";

/**
 * Claiming a listing (issue 45, decision 082): a signed-in reader proves control of a tool's domain, and a job
 * re-checks the proof every 30 days. The token is never stored: it is the signature of the row's id and nonce
 * (`tokenOf`), so the claimant's page can show it again while a copy of the database cannot make one. Every change of
 * a claim writes its audit row in the same transaction.
 */

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const PURPOSE = "tool-claim";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type ClaimRow = typeof toolClaims.$inferSelect;
export type ClaimTool = { id: number; slug: string; name: string; websiteUrl: string };

/** The token of a claim as it stands: published in DNS or the file, or carried by the mailed link. */
export const tokenOf = (claim: Pick<ClaimRow, "id" | "nonce">) => sign(PURPOSE, `${claim.id}.${claim.nonce}`);
const newNonce = () => randomBytes(18).toString("base64url");

export async function getClaimTool(slug: string): Promise<ClaimTool | null> {
  const [tool] = await getDb().select({ id: tools.id, slug: tools.slug, name: tools.name, websiteUrl: tools.websiteUrl }).from(tools).where(eq(tools.slug, slug)).limit(1);
  return tool ?? null;
}

async function requireTool(slug: string): Promise<ClaimTool> {
  const tool = await getClaimTool(slug);
  if (!tool) throw new AppError("NOT_FOUND");
  return tool;
}

async function claimOf(toolId: number, userId: string, db: Pick<Db, "select"> = getDb()): Promise<ClaimRow | null> {
  const [row] = await db
    .select()
    .from(toolClaims)
    .where(and(eq(toolClaims.toolId, toolId), eq(toolClaims.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The address of the tool's claim page, and of the link mailed for the email method. */
const claimUrl = (slug: string) => `${getEnv().SITE_URL}/tools/${slug}/claim`;
const linkUrl = (slug: string, claim: Pick<ClaimRow, "id" | "nonce">) => `${claimUrl(slug)}?token=${claim.id}.${tokenOf(claim)}`;

/** What the claim page shows its reader: their claim of this tool, with its token while a DNS or file claim needs it. */
export type OwnClaim = {
  method: ClaimMethod;
  status: ClaimStatus;
  domain: string;
  email: string | null;
  token: string | null;
  tokenExpiresAt: Date | null;
  verifiedAt: Date | null;
  lastCheckedAt: Date | null;
  consecutiveFailures: number;
};

export async function getOwnClaim(toolId: number, userId: string): Promise<OwnClaim | null> {
  const claim = await claimOf(toolId, userId);
  if (!claim) return null;
  const showsToken = claim.method !== "email" && (claim.status === "pending" || claim.status === "verified");
  return {
    method: claim.method as ClaimMethod,
    status: claim.status as ClaimStatus,
    domain: claim.domain,
    email: claim.email,
    token: showsToken ? tokenOf(claim) : null,
    tokenExpiresAt: claim.tokenExpiresAt,
    verifiedAt: claim.verifiedAt,
    lastCheckedAt: claim.lastCheckedAt,
    consecutiveFailures: claim.consecutiveFailures,
  };
}

const audit = (
  tx: Tx,
  actor: Pick<Viewer, "id" | "email"> | typeof SYSTEM_ACTOR,
  action: string,
  claim: Pick<ClaimRow, "id">,
  after: Record<string, unknown>,
  before?: Record<string, unknown>,
) => recordAudit({ actor, action, targetType: "tool_claim", targetId: claim.id, before, after }, tx);

/**
 * Starts (or starts again) the viewer's claim of a tool by one method: a new nonce makes a new token and retires any
 * earlier one. By email, the link is mailed at once (within the per-address daily cap); by DNS or file, the page
 * shows the token to publish. A verified claim is not started again; a revoked one only through the editors.
 */
export async function startClaim(viewer: Viewer, input: { toolSlug: string; method: ClaimMethod; email?: string }) {
  const tool = await requireTool(input.toolSlug);
  const domains = claimableDomains(tool.websiteUrl);
  if (!domains.length) throw new AppError("INVALID_INPUT", { message: "claimNoDomain" });
  let domain = domains[0]!;
  if (input.method === "email") {
    const verdict = judgeClaimEmail(input.email ?? "", tool.websiteUrl);
    if (!verdict.ok) {
      const [message, field] = verdict.reason === "freeMail" ? (["claimFreeMail", "claimEmailFreeMail"] as const) : (["claimOtherDomain", "claimEmailOtherDomain"] as const);
      throw new AppError("INVALID_INPUT", { message, fields: { email: field } });
    }
    domain = verdict.domain;
  }
  const existing = await claimOf(tool.id, viewer.id);
  if (existing?.status === "verified") throw new AppError("CONFLICT", { message: "claimAlreadyVerified" });
  if (existing?.status === "revoked") throw new AppError("FORBIDDEN", { message: "claimRevokedBefore" });

  const write = () =>
    getDb().transaction(async (tx) => {
      const values = {
        method: input.method,
        domain,
        email: input.method === "email" ? input.email!.toLowerCase() : null,
        nonce: newNonce(),
        tokenExpiresAt: new Date(Date.now() + CLAIM_TOKEN_HOURS * HOUR),
        status: "pending",
        verifiedAt: null,
        lastCheckedAt: null,
        consecutiveFailures: 0,
        lastError: null,
        lapsedAt: null,
      } as const;
      const [claim] = await tx
        .insert(toolClaims)
        .values({ toolId: tool.id, userId: viewer.id, ...values })
        .onConflictDoUpdate({ target: [toolClaims.toolId, toolClaims.userId], set: values })
        .returning();
      await audit(tx, viewer, "claim.start", claim!, { tool: tool.slug, method: input.method, domain, email: values.email });
      if (input.method === "email") {
        await enqueueEmail(
          claimLinkEmail(
            { name: viewer.name, email: values.email! },
            { toolName: tool.name, url: linkUrl(tool.slug, claim!), again: false, validFor: `${CLAIM_TOKEN_HOURS} hours` },
          ),
          tx,
        );
      }
      return claim!;
    });

  if (input.method !== "email") {
    await write();
    return { method: input.method, domain };
  }
  // Counted per message queued, as every mail a stranger can have us send (decision 038).
  const sent = await sendWithinLimit("claimMail", input.email!.toLowerCase(), async () => {
    await write();
  });
  if (!sent.sent) throw mailLimitError(sent);
  return { method: input.method, domain };
}

/** One look at a DNS or file claim's proof: null when it holds, else what was seen (for the maker and the editors). */
export async function lookForProof(
  claim: Pick<ClaimRow, "id" | "nonce" | "method" | "domain">,
  websiteUrl: string,
  signal?: AbortSignal,
): Promise<{ message: MessageKey; seen: string } | null> {
  const token = tokenOf(claim);
  if (claim.method === "dns") {
    const answer = await lookupTxt(claim.domain);
    if (!answer.ok) return answer.error === "none" ? { message: "claimDnsMissing", seen: "no TXT records" } : { message: "claimDnsFailed", seen: "the DNS lookup failed" };
    return tokensInTxt(answer.records).includes(token) ? null : { message: "claimDnsMissing", seen: "no TXT record with the token" };
  }
  // The file on the domain itself, over https, on the website's port when it names one (the tests' fixture does).
  const port = URL.parse(websiteUrl)?.port;
  const result = await outboundFetch(`https://${claim.domain}${port ? `:${port}` : ""}${WELL_KNOWN_PATH}`, {
    readBody: true,
    maxBytes: 4_096,
    accept: "text/plain",
    signal,
    // One file per claim, asked for by a maker waiting on the page: no pause before it (one request at a time per
    // host still holds).
    hostDelayMs: 0,
  });
  if (!result.ok) return { message: "claimFileFailed", seen: `the fetch was refused or failed (${result.error})` };
  if (result.status !== 200) return { message: "claimFileMissing", seen: `HTTP ${result.status}` };
  return tokenInFile(result.body ?? "") === token ? null : { message: "claimFileMissing", seen: "the file does not hold the token" };
}

/** Checks the viewer's own pending DNS or file claim now; verified, the tool's page says so. */
export async function checkClaim(viewer: Viewer, { toolSlug }: { toolSlug: string }) {
  const tool = await requireTool(toolSlug);
  const claim = await claimOf(tool.id, viewer.id);
  if (!claim || claim.method === "email" || claim.status === "lapsed") throw new AppError("INVALID_INPUT", { message: "claimNotFound" });
  if (claim.status === "verified") throw new AppError("CONFLICT", { message: "claimAlreadyVerified" });
  if (claim.status === "revoked") throw new AppError("FORBIDDEN", { message: "claimRevokedBefore" });
  if (!claim.tokenExpiresAt || claim.tokenExpiresAt.getTime() <= Date.now()) throw new AppError("INVALID_INPUT", { message: "claimExpired" });
  const problem = await lookForProof(claim, tool.websiteUrl);
  if (problem) {
    await getDb().update(toolClaims).set({ lastError: problem.seen }).where(eq(toolClaims.id, claim.id));
    throw new AppError("INVALID_INPUT", { message: problem.message });
  }
  await markVerified(viewer, claim, tool);
  return { slug: tool.slug };
}

async function markVerified(viewer: Viewer, claim: ClaimRow, tool: ClaimTool, { rotate = false } = {}) {
  const now = new Date();
  await getDb().transaction(async (tx) => {
    await tx
      .update(toolClaims)
      // A mailed link is used once (a new nonce); a DNS or file claim keeps its token, which the re-checks look for.
      .set({ status: "verified", verifiedAt: now, lastCheckedAt: now, tokenExpiresAt: null, consecutiveFailures: 0, lastError: null, ...(rotate ? { nonce: newNonce() } : {}) })
      .where(eq(toolClaims.id, claim.id));
    await audit(tx, viewer, "claim.verify", claim, { tool: tool.slug, method: claim.method, domain: claim.domain, verifiedAt: now.toISOString() }, { status: claim.status });
  });
}

/**
 * Follows a mailed link (`<claim id>.<token>`), signed in as the account that started the claim: a pending claim is
 * verified, a verified one is confirmed again (its re-check passed). The link then stops working.
 */
export async function confirmClaimLink(viewer: Viewer, { toolSlug, token }: { toolSlug: string; token: string }) {
  const tool = await requireTool(toolSlug);
  const [idText, signature] = token.split(".", 2);
  const id = Number(idText);
  const [claim] = Number.isSafeInteger(id) && id > 0 ? await getDb().select().from(toolClaims).where(eq(toolClaims.id, id)).limit(1) : [];
  const valid = claim && claim.toolId === tool.id && claim.method === "email" && signatureHolds(PURPOSE, `${claim.id}.${claim.nonce}`, signature ?? "");
  if (!claim || !valid || !claim.tokenExpiresAt || (claim.status !== "pending" && claim.status !== "verified"))
    throw new AppError("INVALID_INPUT", { message: "claimLinkInvalid" });
  if (claim.userId !== viewer.id) throw new AppError("FORBIDDEN", { message: "claimNotYours" });
  if (claim.tokenExpiresAt.getTime() <= Date.now()) throw new AppError("INVALID_INPUT", { message: "claimExpired" });
  if (claim.status === "pending") {
    await markVerified(viewer, claim, tool, { rotate: true });
    return { slug: tool.slug, again: false };
  }
  const now = new Date();
  await getDb().transaction(async (tx) => {
    await tx.update(toolClaims).set({ lastCheckedAt: now, tokenExpiresAt: null, consecutiveFailures: 0, lastError: null, nonce: newNonce() }).where(eq(toolClaims.id, claim.id));
    await audit(tx, viewer, "claim.recheck", claim, { tool: tool.slug, method: "email", ok: true, checkedAt: now.toISOString() });
  });
  return { slug: tool.slug, again: true };
}

/** An owner withdraws a claim: the tool's page stops saying it is claimed, and the maker cannot start it again themselves. */
export async function revokeClaim(actor: Viewer, { id }: { id: number }) {
  return getDb().transaction(async (tx) => {
    const [claim] = await tx.select().from(toolClaims).where(eq(toolClaims.id, id)).limit(1);
    if (!claim) throw new AppError("NOT_FOUND");
    if (claim.status === "revoked") throw new AppError("CONFLICT", { message: "claimNotRevocable" });
    const now = new Date();
    await tx.update(toolClaims).set({ status: "revoked", revokedAt: now, revokedBy: actor.id, tokenExpiresAt: null }).where(eq(toolClaims.id, id));
    const [tool] = await tx.select({ slug: tools.slug }).from(tools).where(eq(tools.id, claim.toolId)).limit(1);
    await audit(tx, actor, "claim.revoke", claim, { status: "revoked", revokedAt: now.toISOString() }, { status: claim.status });
    return { slug: tool?.slug ?? "" };
  });
}

/** The tool page's line (only verified claims; nothing about who): the earliest verification and each method used. */
export type ClaimLine = { since: string; methods: ClaimMethod[] } | null;

export function getToolClaimLine(slug: string): Promise<{ line: ClaimLine }> {
  return cached(`tool:${slug}:claim`, [...CATALOGUE, `tool:${slug}`], async () => {
    const rows = await getDb()
      .select({ method: toolClaims.method, verifiedAt: toolClaims.verifiedAt })
      .from(toolClaims)
      .innerJoin(tools, eq(tools.id, toolClaims.toolId))
      .where(and(eq(tools.slug, slug), eq(toolClaims.status, "verified")))
      .orderBy(asc(toolClaims.verifiedAt));
    if (!rows.length || !rows[0]!.verifiedAt) return { line: null };
    return { line: { since: rows[0]!.verifiedAt.toISOString().slice(0, 10), methods: [...new Set(rows.map((row) => row.method as ClaimMethod))] } };
  });
}

/** Every claim, newest first, for /admin/claims (editors see them; owners revoke). */
export async function listClaims() {
  return getDb()
    .select({
      id: toolClaims.id,
      toolSlug: tools.slug,
      toolName: tools.name,
      userEmail: users.email,
      method: toolClaims.method,
      domain: toolClaims.domain,
      email: toolClaims.email,
      status: toolClaims.status,
      createdAt: toolClaims.createdAt,
      verifiedAt: toolClaims.verifiedAt,
      lastCheckedAt: toolClaims.lastCheckedAt,
      consecutiveFailures: toolClaims.consecutiveFailures,
      lastError: toolClaims.lastError,
      lapsedAt: toolClaims.lapsedAt,
      revokedAt: toolClaims.revokedAt,
    })
    .from(toolClaims)
    .innerJoin(tools, eq(tools.id, toolClaims.toolId))
    .innerJoin(users, eq(users.id, toolClaims.userId))
    .orderBy(desc(toolClaims.createdAt), desc(toolClaims.id))
    .limit(500);
}

export type AdminClaim = Awaited<ReturnType<typeof listClaims>>[number];

/*
 * The re-check (a job, models/claim/job.server.ts). A verified claim is due CLAIM_RECHECK_DAYS after its last check
 * that passed, and CLAIM_RETRY_DAYS after a failed one. A DNS or file claim is looked at again. An email claim is
 * mailed a new link (valid CLAIM_RECONFIRM_DAYS); a link that expires unanswered is a failed re-check, and a second
 * link follows. CLAIM_LAPSE_AFTER failures in a row lapse the claim and mail the maker.
 */
export async function runClaimRecheck({ now = new Date(), signal }: { now?: Date; signal?: AbortSignal } = {}) {
  const due = await getDb()
    .select({ claim: toolClaims, tool: { id: tools.id, slug: tools.slug, name: tools.name, websiteUrl: tools.websiteUrl }, maker: { name: users.name, email: users.email } })
    .from(toolClaims)
    .innerJoin(tools, eq(tools.id, toolClaims.toolId))
    .innerJoin(users, eq(users.id, toolClaims.userId))
    .where(
      and(
        eq(toolClaims.status, "verified"),
        sql`coalesce(${toolClaims.lastCheckedAt}, ${toolClaims.verifiedAt}) <= ${new Date(now.getTime() - CLAIM_RETRY_DAYS * DAY)}`,
        sql`(${toolClaims.consecutiveFailures} > 0 or coalesce(${toolClaims.lastCheckedAt}, ${toolClaims.verifiedAt}) <= ${new Date(now.getTime() - CLAIM_RECHECK_DAYS * DAY)})`,
        // An email claim whose link is still out waits for it.
        sql`(${toolClaims.tokenExpiresAt} is null or ${toolClaims.tokenExpiresAt} <= ${now})`,
      ),
    )
    .orderBy(asc(toolClaims.id))
    .limit(500);
  const outcomes = { passed: 0, failed: 0, lapsed: 0, mailed: 0 };
  const lapsedSlugs: string[] = [];
  for (const { claim, tool, maker } of due) {
    if (signal?.aborted) break;
    if (claim.method === "email" && !claim.tokenExpiresAt) {
      await mailReconfirmation(claim, tool, maker, now);
      outcomes.mailed++;
      continue;
    }
    const problem =
      claim.method === "email" ? { message: "claimExpired" as const, seen: "the confirmation link was not followed" } : await lookForProof(claim, tool.websiteUrl, signal);
    if (!problem) {
      await getDb().transaction(async (tx) => {
        await tx.update(toolClaims).set({ lastCheckedAt: now, consecutiveFailures: 0, lastError: null }).where(eq(toolClaims.id, claim.id));
        await audit(tx, SYSTEM_ACTOR, "claim.recheck", claim, { tool: tool.slug, method: claim.method, ok: true, checkedAt: now.toISOString() });
      });
      outcomes.passed++;
      continue;
    }
    const failures = claim.consecutiveFailures + 1;
    const lapses = failures >= CLAIM_LAPSE_AFTER;
    await getDb().transaction(async (tx) => {
      await tx
        .update(toolClaims)
        .set({
          lastCheckedAt: now,
          consecutiveFailures: failures,
          lastError: problem.seen,
          ...(lapses ? { status: "lapsed", lapsedAt: now, tokenExpiresAt: null, nonce: newNonce() } : {}),
        })
        .where(eq(toolClaims.id, claim.id));
      await audit(tx, SYSTEM_ACTOR, "claim.recheck", claim, { tool: tool.slug, method: claim.method, ok: false, seen: problem.seen, failures, checkedAt: now.toISOString() });
      if (lapses) {
        await audit(tx, SYSTEM_ACTOR, "claim.lapse", claim, { status: "lapsed", lapsedAt: now.toISOString() }, { status: "verified" });
        await enqueueEmail(claimLapsedEmail(maker, { toolName: tool.name, claimUrl: claimUrl(tool.slug), reason: problem.seen }), tx);
      }
    });
    if (lapses) {
      outcomes.lapsed++;
      lapsedSlugs.push(tool.slug);
    } else outcomes.failed++;
    // An email claim's first unanswered link is followed by a second one.
    if (!lapses && claim.method === "email") await mailReconfirmation({ ...claim, consecutiveFailures: failures }, tool, maker, now);
  }
  if (due.length) log.info("claim re-check pass", outcomes);
  // A lapsed claim leaves the tool's page (here and on every instance).
  if (lapsedSlugs.length) invalidateTags(lapsedSlugs.map((slug) => `tool:${slug}`));
  return { outcomes, lapsedSlugs };
}

async function mailReconfirmation(claim: ClaimRow, tool: ClaimTool, maker: { name: string; email: string }, now: Date) {
  const nonce = newNonce();
  await getDb().transaction(async (tx) => {
    await tx
      .update(toolClaims)
      .set({ nonce, tokenExpiresAt: new Date(now.getTime() + CLAIM_RECONFIRM_DAYS * DAY) })
      .where(eq(toolClaims.id, claim.id));
    await audit(tx, SYSTEM_ACTOR, "claim.recheck", claim, { tool: tool.slug, method: "email", mailed: claim.email, checkedAt: now.toISOString() });
    // To the address that proved the domain, which is what is being confirmed again.
    await enqueueEmail(
      claimLinkEmail(
        { name: maker.name, email: claim.email ?? maker.email },
        { toolName: tool.name, url: linkUrl(tool.slug, { id: claim.id, nonce }), again: true, validFor: `${CLAIM_RECONFIRM_DAYS} days` },
      ),
      tx,
    );
  });
}
