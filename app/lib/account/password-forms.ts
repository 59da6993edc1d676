/**
 * The forms of a password that are looked up in the list of common passwords (decision 037). A leak list holds
 * `monkey` and `p@ssw0rd` but not every `monkey2024!` or `P@ssw0rd123` people make of them, and guessing tools try
 * exactly those changes first: a capital letter, digits or symbols added at the end, letters swapped for look-alike
 * digits. So besides the password itself (lower-cased) we look up:
 *
 * - the password without its trailing digits and symbols (`qwerty123!` → `qwerty`),
 * - the password with the common look-alikes read back as letters (`@`→a, `0`→o, `1`→i or l, `3`→e, `$`→s),
 * - both, in either order (`P@ssw0rd123` → `p@ssw0rd` → `password`; `hell0` → `hello`).
 *
 * A shortened form counts only from 4 characters, so `x!9...` is never refused for matching a one-letter entry.
 */

export const MIN_BASE_LENGTH = 4;

/** Trailing characters that are not letters (in any script): digits, punctuation, symbols, spaces. */
const TRAILING_NON_LETTERS = /[^\p{L}]+$/u;

const LOOK_ALIKES: Record<string, string> = { "@": "a", "0": "o", "3": "e", $: "s" };

/** The password with look-alikes read as letters; `1` is ambiguous, so both readings. */
function readLookAlikes(value: string): string[] {
  const swapped = value.replace(/[@03$]/g, (char) => LOOK_ALIKES[char]!);
  return swapped.includes("1") ? [swapped.replaceAll("1", "i"), swapped.replaceAll("1", "l")] : [swapped];
}

const stripTrailing = (value: string) => value.replace(TRAILING_NON_LETTERS, "");

/** Every form to look up, the lower-cased password first; shortened forms under 4 characters are left out. */
export function passwordForms(password: string): string[] {
  const lower = password.toLowerCase();
  const stripped = stripTrailing(lower);
  const forms = new Set([lower, stripped, ...readLookAlikes(lower), ...readLookAlikes(lower).map(stripTrailing), ...readLookAlikes(stripped)]);
  return [...forms].filter((form) => form === lower || form.length >= MIN_BASE_LENGTH);
}
