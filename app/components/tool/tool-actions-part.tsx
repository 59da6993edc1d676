import { WatchButton } from "~/components/alerts/watch-buttons";
import { personalPart } from "~/components/personal/personal-part";
import { usePersonalData } from "~/components/personal/personal-data";
import { useToolPersonal } from "~/components/personal/tool-personal";
import { FavoriteButton } from "~/components/reviews/favorite-button";
import { Icon } from "~/components/ui/icon";

/**
 * A tool page's save, watch and shortlist controls, a personal part: on or off for this reader. "Add to shortlist"
 * is a link to the one form that adds (choose a list or name a new one, a note): the same with or without JavaScript;
 * a signed-out visitor signs in there first. A reader sees which of their lists already hold the tool.
 */
export const ToolActionsPart = personalPart("tool-actions", function ToolActions({ toolId, toolSlug }: { toolId: number; toolSlug: string }) {
  const { viewer, favoriteSlugs } = usePersonalData();
  const personal = useToolPersonal(toolId);
  const signedIn = viewer !== null;
  const lists = personal?.shortlists ?? [];
  return (
    <>
      <FavoriteButton toolSlug={toolSlug} favorited={favoriteSlugs.includes(toolSlug)} signedIn={signedIn} />
      <WatchButton toolSlug={toolSlug} watching={personal?.watching ?? false} signedIn={signedIn} />
      <a href={`/shortlists/add?tool=${toolSlug}`} className="btn btn-outline btn-size-lg" data-testid="add-to-shortlist" title={lists.join(", ") || undefined}>
        <Icon name="layers" /> {lists.length ? `On ${lists.length} shortlist${lists.length > 1 ? "s" : ""}` : "Add to shortlist"}
      </a>
    </>
  );
});
