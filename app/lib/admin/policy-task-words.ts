import { fetchFailureWords } from "./price-task-words";

/**
 * Why the policy watch could not read a page (issue 44), one sentence per reason, for /admin/policies. Beside the
 * price check's words (lib/admin/price-task-words.ts), whose fetch failures it shares; only the admin page says them.
 */
export function policyBlindReason(reason: string, details: { finalUrl?: string; error?: string }): string {
  switch (reason) {
    case "fetch-failed":
      return `The page could not be read (${fetchFailureWords(details.error)}).`;
    case "other-domain":
      return `The address now ends on another domain: ${details.finalUrl ?? "unknown"}.`;
    case "login":
      return "The page asks visitors to sign in.";
    case "no-text":
      return "The page shows next to no text without JavaScript: read it in a browser.";
    default:
      return reason;
  }
}
