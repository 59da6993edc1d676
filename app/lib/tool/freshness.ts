/**
 * The freshness badges of a tool (issue 18, decision 028; spec part 1 §2.13 'Updated recently'): 'New' while the
 * tool was added in the last NEW_DAYS days (after the launch catalogue), else 'Updated recently' while its facts
 * (pricing, plans, features, the review) changed in the last UPDATED_DAYS days, by the tool's own change date
 * (`factsChangedAt`, set by the sync only when the facts hash of an existing row changes). A sync of an unchanged
 * catalogue, a reworded tagline or a first start on a fresh database marks nothing. Pure: the server passes its
 * clock, so a test can move it.
 */

export const NEW_DAYS = 30;
/**
 * The day the catalogue opened (the first tool files in git). The tools listed that day are the launch catalogue,
 * not additions: marking all of them 'New' would make the badge say nothing, so only later additions get it.
 */
export const CATALOGUE_OPENED = "2026-11-22";
export const UPDATED_DAYS = 30;
const DAY = 24 * 60 * 60 * 1000;

export type FreshnessFacts = {
  /** YYYY-MM-DD */
  addedAt: string;
  /** When the tool's facts last changed on its row (never for one unchanged since it was added). */
  factsChangedAt: Date | string | null;
};

export type Freshness = { isNew: boolean; updatedRecently: boolean };

const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** When each badge stops applying (ms since the epoch). */
function ends(facts: FreshnessFacts) {
  const changed = facts.factsChangedAt === null ? Number.NEGATIVE_INFINITY : new Date(facts.factsChangedAt).getTime();
  return {
    newUntil: facts.addedAt <= CATALOGUE_OPENED ? Number.NEGATIVE_INFINITY : dayStart(facts.addedAt) + NEW_DAYS * DAY,
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
