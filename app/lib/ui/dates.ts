/** A YYYY-MM-DD date as people read it ('November 23, 2026'), the same on the server and in the browser. */
export function formatLongDate(isoDate: string) {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/** A moment as the admin area shows it, in UTC so every editor reads the same time: '5 Jan 2026, 14:03 UTC'. */
export function formatDateTimeUtc(date: Date | string) {
  return new Date(date).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC";
}
