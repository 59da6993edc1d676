/** The personal data a page filled with a reader's parts carries beside React Router's loader data (decision 054). */
export const PERSONAL_JSON = /<script type="application\/json" id="personal-data">([\s\S]*?)<\/script>/;

/** The results a page served from a kept shell carries beside React Router's loader data (decisions 059, 074). */
export const RESULTS_JSON = /<script type="application\/json" id="(?:search|directory)-result">[\s\S]*?<\/script>/;

/**
 * The page without what is meant to differ between the page rendered for the reader and the kept page filled with
 * their parts, and nothing else: React Router's loader data (the kept page carries the anonymous visitor's root data,
 * the reader's own is the personal JSON), the personal JSON itself, the results' JSON of a page kept from a shell (the
 * reader's render has them in its loader data), the CSP nonce (one per request), and a reading page's "signed in"
 * mark on its script (the kept page's script reads the JSON instead).
 */
export const comparable = (html: string) =>
  html
    .replace(PERSONAL_JSON, "")
    .replace(RESULTS_JSON, "")
    .replace(/<script[^>]*>[^<]*__reactRouter[\s\S]*?<\/script>/g, "<!-- loader data -->")
    .replace(/ nonce="[^"]*"/g, "")
    .replace(/ data-signed-in=""/g, "");
