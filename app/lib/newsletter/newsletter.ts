/** The newsletter boxes of the site; each subscriber keeps the one they used. */
export const NEWSLETTER_SOURCES = ["home", "footer", "blog", "article", "newsletter"] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];
