// The read-only banner (decision 090; lib/words.ts re-exports it; the health banner imports it from here).

/**
 * Shown on every page rendered or served while the primary database is out of reach, the 'temporarily unavailable'
 * screen included: so it says only what is true on any of them (not that reading works: that page could not be read).
 */
export const READ_ONLY_BANNER = {
  title: "Changes are paused for a moment.",
  description: "Our main database is out of reach, so nothing can be saved right now. Saving resumes on its own once it is back.",
} as const;
