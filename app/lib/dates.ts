/** A YYYY-MM-DD date as people read it ('November 23, 2026'), the same on the server and in the browser. */
export function formatLongDate(isoDate: string) {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}
