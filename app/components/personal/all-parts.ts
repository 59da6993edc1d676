import { AccountMenuPart } from "~/components/account/account-menu-part";
import { FollowCategoryPart } from "~/components/alerts/follow-category-part";
import { BookmarkButtonPart } from "~/components/blog/bookmark-button-part";
import { SavedArticlesPart } from "~/components/blog/saved-articles-part";
import { HeaderSearchPart } from "~/components/layout/header-search-part";
import { ReturnAddressPart } from "~/components/layout/return-address-part";
import { SaveToolPart } from "~/components/reviews/save-tool-part";
import { RatingCardPart } from "~/components/reviews/rating-card-part";
import { ReviewSectionPart } from "~/components/reviews/review-section-part";
import { ToolFeedbackPart } from "~/components/reviews/tool-feedback-part";
import { SearchResultsPart } from "~/components/search/search-results-part";
import { DirectoryResultsPart } from "~/components/tool/directory-results-part";
import { ToolActionsPart } from "~/components/tool/tool-actions-part";
import type { PagePart, PartKind } from "./personal-part";

/** A part as the server renders it alone: its kind and its component, given the props its mark carried in the page. */
export type RegisteredPart = { kind: PartKind; Part: (props: Record<string, unknown>) => React.ReactNode };

/**
 * Every part, by name, for the server that renders them alone (server/page-parts). Pages import only the parts they
 * show, so a part's code stays out of the pages without it. A part missing here is never rendered alone: a page that
 * has it is rendered in full for each reader (slower, never wrong), and the equivalence test names it.
 */
const PARTS: PagePart<never>[] = [
  AccountMenuPart,
  SaveToolPart,
  ToolActionsPart,
  RatingCardPart,
  ReviewSectionPart,
  ToolFeedbackPart,
  FollowCategoryPart,
  SavedArticlesPart,
  BookmarkButtonPart,
  HeaderSearchPart,
  ReturnAddressPart,
  SearchResultsPart,
  DirectoryResultsPart,
];

export const PAGE_PARTS: ReadonlyMap<string, RegisteredPart> = new Map(
  // A part is given the props its mark carried, which its own component wrote: they are its own props.
  PARTS.map((part) => [part.partName, { kind: part.kind, Part: part.Part as unknown as RegisteredPart["Part"] }]),
);
