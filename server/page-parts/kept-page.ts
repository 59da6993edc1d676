import type { ReactNode } from "react";
import { PERSONAL_DATA_ID, type PersonalData } from "~/lib/account/personal-data";
import type { RenderedRoute } from "~/utils/request-context";
import { findParts } from "./find-parts";
import { joinPieces, piecesFor, type Pieces } from "./pieces";
import { renderParts } from "./render-parts";

/**
 * The parts of a kept page (decisions 054, 059, 066), found once when the page is kept: the routes it was rendered in
 * and the page cut for each fill. `forReader`: around its personal parts, for a signed-in reader (null when a
 * loader read the viewer: the page is then the reader's alone, rendered for them). `forAddress`: around every part,
 * for the same page at another address (the search shell). Either is null when the page cannot be filled that way.
 */
export type KeptPageParts = { route: RenderedRoute; forReader: Pieces | null; forAddress: Pieces | null };

/** The page's parts, or null when it has none (or none the server can fill): then it is only ever served as it is. */
export function keptPageParts(body: Buffer, route: RenderedRoute, { viewerRead }: { viewerRead: boolean }): KeptPageParts | null {
  const html = body.toString("utf8");
  const found = findParts(html);
  if (!found?.parts.length) return null;
  const forReader = viewerRead ? null : piecesFor(body, html, found, ["personal"]);
  const forAddress = piecesFor(body, html, found, ["personal", "address"]);
  return forReader || forAddress ? { route, forReader, forAddress } : null;
}

/**
 * Data a filled page carries beside React Router's loader data (personal data, a search's results): JSON, which
 * never runs, so the kept page's script hashes stay its whole CSP; no `<` in it can end the element or open a comment.
 */
export const jsonScript = (id: string, value: unknown) => `<script type="application/json" id="${id}">${JSON.stringify(value).replaceAll("<", "\\u003c")}</script>`;

/**
 * The kept page for a signed-in reader: its personal parts rendered for them at `url` (the kept page's own address),
 * their personal data as JSON before `</body>`. Null when the page has no such fill or its parts cannot be rendered
 * alone: the page is then rendered for the reader in full.
 */
export async function fillForReader(parts: KeptPageParts, url: URL, personal: PersonalData): Promise<Buffer | null> {
  if (!parts.forReader) return null;
  const rendered = await renderParts(parts.route, url, parts.forReader.holes, { personal });
  return rendered && joinPieces(parts.forReader, rendered, jsonScript(PERSONAL_DATA_ID, personal));
}

/**
 * The kept page as it is at another address of its route (a search's, from the search shell): every part rendered
 * there for an anonymous visitor, with what `around` provides them (the search's results), and `json` before
 * `</body>`. Null as `fillForReader`.
 */
export async function fillForAddress(parts: KeptPageParts, url: URL, { around, json }: { around: (children: ReactNode) => ReactNode; json: string }): Promise<Buffer | null> {
  if (!parts.forAddress) return null;
  const anonymous: PersonalData = { viewer: null, favoriteSlugs: [], followedCategorySlugs: [] };
  const rendered = await renderParts(parts.route, url, parts.forAddress.holes, { personal: anonymous, around });
  return rendered && joinPieces(parts.forAddress, rendered, json);
}
