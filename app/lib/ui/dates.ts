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
