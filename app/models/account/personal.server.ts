import type { PersonalData } from "~/lib/account/personal-data";
import { listFavoriteSlugs } from "~/models/review/queries.server";
import type { Viewer } from "~/utils/request-context";

/**
 * The personal data of a reader (decision 054), the one way it is read: by the root loader for a page rendered for
 * them, and by the server when it fills the personal parts of a shared page in (server/personal-overlay.ts).
 */
export async function personalDataFor(viewer: Viewer | null): Promise<PersonalData> {
  if (!viewer) return { viewer: null, favoriteSlugs: [] };
  return { viewer: { name: viewer.name, email: viewer.email, image: viewer.image }, favoriteSlugs: await listFavoriteSlugs(viewer.id) };
}
