import { createContext, useContext, type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { personalDataInPage, type PersonalData } from "~/lib/account/personal-data";

export type { PersonalData };

const ANONYMOUS: PersonalData = { viewer: null, favoriteSlugs: [] };

/** Set by the server when it renders the personal parts alone, for the reader of this request. */
const PersonalDataContext = createContext<PersonalData | null>(null);

export function PersonalDataProvider({ value, children }: { value: PersonalData; children: ReactNode }) {
  return <PersonalDataContext.Provider value={value}>{children}</PersonalDataContext.Provider>;
}

/** The root loader data the page was hydrated with, and the personal data the page carried for it. */
let hydration: { root: object; personal: PersonalData } | undefined;

/**
 * The reader's personal data, wherever a part is rendered: the server's for the parts it fills in; in the browser,
 * the page's own JSON for as long as the root loader data is the one the page was hydrated with (a page served
 * with personal parts carries the anonymous visitor's root data), then the root loader's, which has the reader's
 * own once it reloads (after a sign-in, a sign-out or any other form). A page rendered for this reader alone has
 * no JSON: its root data is theirs from the start.
 */
export function usePersonalData(): PersonalData {
  const forParts = useContext(PersonalDataContext);
  const root = useRouteLoaderData("root") as PersonalData | undefined;
  if (forParts || !root) return forParts ?? ANONYMOUS;
  if (typeof document !== "undefined") {
    hydration ??= { root, personal: personalDataInPage() ?? root };
    if (hydration.root === root) return hydration.personal;
  }
  return root;
}
