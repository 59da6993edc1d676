import { and, asc, count, desc, eq, gte, sql } from "drizzle-orm";
import { courses, linkChecks, linkPasses, tools } from "~/db/schema";
import { BROKEN_AFTER, checkDay, describeCheck, isBroken, LINK_KINDS, type LinkError, type LinkKind } from "~/lib/link-health/link-health";
import { formatDateTimeUtc, formatLongDate } from "~/lib/ui/dates";
import { linkCheckedOn, linkMayBeBroken, linkPassOutage } from "~/lib/words";
import { getOffers } from "~/models/content/offers.server";
import { CATALOGUE, cached } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";
import { isJobUnderWay } from "~/utils/job-queue.server";
import { BROKEN_LINKS_TAG } from "./checks.server";
import { linkCheckJob } from "./job.server";
import { collectLinkTargets } from "./targets.server";

/**
 * Link health's reads: the admin table (privileged: URLs, statuses, failures) and the two public facts, a tool's
 * last check and which cards carry a broken-link notice. Public reads only trust a check of the URL the content
 * holds now: after the content changes a URL, the old URL's record says nothing about the new one.
 */

const brokenWhere = gte(linkChecks.consecutiveFailures, BROKEN_AFTER);

/** Links flagged broken (three failed checks in a row), for the admin dashboard. */
export async function countBrokenLinks(): Promise<number> {
  const [row] = await getDb().select({ value: count() }).from(linkChecks).where(brokenWhere);
  return row?.value ?? 0;
}

export type LinkFilter = "all" | "broken";
export const LINKS_PAGE_SIZE = 100;

export type LinkRow = {
  kind: LinkKind;
  target: string;
  name: string;
  url: string;
  /** The public page the link belongs to (a deal's is the deals page). */
  page: string;
  status: number | null;
  error: LinkError | null;
  ok: boolean | null;
  finalUrl: string | null;
  checkedAt: Date | null;
  consecutiveFailures: number;
  broken: boolean;
};

const pageOf = (kind: LinkKind, target: string) => (kind === "tool" ? `/tools/${target}` : kind === "course" ? `/courses` : `/deals#deal-${target}`);

/**
 * Every destination with its last check: flagged links first (most failures first), then failing ones, then the
 * rest by kind and name. Destinations are listed even before their first check.
 */
export async function listLinks({ filter, page }: { filter: LinkFilter; page: number }) {
  const [targets, rows] = await Promise.all([collectLinkTargets(), getDb().select().from(linkChecks)]);
  const checks = new Map(rows.map((row) => [`${row.kind} ${row.target}`, row]));
  const all: LinkRow[] = targets.map((target) => {
    const check = checks.get(`${target.kind} ${target.target}`);
    const current = check && check.url === target.url ? check : undefined;
    return {
      kind: target.kind,
      target: target.target,
      name: target.name,
      url: target.url,
      page: pageOf(target.kind, target.target),
      status: current?.status ?? null,
      error: (current?.error as LinkError | null | undefined) ?? null,
      ok: current ? current.ok : null,
      finalUrl: current?.finalUrl ?? null,
      checkedAt: current?.checkedAt ?? null,
      consecutiveFailures: current?.consecutiveFailures ?? 0,
      broken: current ? isBroken(current) : false,
    };
  });
  // Flagged, then failing; the rest keep their place (by kind, then name), so a row checked now does not jump away.
  const rank = (row: LinkRow) => (row.broken ? 0 : row.ok === false ? 1 : 2);
  all.sort((a, b) => rank(a) - rank(b) || b.consecutiveFailures - a.consecutiveFailures || LINK_KINDS.indexOf(a.kind) - LINK_KINDS.indexOf(b.kind) || a.name.localeCompare(b.name));
  const shown = filter === "broken" ? all.filter((row) => row.broken) : all;
  const lastCheckedAt = rows.reduce<Date | null>((latest, row) => (!latest || row.checkedAt > latest ? row.checkedAt : latest), null);
  return {
    rows: shown.slice((page - 1) * LINKS_PAGE_SIZE, page * LINKS_PAGE_SIZE),
    total: shown.length,
    pageCount: Math.max(1, Math.ceil(shown.length / LINKS_PAGE_SIZE)),
    counts: {
      all: all.length,
      broken: all.filter((row) => row.broken).length,
      failing: all.filter((row) => row.ok === false && !row.broken).length,
      unchecked: all.filter((row) => row.ok === null).length,
    },
    lastCheckedAt,
    running: await isJobUnderWay(linkCheckJob),
  };
}

/** Words come from here (the message catalogue, dates written out), so the page carries no catalogue or date code to the browser. */
export type ToolLinkCheck = { checkedDay: string; broken: boolean; text: string };

const noteText = (day: string, broken: boolean) => (broken ? linkMayBeBroken(formatLongDate(day)) : linkCheckedOn(formatLongDate(day)));

/**
 * A tool page's note under its visit button (decision 028): 'Link may be broken (checked {date})' after three failed
 * checks in a row of its current URL, else 'Link checked {date}' with the day of the last check that worked; null
 * when no check of the current URL ever worked (a failure, or an outage, is never shown as a check).
 */
export function getToolLinkCheck(slug: string): Promise<ToolLinkCheck | null> {
  // Under the catalogue's tag too: a content sync that changes the tool's URL makes the old URL's check say nothing.
  return cached(`tool:${slug}:link`, [...CATALOGUE, `tool:${slug}`], async () => {
    const [row] = await getDb()
      .select({ checkedAt: linkChecks.checkedAt, lastOkAt: linkChecks.lastOkAt, consecutiveFailures: linkChecks.consecutiveFailures })
      .from(linkChecks)
      .innerJoin(tools, and(eq(tools.slug, linkChecks.target), eq(tools.websiteUrl, linkChecks.url)))
      .where(and(eq(linkChecks.kind, "tool"), eq(linkChecks.target, slug)))
      .limit(1);
    if (!row) return null;
    if (isBroken(row)) {
      const checkedDay = checkDay(row.checkedAt);
      return { checkedDay, broken: true, text: noteText(checkedDay, true) };
    }
    if (!row.lastOkAt) return null;
    const okDay = checkDay(row.lastOkAt);
    return { checkedDay: okDay, broken: false, text: noteText(okDay, false) };
  });
}

export type LinkPassView = { finishedAt: Date; checked: number; failed: number; hosts: number; outage: LinkError | null; outageText: string | null };

/** The last link-check pass, for /admin and /admin/links: when it was, and whether it was the checker's own outage. */
export async function getLastLinkPass(): Promise<LinkPassView | null> {
  const [row] = await getDb().select().from(linkPasses).orderBy(desc(linkPasses.finishedAt), desc(linkPasses.id)).limit(1);
  if (!row) return null;
  const outage = row.outage as LinkError | null;
  return {
    finishedAt: row.finishedAt,
    checked: row.checked,
    failed: row.failed,
    hosts: row.hosts,
    outage,
    outageText: outage ? linkPassOutage(formatDateTimeUtc(row.finishedAt), row.failed, row.checked, describeCheck({ status: null, error: outage })) : null,
  };
}

/** Course and deal links flagged broken, by kind and key, with the day of the last check. */
function brokenCardLinks(): Promise<Record<"course" | "deal", Record<string, string>>> {
  return cached("links:broken:cards", [BROKEN_LINKS_TAG], async () => {
    const rows = await getDb()
      .select({ kind: linkChecks.kind, target: linkChecks.target, url: linkChecks.url, checkedAt: linkChecks.checkedAt, courseUrl: courses.url })
      .from(linkChecks)
      .leftJoin(courses, and(eq(linkChecks.kind, "course"), eq(courses.slug, linkChecks.target)))
      .where(and(brokenWhere, sql`${linkChecks.kind} in ('course', 'deal')`))
      .orderBy(asc(linkChecks.kind), desc(linkChecks.checkedAt));
    const deals = new Map(getOffers().deals.map((deal) => [deal.id, deal.source]));
    const result: Record<"course" | "deal", Record<string, string>> = { course: {}, deal: {} };
    for (const row of rows) {
      const currentUrl = row.kind === "course" ? row.courseUrl : deals.get(row.target);
      if (currentUrl === row.url) result[row.kind as "course" | "deal"][row.target] = checkDay(row.checkedAt);
    }
    return result;
  });
}

/**
 * Adds `brokenLinkNote` ('Link may be broken (checked {date})', or null) to cards of courses or deals, for the notice
 * beside their outbound button. Tags the page with the broken-links tag.
 */
export async function withLinkNotices<T extends { slug?: string; id?: string }>(kind: "course" | "deal", cards: T[]): Promise<(T & { brokenLinkNote: string | null })[]> {
  const broken = (await brokenCardLinks())[kind];
  return cards.map((card) => {
    const day = broken[(kind === "course" ? card.slug : card.id) ?? ""];
    return { ...card, brokenLinkNote: day ? noteText(day, true) : null };
  });
}
