import { AsyncLocalStorage } from "node:async_hooks";
import { onPrimary } from "./db-routing.server";
import { isReadOnly } from "./primary-health.server";

/**
 * Caching by tags (decision 011). Two layers share them:
 * - **data**: `cached(key, tags, load)` keeps a query's result in process memory until one of its tags is
 *   invalidated. Each query says next to itself what it is tagged with.
 * - **pages**: the HTTP layer (server/page-cache/store.ts) keeps the rendered HTML of anonymous pages. While a
 *   page renders, every tagged query it runs (cached or not) adds its tags to the page, so the page is
 *   dropped exactly when data it shows changes.
 * Writes name the tags they make stale (`invalidates` in each `defineWrite`); `invalidateTags` clears both
 * layers here and, with REDIS_URL, on every other instance (utils/cache-bus.server.ts).
 *
 * Tags in use: `catalogue` (editorial content: categories, tools, copy; the content sync's), `tool:<slug>`
 * (a tool's page: its detail and readers' reviews, ratings and notes), `reactions:<slug>` (like/dislike
 * counts of a tool, shown on other tools' pages), `links:broken` (course and deal cards' broken-link notices,
 * models/link-health), `post-popularity` (the blog's 'Popular articles', refreshed hourly
 * by server/app.ts as reads accumulate), `reader-reviews` (the site-wide counts of readers' reviews on /how-we-review: every
 * write that adds, changes, hides, restores, verifies or removes a review names it beside the tool's tag), `tool-changes`
 * (/changes and its feed: every write of price-history rows, models/tool/changes.server.ts `toolChangeTags`), `reader:<user id>`
 * (a signed-in reader's personal data, decision 054: every write a signed-in visitor makes names it, utils/write.server.ts).
 * `tagPageUntil` adds a time after which a page is not served (live deals).
 */

/** Editorial content; the only writer is the content sync. */
export const CATALOGUE = ["catalogue"] as const;

/** Site-wide counts of readers' reviews (published, hidden, verified): /how-we-review. */
export const READER_REVIEWS = "reader-reviews";

/** What a reader's own writes make stale: their personal data (models/account/personal.server.ts). */
export const readerTag = (userId: string) => `reader:${userId}`;

/**
 * Entries kept at most: shared data is bounded by the catalogue, but readers' personal data grows with readers. Past
 * this the oldest entry goes (a miss only costs the query again).
 */
const MAX_ENTRIES = 20_000;

type Entry = { value: Promise<unknown>; tags: readonly string[] };
const entries = new Map<string, Entry>();
const pageTags = new AsyncLocalStorage<Set<string>>();
const listeners = new Set<(tags: readonly string[]) => void>();
/** How many invalidations each tag has seen: a page rendered across one is not stored (it may be stale). */
const generations = new Map<string, number>();

/** Runs `render` collecting the tags of the data it reads. */
export function collectPageTags<T>(tags: Set<string>, render: () => Promise<T>): Promise<T> {
  return pageTags.run(tags, render);
}

/** Marks the page being rendered as showing data with these tags. */
export function tagPage(...tags: string[]) {
  const current = pageTags.getStore();
  for (const tag of tags) current?.add(tag);
}

const UNTIL = "until:";

/**
 * Marks the page being rendered as true only until `time` (ms since the epoch): the page cache serves
 * it no later, whoever asks and whatever else was invalidated (a deal that expires at midnight). A tag
 * like the others, so it travels with them; nothing ever invalidates it by name.
 */
export function tagPageUntil(time: number) {
  tagPage(`${UNTIL}${time}`);
}

/** A `tagPageUntil` moment rather than data: nothing invalidates it by name. */
export const isUntilTag = (tag: string) => tag.startsWith(UNTIL);

/** The earliest `tagPageUntil` moment among a page's tags, if it has one. */
export function pageExpiresAt(tags: Iterable<string>): number | undefined {
  let earliest: number | undefined;
  for (const tag of tags) {
    if (!tag.startsWith(UNTIL)) continue;
    const time = Number(tag.slice(UNTIL.length));
    if (earliest === undefined || time < earliest) earliest = time;
  }
  return earliest;
}

const passingThrough = new AsyncLocalStorage<true>();

/**
 * Runs `work` with its cached reads not kept: an entry already kept is used, a miss is read (from the primary, as a
 * fill would be) and not remembered. For a job that reads the whole catalogue once (the open-data run reads every
 * tool's record): its reads would push every entry the pages use out of the MAX_ENTRIES and keep records nobody asks
 * for (a run over 5,200 tools left 14 MB of them: bench/data-files.js).
 */
export function withoutFillingCache<T>(work: () => Promise<T>): Promise<T> {
  return passingThrough.run(true, work);
}

export function cached<T>(key: string, tags: readonly string[], load: () => Promise<T>): Promise<T> {
  tagPage(...tags);
  let entry = entries.get(key);
  // In read-only mode (decision 090) the primary cannot fill it: read where the request reads (a replica), not kept.
  if (!entry && isReadOnly()) return Promise.resolve().then(load);
  if (!entry && passingThrough.getStore()) return Promise.resolve().then(() => onPrimary(async () => await load()));
  if (!entry) {
    // Adopted once: a query builder is a thenable that would run again for each await.
    // Kept until an invalidation: filled from the primary, never from a replica that may not have the write yet (decision 089).
    const value = Promise.resolve().then(() => onPrimary(async () => await load()));
    entry = { value, tags };
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    // Neither a failed load nor a miss (an unknown slug) is remembered: junk URLs must not fill memory.
    value.then(
      (result) => result == null && entries.delete(key),
      () => entries.delete(key),
    );
  }
  return entry.value as Promise<T>;
}

/** The generation of each tag, to compare after a render (see `changedSince`). */
export function tagGenerations(tags: Iterable<string>): Map<string, number> {
  return new Map([...tags].map((tag) => [tag, generations.get(tag) ?? 0]));
}

export function changedSince(before: Map<string, number>): boolean {
  for (const [tag, generation] of before) if ((generations.get(tag) ?? 0) !== generation) return true;
  return false;
}

/** Drops what these tags cover in this process only (the bus calls it for other instances' writes). */
export function invalidateLocally(tags: readonly string[]) {
  if (tags.length === 0) return;
  const set = new Set(tags);
  for (const tag of set) generations.set(tag, (generations.get(tag) ?? 0) + 1);
  for (const [key, entry] of entries) if (entry.tags.some((tag) => set.has(tag))) entries.delete(key);
  for (const listener of listeners) listener(tags);
}

/** The page cache (and any other layer) hears every invalidation, local or from another instance. */
export function onInvalidate(listener: (tags: readonly string[]) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the other instances; settles (never rejects) once the message is out, or failed and was logged. */
type Publisher = (tags: readonly string[]) => Promise<void>;
const NOTHING_TO_TELL: Publisher = async () => {};
let publish: Publisher = NOTHING_TO_TELL;
/** Hear the invalidations made on this instance, each with the moment the other instances were told (`published`). */
type OriginListener = (tags: readonly string[], published: Promise<void>) => void;
const originListeners = new Set<OriginListener>();

/** Set by the cache bus when REDIS_URL is configured. */
export function setInvalidationPublisher(publisher: Publisher | null) {
  publish = publisher ?? NOTHING_TO_TELL;
}

/**
 * The invalidations this instance makes (`invalidateTags`), not those it hears from others: what must happen once per
 * change across all instances (the edge purge, utils/edge-purge.server.ts) listens here.
 */
export function onInvalidatedHere(listener: OriginListener): () => void {
  originListeners.add(listener);
  return () => originListeners.delete(listener);
}

/** Makes these tags stale here and on every other instance. */
export function invalidateTags(tags: readonly string[]) {
  if (tags.length === 0) return;
  invalidateLocally(tags);
  const published = publish(tags);
  for (const listener of originListeners) listener(tags, published);
}

/** Forgets everything (an app stopping, or a second app started in the same process, as the tests do). */
export function resetCaches() {
  entries.clear();
  generations.clear();
  for (const listener of listeners) listener(ALL);
}

/** The tag every listener reads as "drop everything". */
export const ALL = ["*"] as const;
