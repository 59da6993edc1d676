import type { ViewerSummary } from "./account-nav";

/**
 * What makes a shared page this reader's (decision 054): who is signed in and which tools they saved. The personal
 * parts of a page (components/personal) are the only places that show it, so a signed-in reader can be served the
 * page kept for anonymous visitors with just those parts rendered for them (server/personal-overlay.tsx).
 */
export type PersonalData = { viewer: ViewerSummary | null; favoriteSlugs: string[] };

/** The id of the JSON a page served with personal parts carries beside React Router's loader data. */
export const PERSONAL_DATA_ID = "personal-data";

/** The personal data a page served with personal parts carries, in the browser; null on any other page. */
export function personalDataInPage(): PersonalData | null {
  const text = document.getElementById(PERSONAL_DATA_ID)?.textContent;
  return text ? (JSON.parse(text) as PersonalData) : null;
}
