import { and, desc, eq, sql } from "drizzle-orm";
import { proposalAcceptedEmail, proposalRejectedEmail } from "~/emails/proposal.server";
import { PROPOSAL_FIELD_WORDS } from "~/lib/maker/proposal-fields";
import type { Email } from "~/utils/email.server";
import { getEnv } from "~/utils/env.server";
import { enqueueEmail } from "~/utils/outbox.server";
import { factChecks, makerProposals, toolClaims, toolDataFacts, toolListingOverrides, tools, users, type MakerProposalField, type MakerProposalStatus } from "~/db/schema";
import { canonicalJson, sourceUrlIssue } from "~/lib/provenance/provenance";
import type { ListingField } from "~/lib/tool/listing-fields";
import type { DataFact, DataFactKind, DataFactTier, FactValue } from "~/lib/tool/data-facts";
import { factSubject } from "~/lib/tool/fact-evidence";
import { factProposalText, isProposableFact } from "~/lib/tool/fact-proposal";
import type { PricingFacts } from "~/lib/tool/pricing-edit";
import type { Platform } from "~/lib/tool/platforms";
import type { LogoState } from "~/lib/tool/tool-logo";
import { recordAudit } from "~/models/admin/audit.server";
import { factHash } from "~/models/fact-check/hash.server";
import { writeFactOverride } from "~/models/tool/fact-overrides.server";
import { recordToolChanges } from "~/models/tool/changes.server";
import { acceptedLogoKey, logoStateOf, uploadKeyOf, writeAcceptedLogo } from "~/models/tool/logo.server";
import { writeToolPricing } from "~/models/tool/pricing-overrides.server";
import { getDb, type Db } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import type { Viewer } from "~/utils/request-context";
import { deleteUpload } from "~/utils/storage.server";

/**
 * Makers' proposed changes to their listings (issue 45, decision 084). A reader with a verified claim of a tool
 * proposes a new value for one field (pricing, description, website, platforms, logo, or one data or security fact)
 * with a page on the tool's own domain that says so; nothing is live until an editor accepts it. Accepting writes
 * through the editors' own write path (`writeToolPricing` for prices; `writeAcceptedLogo` for a logo,
 * models/tool/logo.server.ts; the listing write and the fact write below for the rest), in one transaction with the
 * proposal's decision and its audit row; the change rows say "proposed by the maker" and name the source page. A
 * proposal is a diff against the value it was made on: if the listing changed since, it can no longer be accepted.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Actor = Pick<Viewer, "id" | "email">;

/** A listing field's column on the tools row (the logo has none: models/tool/logo.server.ts keeps it as an override). */
type ColumnField = Exclude<ListingField, "logo">;
const COLUMN_OF = { description: "description", website: "websiteUrl", platforms: "platforms" } as const satisfies Record<ColumnField, string>;

/** A data or security fact as a maker proposes it: one of the kind's closed values, with their page as its source. */
export type ProposedFact = { fact: DataFactKind; tier: DataFactTier; value: string; source: string };

export type ProposedValue =
  | { field: "pricing"; value: PricingFacts }
  | { field: "description" | "website"; value: string }
  | { field: "platforms"; value: Platform[] }
  | { field: "data-fact"; value: ProposedFact }
  | { field: "logo"; value: LogoState };
export type ProposalInput = ProposedValue & { toolSlug: string; sourceUrl: string; note?: string };

const listingColumns = {
  id: tools.id,
  slug: tools.slug,
  name: tools.name,
  source: tools.source,
  websiteUrl: tools.websiteUrl,
  description: tools.description,
  platforms: tools.platforms,
  pricingModel: tools.pricingModel,
  plans: tools.plans,
  hasFreeTrial: tools.hasFreeTrial,
};
type ListingRow = { [K in keyof typeof listingColumns]: (typeof listingColumns)[K]["_"]["data"] };

/**
 * The field's value as listed now: what a proposal is a diff against. A data fact is the tool's fact of the proposed
 * kind and tier (its value only: a reworded detail is no change), null when the tool lists none; `facts` are the
 * tool's as stored (null without a row). The logo is what pages draw (`logoKey`: the tool's accepted image, if any).
 */
export function currentValue(tool: ListingRow, field: MakerProposalField, facts: readonly DataFact[] | null = null, proposed?: unknown, logoKey: string | null = null): unknown {
  if (field === "pricing") return { pricingModel: tool.pricingModel, plans: tool.plans, hasFreeTrial: tool.hasFreeTrial } satisfies PricingFacts;
  if (field === "logo") return logoStateOf(tool.slug, logoKey);
  if (field === "data-fact") {
    const { fact, tier } = proposed as ProposedFact;
    const listed = facts?.find((candidate) => candidate.fact === fact && candidate.tier === tier);
    return listed ? ({ fact, tier, value: listed.value } satisfies FactValue) : null;
  }
  return tool[COLUMN_OF[field]];
}

/** The tool's data facts as stored, null when it has no row; locked with `lock` (an accept). */
async function storedFacts(tx: Pick<Db, "select">, slug: string, lock = false): Promise<DataFact[] | null> {
  const query = tx.select({ facts: toolDataFacts.facts }).from(toolDataFacts).where(eq(toolDataFacts.toolSlug, slug));
  const [row] = await (lock ? query.for("update") : query).limit(1);
  return row?.facts ?? null;
}

/** A proposal's value as listed now, the tool's facts read for a data fact, its accepted logo for the logo. */
const listedNow = async (tx: Pick<Db, "select">, tool: ListingRow, field: MakerProposalField, proposed: unknown, lock = false) =>
  currentValue(tool, field, field === "data-fact" ? await storedFacts(tx, tool.slug, lock) : null, proposed, field === "logo" ? await acceptedLogoKey(tx, tool.id) : null);

/** A data fact proposed is compared with the listed one by its kind, tier and value (its page is the maker's). */
function comparable(field: MakerProposalField, value: unknown): unknown {
  if (field !== "data-fact") return value;
  const { fact, tier, value: stated } = value as ProposedFact;
  return { fact, tier, value: stated } satisfies FactValue;
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/** The listing of a tool the viewer holds a verified claim of, with the claim's date and method; null for anyone else (a lapsed or revoked claim too). */
async function claimedListing(db: Pick<Db, "select">, viewer: Pick<Viewer, "id">, slug: string) {
  const [row] = await db
    .select({ tool: listingColumns, claim: { verifiedAt: toolClaims.verifiedAt, method: toolClaims.method } })
    .from(tools)
    .innerJoin(toolClaims, and(eq(toolClaims.toolId, tools.id), eq(toolClaims.userId, viewer.id), eq(toolClaims.status, "verified")))
    .where(eq(tools.slug, slug))
    .limit(1);
  return row ?? null;
}

export async function requireClaimedListing(db: Pick<Db, "select">, viewer: Pick<Viewer, "id">, slug: string): Promise<ListingRow> {
  const row = await claimedListing(db, viewer, slug);
  if (!row) throw new AppError("FORBIDDEN", { message: "makerClaimRequired" });
  return row.tool;
}

const audit = (tx: Tx, actor: Actor, action: string, proposal: { id: number }, after: Record<string, unknown>, before?: Record<string, unknown>) =>
  recordAudit({ actor, action, targetType: "maker_proposal", targetId: proposal.id, before, after }, tx);

/**
 * A maker's proposal, queued for the editors. Refused: without a verified claim of the tool; with a source page off
 * the tool's domain; when it changes nothing; while the maker's earlier proposal of that field still waits.
 */
export async function proposeChange(viewer: Viewer, input: ProposalInput) {
  return getDb().transaction(async (tx) => {
    const tool = await requireClaimedListing(tx, viewer, input.toolSlug);
    if (sourceUrlIssue(input.sourceUrl, tool.websiteUrl)) {
      throw new AppError("INVALID_INPUT", { message: "proposalInvalid", fields: { sourceUrl: "proposalSourceElsewhere" }, field: "sourceUrl" });
    }
    if (input.field === "data-fact" && (!isProposableFact(input.value.fact, input.value.value) || input.value.source !== input.sourceUrl)) {
      throw new AppError("INVALID_INPUT", { message: "proposalInvalid", fields: { factValue: "factValueNotAllowed" }, field: "factValue" });
    }
    const before = await listedNow(tx, tool, input.field, input.value);
    if (same(before, comparable(input.field, input.value))) throw new AppError("INVALID_INPUT", { message: "proposalNoChange" });
    // One waiting proposal per field; for data facts, per kind and tier.
    const sameFact =
      input.field === "data-fact" ? and(sql`${makerProposals.proposed}->>'fact' = ${input.value.fact}`, sql`${makerProposals.proposed}->>'tier' = ${input.value.tier}`) : undefined;
    const [waiting] = await tx
      .select({ id: makerProposals.id })
      .from(makerProposals)
      .where(and(eq(makerProposals.toolId, tool.id), eq(makerProposals.userId, viewer.id), eq(makerProposals.field, input.field), eq(makerProposals.status, "pending"), sameFact))
      .limit(1);
    if (waiting) throw new AppError("CONFLICT", { message: "proposalWaiting" });
    const [row] = await tx
      .insert(makerProposals)
      // A fact the tool does not list yet is a JSON null (the column is never SQL null).
      .values({
        toolId: tool.id,
        userId: viewer.id,
        field: input.field,
        before: before ?? sql`'null'::jsonb`,
        proposed: input.value,
        sourceUrl: input.sourceUrl,
        note: input.note || null,
      })
      .returning({ id: makerProposals.id });
    await audit(tx, viewer, "proposal.create", row!, { tool: tool.slug, field: input.field, proposed: input.value, sourceUrl: input.sourceUrl, note: input.note ?? null });
    return { slug: tool.slug, id: row!.id };
  });
}

async function lockPending(tx: Tx, id: number) {
  const [proposal] = await tx.select().from(makerProposals).where(eq(makerProposals.id, id)).for("update").limit(1);
  if (!proposal) throw new AppError("NOT_FOUND");
  if (proposal.status !== "pending") throw new AppError("CONFLICT", { message: "proposalDecided" });
  const [tool] = await tx.select(listingColumns).from(tools).where(eq(tools.id, proposal.toolId)).for("update").limit(1);
  if (!tool) throw new AppError("NOT_FOUND");
  return { proposal, tool };
}

/**
 * A description, website or platforms change (never pricing, which has its own write): the row at once, and for an
 * editorial tool an override the content sync lays over its file, with its dated change row.
 */
async function writeListing(tx: Tx, tool: ListingRow, field: ColumnField, value: unknown, actor: Actor, origin: { proposalId: number; sourceUrl: string }) {
  const facts = field !== "description";
  await tx
    .update(tools)
    .set({ [COLUMN_OF[field]]: value, updatedAt: sql`now()`, ...(facts ? { factsChangedAt: sql`now()` } : {}) })
    .where(eq(tools.id, tool.id));
  if (tool.source === "editorial") {
    const values = { value, proposalId: origin.proposalId, editorId: actor.id, updatedAt: sql`now()` };
    await tx
      .insert(toolListingOverrides)
      .values({ toolId: tool.id, field, ...values })
      .onConflictDoUpdate({ target: [toolListingOverrides.toolId, toolListingOverrides.field], set: values });
  }
  const change = { kind: "listing-changed" as const, planName: null, before: { field, value: currentValue(tool, field) }, after: { field, value } };
  await recordToolChanges(tx, { toolId: tool.id, changes: [change], source: "maker", sourceUrl: origin.sourceUrl });
}

/**
 * A data or security fact (decision 081): written into the tool's facts and kept as an override the sync lays over the
 * file, entered today with the maker's page as its source; its dated change row; and the editor's confirmation of it,
 * since they read that page, whose receipt says the maker proposed it.
 */
async function writeDataFact(tx: Tx, tool: ListingRow, proposed: ProposedFact, actor: Actor, origin: { proposalId: number; sourceUrl: string }, seen: string) {
  const fact: DataFact = { fact: proposed.fact, tier: proposed.tier, value: proposed.value, source: proposed.source, enteredAt: new Date().toISOString().slice(0, 10) };
  const was = await writeFactOverride(tx, tool, fact, { proposalId: origin.proposalId, editorId: actor.id });
  const change = {
    kind: "data-fact-changed" as const,
    planName: null,
    before: was ? ({ fact: was.fact, tier: was.tier, value: was.value } satisfies FactValue) : null,
    after: { fact: fact.fact, tier: fact.tier, value: fact.value } satisfies FactValue,
  };
  await recordToolChanges(tx, { toolId: tool.id, changes: [change], source: "maker", sourceUrl: origin.sourceUrl });
  await tx.insert(factChecks).values({
    subjectKind: "tool-fact",
    subject: factSubject(tool.slug, fact),
    checkedBy: "editor",
    editorId: actor.id,
    sourceUrl: origin.sourceUrl,
    outcome: "confirmed",
    factsHash: factHash(fact),
    // The receipt says the fact came from the maker's proposal (issue 45).
    details: { seen, proposedBy: "maker", proposalId: origin.proposalId },
  });
}

/**
 * The maker hears the decision either way, by a mail put in the outbox in the decision's transaction (decision 032):
 * it goes out once the decision commits, and never for one that rolled back. An account deleted since has no mail.
 */
async function tellMaker(tx: Tx, userId: string, build: (to: { name: string; email: string }, siteUrl: string) => Email) {
  const [to] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  if (to) await enqueueEmail(build(to, getEnv().SITE_URL), tx);
}

/**
 * An editor accepts a proposal after reading its source page (`seen`: what matched there, the receipt's words for
 * prices). The listing changes at once; the change rows say the maker proposed it; watchers hear of it with the next
 * alert run. Refused when the listing changed since the proposal was made.
 */
export async function acceptProposal(editor: Actor, { id, seen }: { id: number; seen: string }) {
  return getDb().transaction(async (tx) => {
    const { proposal, tool } = await lockPending(tx, id);
    if (!same(await listedNow(tx, tool, proposal.field, proposal.proposed, true), proposal.before)) throw new AppError("CONFLICT", { message: "proposalStale" });
    const origin = { proposalId: proposal.id, sourceUrl: proposal.sourceUrl };
    if (proposal.field === "pricing") {
      await writeToolPricing(tx, { slug: tool.slug, facts: proposal.proposed as PricingFacts, sourceUrl: proposal.sourceUrl, seen }, editor, origin);
    } else if (proposal.field === "data-fact") {
      await writeDataFact(tx, tool, proposal.proposed as ProposedFact, editor, origin, seen);
    } else if (proposal.field === "logo") {
      const logo = { before: proposal.before as LogoState, after: proposal.proposed as LogoState };
      await writeAcceptedLogo(tx, { toolId: tool.id, ...logo, editorId: editor.id, ...origin });
    } else {
      await writeListing(tx, tool, proposal.field, proposal.proposed, editor, origin);
    }
    await tx
      .update(makerProposals)
      .set({ status: "accepted", decidedBy: editor.id, decidedAt: sql`now()`, decisionNote: seen })
      .where(eq(makerProposals.id, id));
    await audit(
      tx,
      editor,
      "proposal.accept",
      proposal,
      { status: "accepted", tool: tool.slug, field: proposal.field, value: proposal.proposed, seen },
      { value: proposal.before },
    );
    await tellMaker(tx, proposal.userId, (to, site) =>
      proposalAcceptedEmail(to, {
        toolName: tool.name,
        what: PROPOSAL_FIELD_WORDS[proposal.field],
        toolUrl: `${site}/tools/${tool.slug}`,
        pageUrl: `${site}/maker/tools/${tool.slug}`,
      }),
    );
    return { slug: tool.slug };
  });
}

/**
 * An editor turns a proposal down with a reason the maker reads on /maker. Nothing on the listing changes; a proposed
 * logo's image, never public, is deleted after the commit.
 */
export async function rejectProposal(editor: Actor, { id, reason }: { id: number; reason: string }) {
  const rejected = await getDb().transaction(async (tx) => {
    const { proposal, tool } = await lockPending(tx, id);
    await tx
      .update(makerProposals)
      .set({ status: "rejected", decidedBy: editor.id, decidedAt: sql`now()`, decisionNote: reason })
      .where(eq(makerProposals.id, id));
    await audit(tx, editor, "proposal.reject", proposal, { status: "rejected", tool: tool.slug, field: proposal.field, reason });
    await tellMaker(tx, proposal.userId, (to, site) =>
      proposalRejectedEmail(to, { toolName: tool.name, what: PROPOSAL_FIELD_WORDS[proposal.field], reason, pageUrl: `${site}/maker/tools/${tool.slug}` }),
    );
    return { slug: tool.slug, image: proposal.field === "logo" ? uploadKeyOf(proposal.proposed) : null };
  });
  await deleteUpload(rejected.image);
  return { slug: rejected.slug };
}

/** Every accepted listing value, by tool id: the content sync lays them over the files, as it does editors' pricing. */
export async function readListingOverrides(db: Pick<Db, "select">): Promise<Map<number, Partial<Record<(typeof COLUMN_OF)[ColumnField], unknown>>>> {
  const rows = await db.select({ toolId: toolListingOverrides.toolId, field: toolListingOverrides.field, value: toolListingOverrides.value }).from(toolListingOverrides);
  const byTool = new Map<number, Partial<Record<(typeof COLUMN_OF)[ColumnField], unknown>>>();
  for (const row of rows) {
    // The logo is no column: models/tool/logo.server.ts reads its override, which the sync leaves in place.
    if (row.field === "logo") continue;
    byTool.set(row.toolId, { ...byTool.get(row.toolId), [COLUMN_OF[row.field]]: row.value });
  }
  return byTool;
}

/**
 * A data fact's sides as the pages print them ("SOC 2 Type II report (All plans): Yes", "Not listed"), worded here so
 * the proposal pages do not load the facts' vocabulary (their first-load budgets); other fields stay values.
 */
function inWords<P extends Pick<ProposalView, "field" | "before" | "proposed">>(proposal: P): P {
  if (proposal.field !== "data-fact") return proposal;
  type Side = Parameters<typeof factProposalText>[0];
  return { ...proposal, before: factProposalText(proposal.before as Side), proposed: factProposalText(proposal.proposed as Side) };
}

export type ProposalView = {
  id: number;
  field: MakerProposalField;
  before: unknown;
  proposed: unknown;
  sourceUrl: string;
  note: string | null;
  status: MakerProposalStatus;
  decisionNote: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};

const proposalColumns = {
  id: makerProposals.id,
  field: makerProposals.field,
  before: makerProposals.before,
  proposed: makerProposals.proposed,
  sourceUrl: makerProposals.sourceUrl,
  note: makerProposals.note,
  status: makerProposals.status,
  decisionNote: makerProposals.decisionNote,
  createdAt: makerProposals.createdAt,
  decidedAt: makerProposals.decidedAt,
};

/**
 * One claimed listing as its maker edits it: the values as listed now, the claim, and the maker's own proposals, newest
 * first. Null unless the viewer holds a verified claim of it: another maker's listing is no page for them.
 */
export async function getMakerListing(viewer: Pick<Viewer, "id">, slug: string) {
  const listing = await claimedListing(getDb(), viewer, slug);
  if (!listing) return null;
  const { tool, claim } = listing;
  const facts = (await storedFacts(getDb(), tool.slug)) ?? [];
  const proposals: ProposalView[] = await getDb()
    .select(proposalColumns)
    .from(makerProposals)
    .where(and(eq(makerProposals.toolId, tool.id), eq(makerProposals.userId, viewer.id)))
    .orderBy(desc(makerProposals.createdAt), desc(makerProposals.id))
    .limit(50);
  return { tool, claim, proposals: proposals.map(inWords), facts };
}

export type EditorProposal = ProposalView & { toolSlug: string; toolName: string; makerEmail: string; stale: boolean };

/** The editors' queue: waiting proposals oldest first, then the latest decided ones; `stale` when the listing changed since. */
export async function listProposalsForEditors(): Promise<{ waiting: EditorProposal[]; decided: EditorProposal[] }> {
  const rows = await getDb()
    .select({
      ...proposalColumns,
      toolSlug: tools.slug,
      toolName: tools.name,
      makerEmail: users.email,
      tool: listingColumns,
      facts: toolDataFacts.facts,
      logo: toolListingOverrides.value,
    })
    .from(makerProposals)
    .innerJoin(tools, eq(tools.id, makerProposals.toolId))
    .innerJoin(users, eq(users.id, makerProposals.userId))
    .leftJoin(toolDataFacts, eq(toolDataFacts.toolSlug, tools.slug))
    .leftJoin(toolListingOverrides, and(eq(toolListingOverrides.toolId, tools.id), eq(toolListingOverrides.field, "logo")))
    .orderBy(
      sql`${makerProposals.status} = 'pending' desc`,
      sql`case when ${makerProposals.status} = 'pending' then ${makerProposals.createdAt} end asc`,
      desc(makerProposals.decidedAt),
    )
    .limit(200);
  const views = rows.map(({ tool, facts, logo, ...row }) =>
    inWords({ ...row, stale: row.status === "pending" && !same(currentValue(tool, row.field, facts, row.proposed, uploadKeyOf(logo)), row.before) }),
  );
  return { waiting: views.filter((row) => row.status === "pending"), decided: views.filter((row) => row.status !== "pending").slice(0, 30) };
}

/** How many proposals wait for an editor: the price tasks' page and the admin area name it. */
export async function countWaitingProposals(): Promise<number> {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(makerProposals)
    .where(eq(makerProposals.status, "pending"));
  return Number(row?.n ?? 0);
}
