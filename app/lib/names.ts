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
 * Two uppercase initials (spec §2.10): of the first and last word, or the
 * first two letters of a single word. Punctuation is ignored, so "Jasper.ai"
 * and "(Beta) Tool" read well on an avatar or a placeholder logo.
 */
export function initialsOf(name: string, fallback = "?"): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return fallback;
  const letters = words.length >= 2 ? words[0]![0]! + words.at(-1)![0]! : words[0]!.slice(0, 2);
  return letters.toUpperCase();
}
