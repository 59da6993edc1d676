import { WatchButton } from "~/components/alerts/watch-buttons";
import { personalPart } from "~/components/personal/personal-part";
import { usePersonalData } from "~/components/personal/personal-data";
import { useToolPersonal } from "~/components/personal/tool-personal";
import { FavoriteButton } from "~/components/reviews/favorite-button";

/** A tool page's save and watch controls, a personal part: on or off for this reader. */
export const ToolActionsPart = personalPart("tool-actions", function ToolActions({ toolId, toolSlug }: { toolId: number; toolSlug: string }) {
  const { viewer, favoriteSlugs } = usePersonalData();
  const personal = useToolPersonal(toolId);
  const signedIn = viewer !== null;
  return (
    <>
      <FavoriteButton toolSlug={toolSlug} favorited={favoriteSlugs.includes(toolSlug)} signedIn={signedIn} />
      <WatchButton toolSlug={toolSlug} watching={personal?.watching ?? false} signedIn={signedIn} />
    </>
  );
});
