import { createContext, useContext, type Context } from "react";
import { useRouteLoaderData } from "react-router";

/**
 * What an address part shows beside the address itself: a search's results, a directory page's tools (decisions 059,
 * 066, 074). A page served from its kept shell (server/shells) carries the shell's loader data, whose `result` is
 * null: the server gives the parts the address's results by `Context` when it renders them, and the page carries them
 * as JSON under `jsonId`, which the parts read in the browser while the page is as it was served. Any later load of
 * the route (a client navigation, a form's revalidation) brings them in its loader data's `result`, which then wins.
 */
export type AddressResults<T> = { routeId: string; jsonId: string; Context: Context<T | null> };

export function addressResults<T>(routeId: string, jsonId: string): AddressResults<T> {
  return { routeId, jsonId, Context: createContext<T | null>(null) };
}

/** The page's own results JSON, read once per document (a page served from a shell never changes it). */
const inPage = new WeakMap<Element, unknown>();

function resultInPage<T>(jsonId: string): T | null {
  if (typeof document === "undefined") return null;
  const element = document.getElementById(jsonId);
  if (!element?.textContent) return null;
  if (!inPage.has(element)) inPage.set(element, JSON.parse(element.textContent));
  return inPage.get(element) as T;
}

/** The results an address part shows: the server's for the page it fills in, else the route's loader data, else (in the browser, on a page as served from its shell) the page's JSON. */
export function useAddressResult<T>({ routeId, jsonId, Context }: AddressResults<T>): T | null {
  const filling = useContext(Context);
  const loaded = (useRouteLoaderData(routeId) as { result?: T | null } | undefined)?.result ?? null;
  return filling ?? loaded ?? resultInPage<T>(jsonId);
}
