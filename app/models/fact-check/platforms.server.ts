import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import { factChecks, tools } from "~/db/schema";
import { dayOf, sourceUrlIssue, type Checker } from "~/lib/provenance/provenance";
import { findPlatforms, platformsCanonical } from "~/lib/tool/fact-evidence";
import type { Platform } from "~/lib/tool/platforms";
import { recordAudit } from "~/models/admin/audit.server";
import { readPage, type ReadPage } from "~/models/pricing-check/page.server";
import { factsHashOf } from "~/models/provenance/facts.server";
import type { ConfirmationView } from "~/models/provenance/queries.server";
import { CATALOGUE, cached, invalidateTags } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import type { Viewer } from "~/utils/request-context";

/**
 * Where a tool runs, sourced (issue 44): a tool's file may name the vendor's page that lists its apps
 * (`platformsSource`, with the day it was entered). The tool page then says where the list comes from and whether a
 * recorded check has read that page since: the automatic check (with the data facts, in the price check's job) when
 * the page names every platform the tool lists, or an editor who notes what the page says. A confirmation covers the
 * list as it was (`facts_hash`): a file that adds or drops a platform needs a new one.
 */

export const platformsHash = (platforms: readonly string[]) => factsHashOf(platformsCanonical(platforms));

export type PlatformsProvenance = { source: { url: string; enteredAt: string }; confirmed: ConfirmationView | null };

/** Null when the tool's file names no page for its platforms. Cached with the tool's page. */
export function getPlatformsProvenance(slug: string): Promise<PlatformsProvenance | null> {
  return cached(`tool:${slug}:platforms`, [...CATALOGUE, `tool:${slug}`], async () => {
    const [tool] = await getDb().select({ platforms: tools.platforms, source: tools.platformsSource }).from(tools).where(eq(tools.slug, slug)).limit(1);
    if (!tool?.source) return null;
    const [row] = await getDb()
      .select({ id: factChecks.id, checkedAt: factChecks.checkedAt, checkedBy: factChecks.checkedBy, sourceUrl: factChecks.sourceUrl })
      .from(factChecks)
      .where(
        and(
          eq(factChecks.subjectKind, "tool-platforms"),
          eq(factChecks.subject, slug),
          eq(factChecks.outcome, "confirmed"),
          eq(factChecks.factsHash, platformsHash(tool.platforms)),
        ),
      )
      .orderBy(desc(factChecks.checkedAt), desc(factChecks.id))
      .limit(1);
    const confirmed = row ? { id: row.id, day: dayOf(row.checkedAt), checkedBy: row.checkedBy as Checker, sourceUrl: row.sourceUrl } : null;
    return { source: tool.source, confirmed };
  });
}

export type PlatformsTarget = { slug: string; platforms: Platform[]; url: string };

/** Every tool whose file names a page for its platforms. */
export async function platformsTargets(): Promise<PlatformsTarget[]> {
  const rows = await getDb()
    .select({ slug: tools.slug, platforms: tools.platforms, source: tools.platformsSource })
    .from(tools)
    .where(isNotNull(tools.platformsSource))
    .orderBy(asc(tools.slug));
  return rows.map((row) => ({ slug: row.slug, platforms: row.platforms as Platform[], url: row.source!.url }));
}

/** The verdict on a tool's platforms from its page as read: the sentences naming each one, or why not. */
export function platformsVerdict(target: PlatformsTarget, read: ReadPage) {
  if (!read.ok) return { outcome: "needs-person", details: { finalUrl: read.finalUrl, status: read.status, error: read.error } };
  const found = findPlatforms(read.page.text, target.platforms);
  return found
    ? { outcome: "confirmed", details: { finalUrl: read.finalUrl, status: read.status, found } }
    : { outcome: "not-found", details: { finalUrl: read.finalUrl, status: read.status } };
}

/** One pass: each due tool's page read once, one `fact_checks` row each. */
export async function runPlatformsCheck({
  dueBefore,
  targets,
  signal,
  hostDelayMs,
}: { dueBefore?: Date; targets?: PlatformsTarget[]; signal?: AbortSignal; hostDelayMs?: number } = {}) {
  const outcomes: Record<string, number> = {};
  let checked = 0;
  const fresh = dueBefore
    ? new Set(
        (
          await getDb()
            .selectDistinct({ subject: factChecks.subject })
            .from(factChecks)
            .where(and(eq(factChecks.subjectKind, "tool-platforms"), eq(factChecks.checkedBy, "fetch"), sql`${factChecks.checkedAt} >= ${dueBefore}`))
        ).map((row) => row.subject),
      )
    : new Set<string>();
  for (const target of targets ?? (await platformsTargets())) {
    if (signal?.aborted) break;
    if (fresh.has(target.slug)) continue;
    const read = await readPage(target.url, { signal, hostDelayMs });
    if (signal?.aborted) break;
    const { outcome, details } = platformsVerdict(target, read);
    await getDb()
      .insert(factChecks)
      .values({ subjectKind: "tool-platforms", subject: target.slug, checkedBy: "fetch", sourceUrl: target.url, outcome, factsHash: platformsHash(target.platforms), details });
    if (outcome === "confirmed") invalidateTags([`tool:${target.slug}`]);
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    checked += 1;
  }
  return { checked, outcomes };
}

/** An editor confirms a tool's platforms on the vendor's page they read, noting what it says (audited). */
export async function confirmToolPlatforms({ slug, sourceUrl, seen }: { slug: string; sourceUrl: string; seen: string }, actor: Pick<Viewer, "id" | "email">) {
  const [tool] = await getDb().select({ platforms: tools.platforms, websiteUrl: tools.websiteUrl, source: tools.platformsSource }).from(tools).where(eq(tools.slug, slug)).limit(1);
  if (!tool?.source) throw new AppError("NOT_FOUND", { message: "confirmSubjectUnknown" });
  const issue = sourceUrlIssue(sourceUrl, tool.websiteUrl);
  if (issue) throw new AppError("INVALID_INPUT", { fields: { sourceUrl: issue.startsWith("must be on") ? "sourceUrlElsewhere" : "sourceUrlInvalid" }, field: "sourceUrl" });
  const factsHash = platformsHash(tool.platforms);
  return getDb().transaction(async (tx) => {
    const [check] = await tx
      .insert(factChecks)
      .values({ subjectKind: "tool-platforms", subject: slug, checkedBy: "editor", editorId: actor.id, sourceUrl, outcome: "confirmed", factsHash, details: { seen } })
      .returning({ id: factChecks.id });
    await recordAudit(
      { actor, action: "platforms.confirm", targetType: "tool", targetId: slug, after: { platforms: tool.platforms, sourceUrl, seen, factsHash, check: check!.id } },
      tx,
    );
    return { slug };
  });
}
