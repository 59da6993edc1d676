import { describe, expect, it } from "vitest";
import { formatDateTime, formatDateTimeUtc, formatDayMonthYear, formatLongDate, formatLongDateGb, formatShortDate } from "./dates";

// The formatters write dates by hand (no ICU in the browser's first load); Intl is the reference they must equal.
const intl = (locale: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
const US_LONG = intl("en-US", { year: "numeric", month: "long", day: "numeric" });
const GB_LONG = intl("en-GB", { year: "numeric", month: "long", day: "numeric" });
const US_SHORT = intl("en-US", { year: "numeric", month: "short", day: "numeric" });
const GB_SHORT = intl("en-GB", { year: "numeric", month: "short", day: "numeric" });
const GB_DATE_TIME = intl("en-GB", { dateStyle: "medium", timeStyle: "short" });
const GB_DATE_TIME_SECONDS = intl("en-GB", { dateStyle: "medium", timeStyle: "medium" });

describe("dates as the site prints them", () => {
  it("equal Intl's en-US and en-GB texts for every day from 2023 to 2028, at any hour", () => {
    for (let time = Date.UTC(2023, 0, 1); time < Date.UTC(2029, 0, 1); time += 86_400_000 + 3_600_000 * 7 + 60_000 * 13) {
      const moment = new Date(time);
      const iso = moment.toISOString().slice(0, 10);
      const noon = new Date(`${iso}T12:00:00Z`);
      expect(formatLongDate(iso)).toBe(US_LONG.format(noon));
      expect(formatLongDateGb(iso)).toBe(GB_LONG.format(noon));
      expect(formatShortDate(iso)).toBe(US_SHORT.format(noon));
      expect(formatDayMonthYear(moment)).toBe(GB_SHORT.format(moment));
      expect(formatDayMonthYear(moment.toISOString())).toBe(GB_SHORT.format(moment));
      expect(formatDateTime(moment)).toBe(GB_DATE_TIME.format(moment));
      expect(formatDateTime(moment, { seconds: true })).toBe(GB_DATE_TIME_SECONDS.format(moment));
    }
  });

  it("print examples as a reader sees them", () => {
    expect(formatLongDate("2026-11-23")).toBe("November 23, 2026");
    expect(formatLongDateGb("2026-11-23")).toBe("23 November 2026");
    expect(formatShortDate("2026-01-05")).toBe("Jan 5, 2026");
    expect(formatDayMonthYear("2026-01-05T23:59:00Z")).toBe("5 Jan 2026");
    expect(formatDateTimeUtc("2026-01-05T04:03:00Z")).toBe("5 Jan 2026, 04:03 UTC");
    expect(formatDateTimeUtc("2026-01-05T04:03:09Z", { seconds: true })).toBe("5 Jan 2026, 04:03:09 UTC");
  });
});
