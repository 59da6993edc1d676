/**
 * The freshness badges of a tool (issue 18, decision 028; spec part 1 §2.13 'Updated recently'): 'New' while the
 * tool was added in the last NEW_DAYS days and is not part of the launch catalogue (issue 41, decision 062), else 'Updated recently' while its facts
 * (pricing, plans, features, the review) changed in the last UPDATED_DAYS days, by the tool's own change date
 * (`factsChangedAt`, set by the sync only when the facts hash of an existing row changes). A sync of an unchanged
 * catalogue, a reworded tagline or a first start on a fresh database marks nothing. Pure: the server passes its
 * clock, so a test can move it.
 */

export const NEW_DAYS = 30;
/**
 * The launch catalogue: the tools the catalogue opened with are not additions, and marking them 'New' would make the
 * badge say nothing. The catalogue opened on the earliest day any tool was added (the database's `min(tools.added_at)`,
 * models/tool/queries.server.ts `launchCatalogueField`); tools added within LAUNCH_GRACE_DAYS days of it belong to the
 * launch catalogue too (the first catalogue went in over two days: 65 tools on the first, 135 on the next).
 */
export const LAUNCH_GRACE_DAYS = 7;
export const UPDATED_DAYS = 30;
const DAY = 24 * 60 * 60 * 1000;

export type FreshnessFacts = {
  /** YYYY-MM-DD */
  addedAt: string;
  /** When the tool's facts last changed on its row (never for one unchanged since it was added). */
  factsChangedAt: Date | string | null;
  /** Whether it came with the launch catalogue (added within LAUNCH_GRACE_DAYS of the catalogue's first day): never 'New'. */
  launchCatalogue: boolean;
};

export type Freshness = { isNew: boolean; updatedRecently: boolean };

const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** When each badge stops applying (ms since the epoch). */
function ends(facts: FreshnessFacts) {
  const changed = facts.factsChangedAt === null ? Number.NEGATIVE_INFINITY : new Date(facts.factsChangedAt).getTime();
  return {
    newUntil: facts.launchCatalogue ? Number.NEGATIVE_INFINITY : dayStart(facts.addedAt) + NEW_DAYS * DAY,
    updatedUntil: changed + UPDATED_DAYS * DAY,
  };
}

export function freshness(facts: FreshnessFacts, now: Date): Freshness {
  const { newUntil, updatedUntil } = ends(facts);
  const isNew = now.getTime() < newUntil;
  // 'New' says more than 'Updated recently' for a tool added lately: one badge is enough.
  return { isNew, updatedRecently: !isNew && now.getTime() < updatedUntil };
}

/** The next moment after `now` at which one of these tools' badges changes, if any will: a page showing them is true until then. */
export function nextFreshnessChange(all: readonly FreshnessFacts[], now: Date): number | undefined {
  let next: number | undefined;
  for (const facts of all) {
    const { newUntil, updatedUntil } = ends(facts);
    for (const time of [newUntil, updatedUntil]) if (time > now.getTime() && (next === undefined || time < next)) next = time;
  }
  return next;
}
