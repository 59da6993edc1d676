import { personalPart } from "~/components/personal/personal-part";
import { usePersonalData } from "~/components/personal/personal-data";
import { useToolPersonal } from "~/components/personal/tool-personal";
import { RatingCard, type RatingSummaryData } from "./rating-card";

/** A tool page's community rating card, a personal part: the reader's own rating is shown and can be changed. */
export const RatingCardPart = personalPart(
  "rating-card",
  function RatingCardForReader({ toolId, toolSlug, toolName, summary }: { toolId: number; toolSlug: string; toolName: string; summary: RatingSummaryData }) {
    const signedIn = usePersonalData().viewer !== null;
    const ownRating = useToolPersonal(toolId)?.own?.rating ?? null;
    // A new own rating (after the loaders reload) starts the card afresh.
    return <RatingCard key={ownRating ?? 0} toolSlug={toolSlug} toolName={toolName} summary={summary} ownRating={ownRating} signedIn={signedIn} />;
  },
);
