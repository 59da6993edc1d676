import { personalPart } from "~/components/personal/personal-part";
import { usePersonalData } from "~/components/personal/personal-data";
import { FavoriteButton } from "./favorite-button";

/** A tool card's save control, a personal part: on or off for this reader. */
export const SaveToolPart = personalPart("save-tool", function SaveTool({ slug, name }: { slug: string; name: string }) {
  const { viewer, favoriteSlugs } = usePersonalData();
  return <FavoriteButton toolSlug={slug} toolName={name} favorited={favoriteSlugs.includes(slug)} signedIn={viewer !== null} compact />;
});
