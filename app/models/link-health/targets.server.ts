import { asc, eq } from "drizzle-orm";
import { courses, tools } from "~/db/schema";
import type { LinkKind } from "~/lib/link-health/link-health";
import { getOffers } from "~/models/content/offers.server";
import { getDb } from "~/utils/db.server";

/**
 * What the link checker visits: the stored destination of every tool, course and deal, exactly what /go/{kind}/{slug}
 * resolves before a program's tracking is added (models/affiliate/clicks.server.ts). Tools and courses are rows (a
 * tool approved from a submission included); deals are editorial copy read at start.
 */
export type LinkTarget = { kind: LinkKind; target: string; url: string; name: string };

export async function collectLinkTargets(): Promise<LinkTarget[]> {
  const db = getDb();
  const [toolRows, courseRows] = await Promise.all([
    db.select({ target: tools.slug, url: tools.websiteUrl, name: tools.name }).from(tools).orderBy(asc(tools.slug)),
    db.select({ target: courses.slug, url: courses.url, name: courses.title }).from(courses).orderBy(asc(courses.slug)),
  ]);
  return [
    ...toolRows.map((row) => ({ kind: "tool" as const, ...row })),
    ...courseRows.map((row) => ({ kind: "course" as const, ...row })),
    ...getOffers().deals.map((deal) => ({ kind: "deal" as const, target: deal.id, url: deal.source, name: deal.title })),
  ];
}

/** One target by kind and key (the admin page's 'Check now'); null when it no longer exists. */
export async function findLinkTarget(kind: LinkKind, target: string): Promise<LinkTarget | null> {
  if (kind === "deal") {
    const deal = getOffers().deals.find((candidate) => candidate.id === target);
    return deal ? { kind, target, url: deal.source, name: deal.title } : null;
  }
  const [row] =
    kind === "tool"
      ? await getDb().select({ url: tools.websiteUrl, name: tools.name }).from(tools).where(eq(tools.slug, target)).limit(1)
      : await getDb().select({ url: courses.url, name: courses.title }).from(courses).where(eq(courses.slug, target)).limit(1);
  return row ? { kind, target, ...row } : null;
}
