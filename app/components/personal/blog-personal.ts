import { useContext } from "react";
import { useRouteLoaderData } from "react-router";
import type { BlogPersonal } from "~/lib/account/personal-data";
import { PersonalDataContext } from "./personal-data";

/**
 * The signed-in reader's part of a blog page (`routeId`: the list or an article), or null (signed out). Blog pages are
 * reading pages (decision 049): their parts are only ever rendered on the server, from the server's personal data when
 * it fills a shared page in, else from the route's `personal`, read for the reader the page was rendered for.
 */
export function useBlogPersonal(routeId: string): BlogPersonal | null {
  const forParts = useContext(PersonalDataContext);
  const page = useRouteLoaderData(routeId) as { personal?: BlogPersonal | null } | undefined;
  return forParts ? (forParts.blog ?? null) : (page?.personal ?? null);
}
