import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * How account passwords are hashed (decision 094): scrypt, with Better Auth's own parameters and its stored form
 * (`<salt>:<key>`, the salt's hex text as scrypt's salt, the password NFKC-normalized), so every hash stored before
 * this module verifies as it did. The one other cost is for the test suite only (PASSWORD_HASHING=test-only-fast):
 * the suite signs up and signs in about a thousand times, and each standard hash is about 0.1 s of CPU on the CI
 * machine. Its hashes carry their own prefix, and a site hashing at the standard cost refuses them, so a hash made
 * at the cheap cost can never sign anyone in on a real site.
 */
type Cost = { N: number; r: number; p: number };

/** Better Auth's scrypt parameters (@better-auth/utils' password.node.mjs): 32 MB and about 0.1 s of CPU a hash. */
const STANDARD: Cost = { N: 16384, r: 16, p: 1 };
/** 1/32 of the standard's work, for the tests: still scrypt, still salted, still compared in constant time. */
const TEST_ONLY: Cost = { N: 1024, r: 8, p: 1 };
const KEY_BYTES = 64;
const TEST_ONLY_PREFIX = "test-only-fast:";

export const PASSWORD_HASHING_MODES = ["standard", "test-only-fast"] as const;
export type PasswordHashing = (typeof PASSWORD_HASHING_MODES)[number];

function derive(password: string, salt: string, { N, r, p }: Cost): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_BYTES, { N, r, p, maxmem: 128 * N * r * 2 }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Better Auth's `emailAndPassword.password`: hash and verify at the site's cost. */
export function passwordHasher(mode: PasswordHashing) {
  const fast = mode === "test-only-fast";
  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16).toString("hex");
      const key = await derive(password, salt, fast ? TEST_ONLY : STANDARD);
      return `${fast ? TEST_ONLY_PREFIX : ""}${salt}:${key.toString("hex")}`;
    },
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      const madeFast = hash.startsWith(TEST_ONLY_PREFIX);
      // A hash made at the test-only cost signs nobody in on a site hashing at the standard cost.
      if (madeFast && !fast) return false;
      const [salt, key, extra] = (madeFast ? hash.slice(TEST_ONLY_PREFIX.length) : hash).split(":");
      if (!salt || !key || extra !== undefined) return false;
      const expected = Buffer.from(key, "hex");
      const derived = await derive(password, salt, madeFast ? TEST_ONLY : STANDARD);
      return expected.length === derived.length && timingSafeEqual(derived, expected);
    },
  };
}
