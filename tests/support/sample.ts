import type { Backend } from "./app";

/**
 * The walks over everything (every page, every route, every sitemap URL, every page of a sort) run in full
 * on one backend and on a fixed sample on the other (issue 25). Both backends run the same code above the
 * SQL driver, and PGlite is PostgreSQL's own engine compiled to WebAssembly, so the second one needs each kind of
 * page and query once, not each row of the catalogue; the first one keeps finding the row whose data breaks a page.
 * PostgreSQL runs them in full where TEST_DATABASE_URL is set (as in CI): its server did the full crawl in 88 s against
 * PGlite's 140 s, on the other core. Elsewhere PGlite, the only backend, does.
 */
export const EXHAUSTIVE_BACKEND: Backend = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

/**
 * For describeEachBackend: a suite whose subject is what pages show from the catalogue (listings, articles, pricing
 * text, budgets), not how the database behaves (writes, transactions, locks, leases, limits, search). It runs on the
 * exhaustive backend only: the other backend renders every kind of page in the crawl's and the fuzz run's samples,
 * which is where a difference between the drivers would show.
 */
export const ONE_BACKEND = { only: [EXHAUSTIVE_BACKEND] } as const;

/** Whether a suite on this backend runs its walks in full. */
export const isExhaustive = (backend: Backend) => backend === EXHAUSTIVE_BACKEND;

export type SampleOptions<T> = {
  /** True: every item. False: `perKind` items of each kind. */
  exhaustive: boolean;
  /** The kind of an item (a route, a page type); each kind is kept at least once. One kind when omitted. */
  kind?: (item: T) => string;
  /** Items kept of each kind: the first, the last and evenly spaced ones between. */
  perKind?: number;
};

/**
 * All the items, or a deterministic sample of them: the same items on every run, in their original order,
 * `perKind` of each kind spread from the first to the last (a sorted list keeps its ends).
 */
export function sample<T>(items: Iterable<T>, { exhaustive, kind = () => "", perKind = 3 }: SampleOptions<T>): T[] {
  const all = [...items];
  if (exhaustive) return all;
  const byKind = Map.groupBy(
    all.map((item, index) => ({ item, index })),
    ({ item }) => kind(item),
  );
  const kept = new Set<number>();
  for (const group of byKind.values()) {
    const count = Math.min(perKind, group.length);
    for (let i = 0; i < count; i++) kept.add(group[count === 1 ? 0 : Math.round((i * (group.length - 1)) / (count - 1))]!.index);
  }
  return all.filter((_, index) => kept.has(index));
}

/**
 * `sample` for a walk that finds its items as it goes (a crawl following links): a test that answers whether to
 * keep each new item, true for every item when exhaustive, else for the first `perKind` of each kind. Ask once
 * per item: each true counts against its kind.
 */
export function sampler<T>({ exhaustive, kind = () => "", perKind = 3 }: SampleOptions<T>): (item: T) => boolean {
  const kept = new Map<string, number>();
  return (item) => {
    if (exhaustive) return true;
    const key = kind(item);
    const count = kept.get(key) ?? 0;
    if (count >= perKind) return false;
    kept.set(key, count + 1);
    return true;
  };
}
