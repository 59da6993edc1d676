import { AppError, type AppErrorDetails } from "./errors.server";
import { hitLimit, hitLimits, releaseHits, type Limit, type LimitResult, type WindowState } from "./rate-limit.server";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

/**
 * Every named limit of the site in one table (accounts, community writes). The short windows match Better Auth's
 * defaults (3 sign-ins per 10 s); the longer ones stop slow guessing and
 * mail bombing. Keys are per address and per client IP; both are counted.
 */
export const LIMITS = {
  /** Every sign-in post, per client IP; the failures are limited by SIGN_IN_FAILURES below. */
  signIn: { perAddress: [], perIp: [{ limit: 3, windowMs: 10 * SECOND }] },
  signUp: {
    perAddress: [{ limit: 3, windowMs: 10 * SECOND }],
    perIp: [
      { limit: 3, windowMs: 10 * SECOND },
      { limit: 20, windowMs: 60 * MINUTE },
    ],
  },
  /**
   * Sign-up's 'Account exists' answers, which tell whether an address is registered. Reserved before the
   * lookup and released when the address is free, so once an IP has had its answers every sign-up from it is
   * refused alike and the refusal itself says nothing about the address.
   */
  signUpExisting: { perAddress: [], perIp: [{ limit: 5, windowMs: 60 * MINUTE }] },
  /** Any message we mail to an address (confirmation or reset): one a minute. */
  email: { perAddress: [{ limit: 1, windowMs: MINUTE }], perIp: [{ limit: 10, windowMs: 60 * MINUTE }] },
  resetPassword: { perAddress: [], perIp: [{ limit: 5, windowMs: MINUTE }] },
  verifyLink: { perAddress: [], perIp: [{ limit: 10, windowMs: MINUTE }] },
  /** Keyed by user id: re-entering the current password is a guessing channel too. */
  passwordCheck: { perAddress: [{ limit: 5, windowMs: 15 * MINUTE }], perIp: [] },
  profileUpdate: { perAddress: [{ limit: 20, windowMs: 10 * MINUTE }], perIp: [] },
  // Community writes, keyed by user id and IP.
  reviewWrite: {
    perAddress: [
      { limit: 10, windowMs: MINUTE },
      { limit: 60, windowMs: 60 * MINUTE },
    ],
    perIp: [{ limit: 30, windowMs: MINUTE }],
  },
  imageUpload: { perAddress: [{ limit: 15, windowMs: 10 * MINUTE }], perIp: [{ limit: 40, windowMs: 10 * MINUTE }] },
  feedback: { perAddress: [{ limit: 60, windowMs: MINUTE }], perIp: [{ limit: 120, windowMs: MINUTE }] },
  /** A reader's shortlists (issue 47): each change of a list, per reader and per IP. */
  shortlist: { perAddress: [{ limit: 60, windowMs: MINUTE }], perIp: [{ limit: 120, windowMs: MINUTE }] },
  // An article read counts once per address and article in ten minutes ("address" is article + IP).
  postRead: { perAddress: [{ limit: 1, windowMs: 10 * MINUTE }], perIp: [{ limit: 60, windowMs: 10 * MINUTE }] },
  /** Newsletter boxes: a few addresses an hour per IP. What one address is sent is `newsletterMail` below. */
  newsletter: { perAddress: [], perIp: [{ limit: 10, windowMs: 60 * MINUTE }] },
  newsletterLink: { perAddress: [], perIp: [{ limit: 20, windowMs: MINUTE }] },
  /** The contact form mails the editors: a handful of messages an hour is plenty for a person. */
  contact: {
    perAddress: [{ limit: 3, windowMs: 60 * MINUTE }],
    perIp: [
      { limit: 2, windowMs: MINUTE },
      { limit: 5, windowMs: 60 * MINUTE },
    ],
  },
  /** Outbound clicks counted per IP; past it the visitor is still sent on, the click is not recorded. */
  outboundClick: { perAddress: [], perIp: [{ limit: 30, windowMs: MINUTE }] },
  /** Display preferences kept in a cookie (the colour theme): nothing is stored, a brake on a script posting in a loop. */
  preference: { perAddress: [], perIp: [{ limit: 60, windowMs: MINUTE }] },
  /** Web vitals: one beacon per page view (a sample of them); a busy reader browses a few pages a minute. */
  vitals: { perAddress: [], perIp: [{ limit: 20, windowMs: MINUTE }] },
  /** /verification/run renders a dozen pages when its minute-long result has expired. */
  verification: { perAddress: [], perIp: [{ limit: 10, windowMs: MINUTE }] },
  /**
   * Maker submissions (/submit), per account and IP: a maker lists a few tools, not dozens a day. Every post counts
   * (refused ones too), so the ten-minute window leaves room to correct a few mistakes.
   */
  toolSubmission: {
    perAddress: [
      { limit: 6, windowMs: 10 * MINUTE },
      { limit: 20, windowMs: DAY },
    ],
    perIp: [{ limit: 30, windowMs: DAY }],
  },
  /** Actions in the admin area (issue 19), per editor: generous for a person working a queue, a brake on a runaway script. */
  adminAction: { perAddress: [{ limit: 120, windowMs: MINUTE }], perIp: [] },
  /** Public replies under reviews (editors, makers): one per review and author, edits included. */
  reviewReply: { perAddress: [{ limit: 20, windowMs: 10 * MINUTE }], perIp: [] },
  /** Proofs of use: a reviewer sends one per review, a retry or two at most. */
  proofUpload: { perAddress: [{ limit: 5, windowMs: 60 * MINUTE }], perIp: [{ limit: 20, windowMs: 60 * MINUTE }] },
  /** The owner's IndexNow buttons: a few submissions an hour is more than any engine wants. */
  searchEngineSubmit: { perAddress: [{ limit: 10, windowMs: 60 * MINUTE }], perIp: [] },
  /*
   * Mail a stranger can have us send to an address (decision 038), counted per address by `sendWithinLimit` when
   * the message is queued, never for an attempt that sent nothing: refused, invalid or aimed at an address without
   * an account. The forms' own limits (`email`, `newsletter`) still count attempts per minute and per IP.
   */
  /** Password reset links (Better Auth's sendResetPassword). */
  resetMail: { perAddress: [{ limit: 5, windowMs: DAY }], perIp: [] },
  /** Address confirmation links: sign-up, the resend form, a sign-in with an unconfirmed address. */
  confirmationMail: { perAddress: [{ limit: 5, windowMs: DAY }], perIp: [] },
  /** What a newsletter box sends: the opt-in link, or the note that the address is already subscribed. */
  newsletterMail: {
    perAddress: [
      { limit: 1, windowMs: MINUTE },
      { limit: 3, windowMs: DAY },
    ],
    perIp: [],
  },
  /** Makers' proposed changes (issue 45), per account: a few corrections at a sitting, a brake on a script. */
  makerProposal: {
    perAddress: [
      { limit: 10, windowMs: 10 * MINUTE },
      { limit: 40, windowMs: DAY },
    ],
    perIp: [{ limit: 60, windowMs: DAY }],
  },
  /** A maker's claim link (issue 45): a person claims a tool or two; the cap stops the form mailing one address in a loop. */
  claimMail: {
    perAddress: [
      { limit: 1, windowMs: MINUTE },
      { limit: 3, windowMs: DAY },
    ],
    perIp: [],
  },
  /** Starting and checking claims (issue 45), per account and IP: a DNS check tried now and then, not in a loop. */
  claimAttempt: {
    perAddress: [
      { limit: 10, windowMs: 10 * MINUTE },
      { limit: 40, windowMs: DAY },
    ],
    perIp: [{ limit: 60, windowMs: DAY }],
  },
  /**
   * The open data (issue 46): `/api/v1` and `/mcp` together, per client IP, no key needed. A minute's window lets an
   * assistant answer a question in a few calls and a script walk the catalogue at a page a second; the day's window
   * stops a scraper copying it request by request (the nightly files give the whole of it in one download).
   */
  openData: {
    perAddress: [],
    perIp: [
      { limit: 60, windowMs: MINUTE },
      { limit: 5000, windowMs: DAY },
    ],
  },
  /** The owner's warning of failed sign-ins: a stranger's wrong passwords trigger it (once an hour by SIGN_IN_FAILURES). */
  signInWarningMail: { perAddress: [{ limit: 3, windowMs: DAY }], perIp: [] },
} satisfies Record<string, { perAddress: Limit[]; perIp: Limit[] }>;

/**
 * Failed sign-ins (decision 013), counted up front and taken back when the password was right, so only failures
 * stay counted. Per client IP and per (account, IP) pair for everyone. Per account only for devices that never
 * signed in to it: this slower backoff is the one strangers can fill from many addresses, so it must not stop
 * the owner's own devices, whose failures are counted per (account, device) instead.
 */
export const SIGN_IN_FAILURES = {
  perIp: [{ limit: 60, windowMs: 15 * MINUTE }],
  perPair: [
    { limit: 3, windowMs: 10 * SECOND },
    { limit: 10, windowMs: 15 * MINUTE },
  ],
  perAccount: [
    { limit: 3, windowMs: 10 * SECOND },
    { limit: 20, windowMs: 15 * MINUTE },
    { limit: 100, windowMs: DAY },
  ],
  perDevice: [
    { limit: 3, windowMs: 10 * SECOND },
    { limit: 20, windowMs: 15 * MINUTE },
  ],
  /** The owner is told by email after `after` failures (from anywhere) within `windowMs`, at most once per `oncePer`. */
  warnOwner: { after: 10, windowMs: 15 * MINUTE, oncePer: 60 * MINUTE },
} satisfies Record<string, Limit[] | { after: number; windowMs: number; oncePer: number }>;

export type LimitName = keyof typeof LIMITS;

type Entry = [key: string, limit: Limit];

function entriesOf(name: LimitName, { address, ip }: { address?: string; ip: string }): Entry[] {
  const { perAddress, perIp } = LIMITS[name];
  return [
    ...(address ? perAddress.map((limit, index): Entry => [`${name}:a${index}:${address.toLowerCase()}`, limit]) : []),
    ...perIp.map((limit, index): Entry => [`${name}:i${index}:${ip}`, limit]),
  ];
}

/** Counts one attempt of `name` for this address (or user id) and IP. */
export function checkLimit(name: LimitName, key: { address?: string; ip: string }): Promise<LimitResult> {
  return hitLimits(entriesOf(name, key));
}

/** An attempt counted up front; `release()` takes it back when it turns out not to count. */
export type Reservation = { release: () => Promise<void> };

type Taken = Reservation & { refused: Entry[]; retryAfterSeconds: number };

/**
 * Counts one attempt under every key at once (atomic per key, so parallel attempts cannot slip past a full
 * window). When any window is full the attempt is taken back at once: only the attempts let through can be kept.
 */
async function take(entries: Entry[]): Promise<Taken> {
  const results = await Promise.all(entries.map(([key, limit]) => hitLimit(key, limit)));
  const release = () => releaseHits(entries.map(([key]) => key));
  const refused = entries.filter((_, index) => !results[index]!.allowed);
  if (!refused.length) return { release, refused, retryAfterSeconds: 0 };
  await release();
  const retryAfterSeconds = Math.max(...results.filter((result) => !result.allowed).map((result) => result.retryAfterSeconds));
  return { release: async () => {}, refused, retryAfterSeconds };
}

/** Like `take`, but a full window throws RATE_LIMITED (with `refusal`'s details). */
async function reserve(entries: Entry[], refusal: (refused: Entry[]) => AppErrorDetails = () => ({})): Promise<Reservation> {
  const taken = await take(entries);
  if (taken.refused.length) throw new AppError("RATE_LIMITED", { ...refusal(taken.refused), retryAfterSeconds: taken.retryAfterSeconds });
  return taken;
}

/** A mail limit's answer: sent, or refused with the wait and the longest window that was full. */
export type MailLimitResult = { sent: true } | { sent: false; retryAfterSeconds: number; windowMs: number };

/**
 * Sends one message to `address` within the named mail limit (`resetMail`, `confirmationMail`, ...): the hit is
 * counted, `send` (which queues the message) runs, and the hit is taken back when a window was full (nothing is
 * sent) or `send` threw (a rolled-back transaction queued nothing). So the limit counts messages, not attempts.
 */
export async function sendWithinLimit(name: LimitName, address: string, send: () => Promise<void>): Promise<MailLimitResult> {
  const taken = await take(entriesOf(name, { address, ip: "" }));
  if (taken.refused.length) return { sent: false, retryAfterSeconds: taken.retryAfterSeconds, windowMs: Math.max(...taken.refused.map(([, limit]) => limit.windowMs)) };
  try {
    await send();
  } catch (error) {
    await taken.release().catch(() => {});
    throw error;
  }
  return { sent: true };
}

/** The 429 of a mail limit that refused: the one-a-minute rule, or the address's mail for the day. */
export function mailLimitError(result: { retryAfterSeconds: number; windowMs: number }, details: AppErrorDetails = {}): AppError {
  return new AppError("RATE_LIMITED", { ...details, retryAfterSeconds: result.retryAfterSeconds, emailLimit: result.windowMs >= DAY ? "day" : "minute" });
}

/** Like enforceLimit, but the caller keeps the attempt counted only when it should count (see `signUpExisting`). */
export function reserveLimit(name: LimitName, key: { address?: string; ip: string }): Promise<Reservation> {
  return reserve(entriesOf(name, key));
}

/**
 * Counts one sign-in attempt against the failure limits that apply and throws RATE_LIMITED when one is full.
 * `device` is the caller's known device for this account, if any. Release the reservation unless the password
 * was wrong.
 */
export function reserveSignIn({ email, ip, device }: { email: string; ip: string; device: { userId: string; deviceId: string } | null }): Promise<Reservation> {
  const { perIp, perPair, perAccount, perDevice } = SIGN_IN_FAILURES;
  const entries: Entry[] = [
    ...perIp.map((limit, index): Entry => [`signIn:fip${index}:${ip}`, limit]),
    ...perPair.map((limit, index): Entry => [`signIn:pair${index}:${email}|${ip}`, limit]),
    ...(device
      ? perDevice.map((limit, index): Entry => [`signIn:dev${index}:${device.userId}|${device.deviceId}`, limit])
      : perAccount.map((limit, index): Entry => [`signIn:acct${index}:${email}`, limit])),
  ];
  // A long per-account wait is the case where the reset email (which makes this browser a known device) helps.
  return reserve(entries, (refused) => ({ accountLocked: refused.some(([key, limit]) => key.startsWith("signIn:acct") && limit.windowMs >= MINUTE) }));
}

/** Counts a failed sign-in toward the owner's warning; true when they should be told now (at most once per `oncePer`). */
export async function signInFailureWarnsOwner(email: string): Promise<boolean> {
  const { after, windowMs, oncePer } = SIGN_IN_FAILURES.warnOwner;
  const failures = await hitLimit(`signIn:warn:${email}`, { limit: after - 1, windowMs });
  if (failures.allowed) return false;
  return (await hitLimit(`signIn:warned:${email}`, { limit: 1, windowMs: oncePer })).allowed;
}

/** Counts one attempt and throws RATE_LIMITED (429 with Retry-After) when a window is full. */
export async function enforceLimit(name: LimitName, key: { address?: string; ip: string }, options: { emailLimit?: boolean } = {}) {
  const result = await checkLimit(name, key);
  if (!result.allowed) throw new AppError("RATE_LIMITED", { retryAfterSeconds: result.retryAfterSeconds, emailLimit: options.emailLimit ? "minute" : undefined });
}

/** A named limit's windows after one hit, each with its name for the RateLimit headers ("minute", "day"). */
export type CountedWindow = WindowState & { name: string; limit: number; windowSeconds: number };

const windowName = (windowMs: number) => (windowMs === MINUTE ? "minute" : windowMs === DAY ? "day" : `${windowMs / 1000}s`);

/**
 * Counts one request of a per-IP limit and reports every window, refused or not: the open data answers each request
 * with its windows' state (the IETF RateLimit headers) rather than only refusing when one is full.
 */
export async function countPerIp(name: LimitName, ip: string): Promise<CountedWindow[]> {
  const windows = LIMITS[name].perIp;
  const states = await Promise.all(windows.map((limit, index) => hitLimit(`${name}:i${index}:${ip}`, limit)));
  return states.map((state, index) => ({ ...state, name: windowName(windows[index]!.windowMs), limit: windows[index]!.limit, windowSeconds: windows[index]!.windowMs / 1000 }));
}
