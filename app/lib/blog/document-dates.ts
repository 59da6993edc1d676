/**
 * When each legal document last changed: the page prints it as 'Last updated' and the sitemap gives it as
 * `lastmod`, so both read it from here. Change a date with the document's words.
 */
export const DOCUMENT_UPDATED = {
  "/terms": "2026-11-23",
  "/privacy": "2026-11-26",
  "/affiliate-disclosure": "2026-11-23",
  "/how-we-review": "2026-12-04",
  "/developers": "2026-12-05",
} as const;
