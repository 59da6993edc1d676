import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { authors, pairVerdicts, tools } from "~/db/schema";
import { pairPath } from "~/lib/tool/comparison-pair";
import { CATALOGUE, cached } from "~/utils/cache.server";
import { getDb } from "~/utils/db.server";

/**
 * The editorial verdicts on pairs of tools (decision 043): a pair page with one is indexable and in the sitemap, every
 * other pair page is a generated side-by-side (noindex, follow). A hundred-odd short rows, read by every pair page, the
 * sitemap and tool pages, so they are kept whole under `catalogue`.
 */
export function listPairVerdicts() {
  const first = alias(tools, "first_tool");
  const second = alias(tools, "second_tool");
  return cached("catalogue:pair-verdicts", CATALOGUE, () =>
    getDb()
      .select({
        pair: pairVerdicts.pair,
        firstSlug: pairVerdicts.firstSlug,
        secondSlug: pairVerdicts.secondSlug,
        firstName: first.name,
        secondName: second.name,
        firstCategories: first.categorySlugs,
        secondCategories: second.categorySlugs,
        summary: pairVerdicts.summary,
        chooseFirst: pairVerdicts.chooseFirst,
        chooseSecond: pairVerdicts.chooseSecond,
        differences: pairVerdicts.differences,
        writtenAt: pairVerdicts.writtenAt,
        authorId: authors.id,
        authorName: authors.name,
      })
      .from(pairVerdicts)
      .innerJoin(authors, eq(authors.id, pairVerdicts.authorId))
      .innerJoin(first, eq(first.slug, pairVerdicts.firstSlug))
      .innerJoin(second, eq(second.slug, pairVerdicts.secondSlug))
      .orderBy(asc(pairVerdicts.pair)),
  );
}

export type PairVerdict = Awaited<ReturnType<typeof listPairVerdicts>>[number];

/** The verdict on two tools (in either order), or null when the editors have written none. */
export async function findPairVerdict(a: string, b: string): Promise<PairVerdict | null> {
  const [first, second] = [a, b].sort();
  return (await listPairVerdicts()).find((verdict) => verdict.firstSlug === first && verdict.secondSlug === second) ?? null;
}

/** The pairs with a verdict that name a tool, for links from its page: the pair's path and the other tool's name. */
export async function pairVerdictsOf(slug: string): Promise<{ path: string; otherSlug: string; otherName: string }[]> {
  return (await listPairVerdicts()).flatMap((verdict) => {
    if (verdict.firstSlug !== slug && verdict.secondSlug !== slug) return [];
    const [otherSlug, otherName] = verdict.firstSlug === slug ? [verdict.secondSlug, verdict.secondName] : [verdict.firstSlug, verdict.firstName];
    return [{ path: pairPath(verdict.firstSlug, verdict.secondSlug), otherSlug, otherName }];
  });
}

/** The pairs with a verdict of which either tool is in a category (primary or secondary), for links from the category's page. */
export async function pairVerdictsInCategory(categorySlug: string): Promise<{ path: string; label: string }[]> {
  return (await listPairVerdicts())
    .filter((verdict) => verdict.firstCategories.includes(categorySlug) || verdict.secondCategories.includes(categorySlug))
    .map((verdict) => ({ path: pairPath(verdict.firstSlug, verdict.secondSlug), label: `${verdict.firstName} vs ${verdict.secondName}` }));
}
