import { countOf } from "./plural";

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
