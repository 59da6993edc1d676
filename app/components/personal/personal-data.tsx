import { createContext, useContext, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { personalDataInPage, type PersonalData } from "~/lib/account/personal-data";

export type { PersonalData };

const ANONYMOUS: PersonalData = { viewer: null, favoriteSlugs: [], followedCategorySlugs: [] };

/** Set by the server when it renders the personal parts alone, for the reader of this request. */
export const PersonalDataContext = createContext<PersonalData | null>(null);

export function PersonalDataProvider({ value, children }: { value: PersonalData; children: ReactNode }) {
  return <PersonalDataContext.Provider value={value}>{children}</PersonalDataContext.Provider>;
}

/** The root loader data the page was hydrated with, and the personal data the page carried for it. */
let hydration: { root: object; personal: PersonalData } | undefined;

/**
 * The personal data the page carried, in the browser, for as long as the root loader data is the one the page was
 * hydrated with (a page served with personal parts carries the anonymous visitor's root data); null once the root
 * loader has reloaded (after a sign-in, a sign-out or any other form), and on a page rendered for this reader alone,
 * which has no JSON: its loader data is theirs from the start.
 */
export function personalDataOfHydration(root: object): PersonalData | null {
  if (typeof document === "undefined") return null;
  hydration ??= { root, personal: personalDataInPage() ?? (root as PersonalData) };
  return hydration.root === root ? hydration.personal : null;
}

/**
 * The reader's personal data, wherever a part is rendered: the server's for the parts it fills in; in the browser,
 * the page's own JSON while the page is as it was served, then the root loader's, which has the reader's own once
 * it reloads.
 */
export function usePersonalData(): PersonalData {
  const forParts = useContext(PersonalDataContext);
  const root = useRouteLoaderData("root") as PersonalData | undefined;
  if (forParts || !root) return forParts ?? ANONYMOUS;
  return personalDataOfHydration(root) ?? root;
}
