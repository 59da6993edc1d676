/** Site-wide constants that are copy, not configuration. */
export const SITE_NAME = "AI Tools Atlas";
export const SITE_TAGLINE = "Independent reviews and comparisons of AI tools";
export const TITLE_MAX_LENGTH = 60;
export const MOBILE_BREAKPOINT_PX = 768;
export const HEALTH_POLL_INTERVAL_MS = 30_000;
export const TOAST_DURATION_MS = 3000;
/** How long a copy button says it copied (spec part 2 §4, §9: 'Copied' for a link, 'Copied!' for a coupon code). */
export const COPIED_INDICATOR_MS = 2000;
/** The tools the command palette offers to start with (spec part 1 §2.3: hand-picked, so never called popular). */
export const PALETTE_POPULAR_TOOLS = [
  { slug: "chatgpt", name: "ChatGPT" },
  { slug: "midjourney", name: "Midjourney" },
  { slug: "jasper-ai", name: "Jasper AI" },
] as const;
/** The youngest age at which anyone may use the site (spec part 2 §9; terms and privacy pages). */
export const MINIMUM_AGE = 13;
/** Where a signed-out reader's saved articles live on the device (spec part 2 §2.4; lib/blog/local-bookmarks.ts). */
export const LOCAL_BOOKMARKS_KEY = "bookmarkedPosts";
