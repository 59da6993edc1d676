import { TOOL_PAGE_ROUTE_ID } from "~/lib/account/personal-routes";
import { useActionData, useRouteLoaderData } from "react-router";
import { personalPart } from "~/components/personal/personal-part";
import { useToolPersonal } from "~/components/personal/tool-personal";

import type { Reply } from "~/lib/reply";
import type { ToolCommunity } from "~/models/review/queries.server";
import { hydrateLater } from "~/components/ui/hydrate-later";

/** The reviews, their forms and dialogs: the largest code of a tool page, far below its fold (issue 30). */
const ReviewSection = hydrateLater(() => import("./review-section").then((module) => module.ReviewSection));

/** What of the tool page's loader data the section shows: the same for every reader. */
type ToolPageShared = { community: ToolCommunity; detail: { tool: { id: number; slug: string; name: string } } };

/**
 * A tool page's reader reviews, a personal part: the reader's own review (marked, with its edit, delete and proof
 * forms, and in the form), their votes, reports and replies, and whether they may reply. Its shared data comes from
 * the page's loader data, which the server gives the parts it renders alone too, so the mark carries only the tool.
 */
export const ReviewSectionPart = personalPart("review-section", function ReviewSectionForReader({ toolId }: { toolId: number }) {
  const { community, detail } = useRouteLoaderData(TOOL_PAGE_ROUTE_ID) as ToolPageShared;
  const personal = useToolPersonal(toolId);
  // A review posted without JavaScript and refused comes back with what was typed (a form post is never a shared page).
  const reply = useActionData() as Reply | undefined;
  const reviews = community.reviews.map((review) => ({
    ...review,
    isOwn: personal?.own?.id === review.id,
    voted: personal?.voted.includes(review.id) ?? false,
    reported: personal?.reported.includes(review.id) ?? false,
    replies: review.replies.map((answer) => ({ ...answer, isOwn: personal?.ownReplyIds.includes(answer.id) ?? false })),
  }));
  const { tool } = detail;
  return (
    <ReviewSection
      tool={{ id: tool.id, slug: tool.slug, name: tool.name }}
      viewerId={personal?.viewerId ?? null}
      own={personal?.own ?? null}
      reviews={reviews}
      reviewCount={community.summary.reviewCount}
      page={community.page}
      pageCount={community.pageCount}
      notes={community.notes}
      reply={reply}
      verifiedOnly={community.verifiedOnly}
      verifiedCount={community.summary.verifiedCount}
      canReply={personal?.canReply ?? false}
    />
  );
});
