import { AccountMenuPart } from "~/components/account/account-menu-part";
import { FollowCategoryPart } from "~/components/alerts/follow-category-part";
import { BookmarkButtonPart } from "~/components/blog/bookmark-button-part";
import { SavedArticlesPart } from "~/components/blog/saved-articles-part";
import { SaveToolPart } from "~/components/reviews/save-tool-part";
import { RatingCardPart } from "~/components/reviews/rating-card-part";
import { ReviewSectionPart } from "~/components/reviews/review-section-part";
import { ToolFeedbackPart } from "~/components/reviews/tool-feedback-part";
import { ToolActionsPart } from "~/components/tool/tool-actions-part";
import type { PersonalPart } from "./personal-part";

/**
 * Every personal part, by name, for the server that renders them alone (server/personal-overlay.tsx). Pages import
 * only the parts they show, so a part's code stays out of the pages without it.
 */
export const PERSONAL_PARTS: Record<string, PersonalPart<object>["Part"]> = Object.fromEntries(
  // Each part is given the props its mark carried in the page, which are its own.
  (
    [
      AccountMenuPart,
      SaveToolPart,
      ToolActionsPart,
      RatingCardPart,
      ReviewSectionPart,
      ToolFeedbackPart,
      FollowCategoryPart,
      SavedArticlesPart,
      BookmarkButtonPart,
    ] as unknown as PersonalPart<object>[]
  ).map((part) => [part.partName, part.Part]),
);
