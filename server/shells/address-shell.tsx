import type { ReactNode } from "react";
import type { AddressResults } from "~/components/personal/address-results";
import { jsonScript } from "../page-parts/kept-page";

/**
 * A kept shell (decisions 059, 066, 074): one kept page of a route, rendered with `RenderNotes.shell` (its loader data's
 * `result` null, its results part empty), from which every address of the route that shows the same head is served
 * the first time it is asked: the shell with every part rendered at that address (the layout's address parts and the
 * route's results part), the results given to their part by context, and the results as JSON before `</body>`. A new
 * address then costs the reading of its results and the render of its parts, not React Router's render of the whole
 * document streamed through gzip.
 */
export type AddressShell = {
  /** The route whose page the shell is, and whose loader data's `result` its results are. */
  routeId: string;
  /**
   * The address of the shell that serves `url`, or null when none does (the page is rendered in full). Every address a
   * shell serves must have the shell's head (title, description, canonical): only the body has parts.
   */
  shellOf(url: URL): URL | null;
  /** The results shown at `url`, ready to fill the shell with; null when `url` is no page (past the last): rendered in full. */
  resultsAt(url: URL): Promise<ShellResults | null>;
};

/** An address's results: as loaded (the kept page's loader data), around the parts' render (a context), as JSON. */
export type ShellResults = { value: unknown; around: (children: ReactNode) => ReactNode; json: string };

/** A shell of the route whose results part reads `results`, serving the addresses `shellOf` names, their results read by `load`. */
export function addressShell<T>({
  results,
  shellOf,
  load,
}: {
  results: AddressResults<T>;
  shellOf: (url: URL) => URL | null;
  load: (url: URL) => Promise<T | null>;
}): AddressShell {
  const { routeId, jsonId, Context } = results;
  return {
    routeId,
    shellOf,
    async resultsAt(url) {
      const value = await load(url);
      if (value === null) return null;
      return { value, around: (children) => <Context.Provider value={value}>{children}</Context.Provider>, json: jsonScript(jsonId, value) };
    },
  };
}

/**
 * An address as React Router's server reads it for the page (its getNormalizedPath): the query written again by
 * URLSearchParams, so that a space sent as `%20` reads `+`. The parts are rendered at it, as the full render would be.
 */
export function shellAddress(url: URL): URL {
  const address = new URL(url);
  address.search = new URLSearchParams(url.search).toString();
  return address;
}
