/**
 * The price check's tasks in /admin/prices, in words (decision 034). Apart from lib/words.ts because only the admin
 * page says them: in the shared words chunk every reader's first load would carry them.
 */

/** The price check's verdicts as /admin/prices names them (decision 034). */
export const PRICE_TASK_TITLES = {
  moved: "Domain may have changed hands",
  changed: "Prices may have changed",
  "needs-person": "Needs a person",
} as const;

const FETCH_ERRORS: Record<string, string> = {
  "blocked-address": "refused: it leads to a private or local address",
  downgrade: "refused: it redirects from https to http",
  redirects: "too many redirects",
  timeout: "no answer in time",
  dns: "the name does not resolve",
  tls: "its certificate is not valid",
  connection: "the connection failed",
  invalid: "not a valid address",
  "too-large": "the page is too large",
  "not-html": "the answer is not a web page",
};

/** Why a check's fetch failed, in words ('it answered 404', 'refused: it leads to a private or local address'). */
export function fetchFailureWords(error = ""): string {
  return /^http-\d+$/.test(error) ? `it answered ${error.slice(5)}` : (FETCH_ERRORS[error] ?? error);
}

/** Why the price check did not confirm a tool's prices, one sentence per finding. */
export function priceTaskReason(reason: string, details: { finalUrl?: string; error?: string; status?: number | null }): string {
  switch (reason) {
    case "other-domain":
      return `The pricing page now ends on another domain: ${details.finalUrl ?? "unknown"}.`;
    case "parked":
      return "The page looks parked or for sale, or never names the tool.";
    case "login":
      return "The page asks visitors to sign in.";
    case "missing":
      return "Some listed prices were not found near their plan's name on the page.";
    case "text-changed":
      return "The page's text changed since its prices were last confirmed.";
    case "no-figures":
      return "The page shows no price without JavaScript (it draws them with a script): compare it in a browser.";
    case "fetch-failed":
      return `The page could not be read (${fetchFailureWords(details.error)}); it was not confirmed.`;
    default:
      return reason;
  }
}
