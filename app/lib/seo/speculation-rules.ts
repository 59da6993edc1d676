/**
 * Speculation Rules of reading pages (decision 049): browsers that support them fetch a same-site page the
 * reader is about to open (pointer resting on its link, or a press on a phone) and render the likely next read,
 * a link in the page's main content, before it is opened. Never fetched ahead: anything with a side effect or
 * personal to the reader, and any URL with a query (a search, a filter, a form's answer).
 */
export const NOT_SPECULATED = [
  "/go/*", // counts a click and leaves the site
  "/auth*", // sign-in, sign-out, one-time email links
  "/profile",
  "/favorites",
  "/my-reviews",
  "/settings*",
  "/dashboard*",
  "/admin*",
  "/api/*",
  "/uploads/*",
  "/resources/theme",
  "/newsletter/*", // confirm and unsubscribe links
  "/unsubscribe/*",
  "/verification/run",
  "/*.csv",
  "/*.xml",
  "/*.txt",
];

/** Links that are not plain same-site pages: with a query, opening elsewhere, downloads, paid links. */
const NOT_PAGE_LINKS = "a[href*='?'], a[target], a[download], a[rel~='nofollow']";

const allowed = [{ href_matches: "/*" }, { not: { href_matches: NOT_SPECULATED } }, { not: { selector_matches: NOT_PAGE_LINKS } }];

export const SPECULATION_RULES = {
  prerender: [{ where: { and: [...allowed, { selector_matches: "main a" }] }, eagerness: "moderate" }],
  prefetch: [{ where: { and: allowed }, eagerness: "moderate" }],
};

/** The rules as the `<script type="speculationrules">` text; `<` never appears in them, so they cannot end the script. */
export const SPECULATION_RULES_JSON = JSON.stringify(SPECULATION_RULES);
