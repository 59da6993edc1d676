import { AppError } from "./errors.server";
import { hitLimits, type Limit, type LimitResult } from "./rate-limit.server";

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Every named limit of the site in one table (accounts, community writes). The short windows match Better Auth's
 * defaults (3 sign-ins per 10 s); the longer ones stop slow guessing and
 * mail bombing. Keys are per address and per client IP; both are counted.
 */
export const LIMITS = {
  signIn: {
    perAddress: [
      { limit: 3, windowMs: 10 * SECOND },
      { limit: 20, windowMs: 15 * MINUTE },
    ],
    perIp: [
      { limit: 3, windowMs: 10 * SECOND },
      { limit: 60, windowMs: 15 * MINUTE },
    ],
  },
  signUp: {
    perAddress: [{ limit: 3, windowMs: 10 * SECOND }],
    perIp: [
      { limit: 3, windowMs: 10 * SECOND },
      { limit: 20, windowMs: 60 * MINUTE },
    ],
  },
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
} satisfies Record<string, { perAddress: Limit[]; perIp: Limit[] }>;

export type LimitName = keyof typeof LIMITS;

/** Counts one attempt of `name` for this address (or user id) and IP. */
export function checkLimit(name: LimitName, { address, ip }: { address?: string; ip: string }): Promise<LimitResult> {
  const { perAddress, perIp } = LIMITS[name];
  const entries: [string, Limit][] = [
    ...(address ? perAddress.map((limit, index): [string, Limit] => [`${name}:a${index}:${address.toLowerCase()}`, limit]) : []),
    ...perIp.map((limit, index): [string, Limit] => [`${name}:i${index}:${ip}`, limit]),
  ];
  return hitLimits(entries);
}

/** Counts one attempt and throws RATE_LIMITED (429 with Retry-After) when a window is full. */
export async function enforceLimit(name: LimitName, key: { address?: string; ip: string }, options: { emailLimit?: boolean } = {}) {
  const result = await checkLimit(name, key);
  if (!result.allowed) throw new AppError("RATE_LIMITED", { retryAfterSeconds: result.retryAfterSeconds, emailLimit: options.emailLimit });
}
