import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { factChecks, toolDataFacts, tools, users } from "~/db/schema";
import { dayOf, type Checker } from "~/lib/provenance/provenance";
import { factKey, sortedFacts, type DataFact } from "~/lib/tool/data-facts";
import { checkable, factSubject } from "~/lib/tool/fact-evidence";
import { getDb } from "~/utils/db.server";
import type { FactCheckDetails } from "./checks.server";
import { factHash } from "./hash.server";
import { platformsHash } from "./platforms.server";

/**
 * The facts editor's reads (issue 44): for each tool with a facts file, which facts a recorded check confirms as
 * they are now, and what the automatic check last found for the others, so an editor knows which pages to read.
 */

export type FactState = {
  fact: DataFact;
  key: string;
  /** Whether the automatic check can confirm it (a value a sentence can state, with a source). */
  checkable: boolean;
  confirmed: { id: number; day: string; checkedBy: Checker; editorName: string | null; sourceUrl: string } | null;
  /** The automatic check's latest verdict on it, when it is not a confirmation of the fact as it is now. */
  lastCheck: { day: string; outcome: string; details: FactCheckDetails } | null;
};

export type FactToolRow = { slug: string; name: string; known: number; confirmed: number; unknown: number };

type CheckRow = {
  id: number;
  subject: string;
  factsHash: string;
  outcome: string;
  checkedBy: string;
  checkedAt: Date;
  sourceUrl: string;
  details: unknown;
  editorName: string | null;
};

/** The checks of these subjects of one kind, newest first. */
async function checksOf(kind: "tool-fact" | "tool-platforms", subjects: string[]): Promise<CheckRow[]> {
  if (!subjects.length) return [];
  return getDb()
    .select({
      id: factChecks.id,
      subject: factChecks.subject,
      factsHash: factChecks.factsHash,
      outcome: factChecks.outcome,
      checkedBy: factChecks.checkedBy,
      checkedAt: factChecks.checkedAt,
      sourceUrl: factChecks.sourceUrl,
      details: factChecks.details,
      editorName: users.name,
    })
    .from(factChecks)
    .leftJoin(users, eq(users.id, factChecks.editorId))
    .where(and(eq(factChecks.subjectKind, kind), inArray(factChecks.subject, subjects)))
    .orderBy(desc(factChecks.checkedAt), desc(factChecks.id))
    .limit(subjects.length * 20);
}

/** What the checks of one version of a fact say (newest first): its latest confirmation, and the automatic check's last other verdict. */
function stateOf(own: CheckRow[]): Pick<FactState, "confirmed" | "lastCheck"> {
  const confirmation = own.find((check) => check.outcome === "confirmed");
  const latestFetch = own.find((check) => check.checkedBy === "fetch");
  return {
    confirmed: confirmation
      ? {
          id: confirmation.id,
          day: dayOf(confirmation.checkedAt),
          checkedBy: confirmation.checkedBy as Checker,
          editorName: confirmation.editorName,
          sourceUrl: confirmation.sourceUrl,
        }
      : null,
    lastCheck:
      latestFetch && latestFetch.outcome !== "confirmed"
        ? { day: dayOf(latestFetch.checkedAt), outcome: latestFetch.outcome, details: latestFetch.details as FactCheckDetails }
        : null,
  };
}

function statesOf(slug: string, facts: readonly DataFact[], checks: CheckRow[]): FactState[] {
  return sortedFacts(facts).map((fact) => {
    const subject = factSubject(slug, fact);
    const hash = factHash(fact);
    return { fact, key: factKey(fact), checkable: checkable(fact), ...stateOf(checks.filter((check) => check.subject === subject && check.factsHash === hash)) };
  });
}

/** The tool's list of platforms and its page, with the same states as a fact's; null when its file names no page. */
export type PlatformsState = {
  platforms: string[];
  source: { url: string; enteredAt: string };
  confirmed: FactState["confirmed"];
  lastCheck: FactState["lastCheck"];
};

/** One tool's facts (and its platforms' page) with their states, for /admin/facts/<slug>; null when it has neither. */
export async function getFactsEditor(
  slug: string,
): Promise<{ tool: { slug: string; name: string; websiteUrl: string }; states: FactState[]; platforms: PlatformsState | null } | null> {
  const [row] = await getDb()
    .select({ slug: tools.slug, name: tools.name, websiteUrl: tools.websiteUrl, platforms: tools.platforms, platformsSource: tools.platformsSource, facts: toolDataFacts.facts })
    .from(tools)
    .leftJoin(toolDataFacts, eq(tools.slug, toolDataFacts.toolSlug))
    .where(eq(tools.slug, slug))
    .limit(1);
  if (!row || (!row.facts && !row.platformsSource)) return null;
  const facts = row.facts ?? [];
  const checks = await checksOf(
    "tool-fact",
    facts.map((fact) => factSubject(slug, fact)),
  );
  return {
    tool: { slug: row.slug, name: row.name, websiteUrl: row.websiteUrl },
    states: statesOf(slug, facts, checks),
    platforms: row.platformsSource ? await platformsState(slug, row.platforms, row.platformsSource) : null,
  };
}

async function platformsState(slug: string, platforms: string[], source: { url: string; enteredAt: string }): Promise<PlatformsState> {
  const hash = platformsHash(platforms);
  const checks = await checksOf("tool-platforms", [slug]);
  return { platforms, source, ...stateOf(checks.filter((check) => check.factsHash === hash)) };
}

/** Every tool with a facts file: how many of its known facts a check confirms as they are now. */
export async function listFactTools(): Promise<FactToolRow[]> {
  const rows = await getDb()
    .select({ slug: tools.slug, name: tools.name, facts: toolDataFacts.facts })
    .from(toolDataFacts)
    .innerJoin(tools, eq(tools.slug, toolDataFacts.toolSlug))
    .orderBy(asc(tools.name));
  const confirmations = await getDb()
    .selectDistinct({ subject: factChecks.subject, factsHash: factChecks.factsHash })
    .from(factChecks)
    .where(and(eq(factChecks.subjectKind, "tool-fact"), eq(factChecks.outcome, "confirmed")));
  const confirmed = new Set(confirmations.map((row) => `${row.subject} ${row.factsHash}`));
  return rows.map((row) => {
    const known = row.facts.filter((fact) => fact.value !== "unknown");
    return {
      slug: row.slug,
      name: row.name,
      known: known.length,
      unknown: row.facts.length - known.length,
      confirmed: known.filter((fact) => confirmed.has(`${factSubject(row.slug, fact)} ${factHash(fact)}`)).length,
    };
  });
}
