import { personalPart } from "~/components/personal/personal-part";
import { usePersonalData } from "~/components/personal/personal-data";
import { FollowButton } from "./watch-buttons";

/** A category page's follow control, a personal part: on or off for this reader. */
export const FollowCategoryPart = personalPart("follow-category", function FollowCategory({ categorySlug }: { categorySlug: string }) {
  const { viewer, followedCategorySlugs } = usePersonalData();
  return <FollowButton categorySlug={categorySlug} following={followedCategorySlugs.includes(categorySlug)} signedIn={viewer !== null} />;
});
