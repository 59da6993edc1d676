/**
 * When the outbox tries a refused message again (decision 032): the wait doubles from a base (30 s in production)
 * after each failed attempt, up to an hour, and stays at the hour for as long as the message is refused. A
 * message is never given up: mail a write promised (a confirmation link, an alert) is worth an hourly retry.
 */

/** The longest wait between two attempts at one message. */
export const RETRY_CAP_MS = 60 * 60_000;

/** The wait after the `attempts`-th failed attempt (1 for the first): base, 2 × base, 4 × base … at most an hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  const doublings = Math.max(0, Math.floor(attempts) - 1);
  // 2^31 is far beyond the cap for any base of a millisecond or more: no overflow to Infinity in the product.
  return Math.min(RETRY_CAP_MS, baseMs * 2 ** Math.min(doublings, 31));
}
