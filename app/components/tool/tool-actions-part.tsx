import { WatchButton } from "~/components/alerts/watch-buttons";
import { personalPart } from "~/components/personal/personal-part";
import { usePersonalData } from "~/components/personal/personal-data";
import { useToolPersonal } from "~/components/personal/tool-personal";
import { FavoriteButton } from "~/components/reviews/favorite-button";
import { Button } from "~/components/ui/button";
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
      <Button asChild size="lg" variant="outline">
        <a href={`/shortlists/add?tool=${toolSlug}`} data-testid="add-to-shortlist" title={lists.length ? `On your list${lists.length > 1 ? "s" : ""}: ${lists.join(", ")}` : undefined}>
          <Icon name={lists.length ? "check" : "layers"} /> {lists.length ? `On ${lists.length === 1 ? "a shortlist" : `${lists.length} shortlists`}` : "Add to shortlist"}
        </a>
      </Button>
    </>
  );
});
