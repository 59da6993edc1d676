import { personalPart } from "~/components/personal/personal-part";
import { usePersonalData } from "~/components/personal/personal-data";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { FavoriteButton } from "./favorite-button";

/**
 * A tool card's save control, a personal part: on or off for this reader. A signed-in reader also gets "Add to
 * shortlist" (issue 47), a link to the one form that adds: nothing for an anonymous visitor, so the kept cards do not
 * grow.
 */
export const SaveToolPart = personalPart("save-tool", function SaveTool({ slug, name }: { slug: string; name: string }) {
  const { viewer, favoriteSlugs } = usePersonalData();
  return (
    <>
      <FavoriteButton toolSlug={slug} toolName={name} favorited={favoriteSlugs.includes(slug)} signedIn={viewer !== null} compact />
      {viewer && (
        <Button asChild variant="ghost" size="icon">
          <a href={`/shortlists/add?tool=${slug}`} aria-label="Add to shortlist">
            <Icon name="layers" />
          </a>
        </Button>
      )}
    </>
  );
});
