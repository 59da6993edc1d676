/** Spec §3: lowercase the full name and turn whitespace into underscores (we also drop characters a URL would mangle). */
export function usernameFromFullName(fullName: string): string {
  const base = fullName
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "_")
    .replace(/[^a-z0-9_]/g, "")
    .slice(0, 30);
  return base.length >= 3 ? base : `${base}user`.slice(0, 30);
}

/**
 * Uppercase initials of a name, punctuation ignored. "first-and-last" (avatars, spec §2.10): the first
 * letters of the first and last words, or the first two letters of a single word ("Jane Q Doe" -> "JD",
 * "Madonna" -> "MA"). "first-two" (monogram logos, editors' badges): the first letter of each of the
 * first two words ("Figma (Figma AI)" -> "FF", "Looka" -> "L").
 */
export function initialsOf(name: string, { style = "first-and-last", fallback = "?" }: { style?: "first-and-last" | "first-two"; fallback?: string } = {}): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return fallback;
  if (style === "first-two")
    return words
      .slice(0, 2)
      .map((word) => word[0]!)
      .join("")
      .toUpperCase();
  const letters = words.length >= 2 ? words[0]![0]! + words.at(-1)![0]! : words[0]!.slice(0, 2);
  return letters.toUpperCase();
}

/** A full name as first and last name for forms that ask for both ('Ada King Lovelace' is 'Ada' and 'King Lovelace'). */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}
