// The read-only banner (decision 090): only the server sends it (components/layout/read-only-banner.tsx), so lib/words.ts,
// which pages load, does not re-export it.

/**
 * Shown on every page rendered or served while the primary database is out of reach, the 'temporarily unavailable'
 * screen included: so it says only what is true on any of them (not that reading works: that page could not be read).
 */
export const READ_ONLY_TITLE = "Changes are paused for a moment.";
export const READ_ONLY_DETAIL = "Our main database is out of reach, so nothing can be saved right now. Saving resumes on its own once it is back.";
