// Dates as the site prints them, in UTC so that every reader and the server print the same text, written out by hand
// rather than by Intl: the first Intl formatter a page makes loads ICU's locale data, which cost 70 ms of the main
// thread (and 12 ms for each date format after it) on Lighthouse's mobile CPU in the middle of hydration (issue 43).
// The texts are the ones en-US and en-GB give; dates.test.ts compares every day of several years with Intl's.
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const SHORT_MONTHS = MONTHS.map((month) => month.slice(0, 3));
// British short months as CLDR writes them: 'Sept', the others of three letters.
const SHORT_MONTHS_GB = SHORT_MONTHS.map((month) => (month === "Sep" ? "Sept" : month));

/** A YYYY-MM-DD day at noon UTC, so no time zone moves it to the day before or after. */
const dayOf = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`);
const twoDigits = (value: number) => String(value).padStart(2, "0");

/** A YYYY-MM-DD date as people read it ('November 23, 2026'), the same on the server and in the browser. */
export function formatLongDate(isoDate: string) {
  const day = dayOf(isoDate);
  return `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}

/** The same in British order, for the pages written that way ('23 November 2026'). */
export function formatLongDateGb(isoDate: string) {
  const day = dayOf(isoDate);
  return `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** A YYYY-MM-DD date in short ('Nov 23, 2026'). */
export function formatShortDate(isoDate: string) {
  const day = dayOf(isoDate);
  return `${SHORT_MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}

/** A moment's day in UTC, as reviews and lists date things: '5 Jan 2026', '1 Sept 2026'. */
export function formatDayMonthYear(date: Date | string) {
  const moment = new Date(date);
  return `${moment.getUTCDate()} ${SHORT_MONTHS_GB[moment.getUTCMonth()]} ${moment.getUTCFullYear()}`;
}

/** A moment in UTC without the zone's name: '5 Jan 2026, 14:03', with `seconds` '5 Jan 2026, 14:03:27'. */
export function formatDateTime(date: Date | string, { seconds = false }: { seconds?: boolean } = {}) {
  const moment = new Date(date);
  const time = `${twoDigits(moment.getUTCHours())}:${twoDigits(moment.getUTCMinutes())}${seconds ? `:${twoDigits(moment.getUTCSeconds())}` : ""}`;
  return `${formatDayMonthYear(moment)}, ${time}`;
}

/** A moment as the admin area shows it, in UTC so every editor reads the same time: '5 Jan 2026, 14:03 UTC'. */
export function formatDateTimeUtc(date: Date | string, options: { seconds?: boolean } = {}) {
  return `${formatDateTime(date, options)} UTC`;
}
