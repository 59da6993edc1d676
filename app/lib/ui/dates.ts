import { countOf } from "./plural";

// Formatters made once: building one per call (what toLocaleDateString with options does) was 3% of a search page's
// server time under load (issue 31's profile).
const LONG_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const DATE_TIME_UTC = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A YYYY-MM-DD date as people read it ('November 23, 2026'), the same on the server and in the browser. */
export function formatLongDate(isoDate: string) {
  return LONG_DATE.format(new Date(`${isoDate}T12:00:00Z`));
}

/** A moment as the admin area shows it, in UTC so every editor reads the same time: '5 Jan 2026, 14:03 UTC'. */
export function formatDateTimeUtc(date: Date | string) {
  return DATE_TIME_UTC.format(new Date(date)) + " UTC";
}

/**
 * A length of time in words, rounded to what a reader needs: minutes under an hour, hours under two days, then days
 * ('45 minutes', '1 hour', '19 hours', '3 days'). Used for measured times (a reply time, a message's age).
 */
export function durationWords(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  if (minutes < 60) return countOf(Math.max(1, minutes), "minute");
  const hours = Math.round(ms / 3_600_000);
  if (hours < 48) return countOf(hours, "hour");
  return countOf(Math.round(ms / 86_400_000), "day");
}
