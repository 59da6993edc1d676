// The read-only banner (decision 090; lib/words.ts re-exports it; the health banner imports it from here).

/**
 * Shown on every page while the primary database is out of reach. Only what is true whatever the page: it is showing,
 * so reading works; what cannot be saved now is refused and kept in its form, never lost silently.
 */
export const READ_ONLY_BANNER = {
  title: "Changes are paused for a moment.",
  description: "Our main database is out of reach, so nothing can be saved right now; reading still works. Saving resumes on its own once it is back.",
} as const;
