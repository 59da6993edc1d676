import { personalPart } from "~/components/personal/personal-part";
import { usePersonalData } from "~/components/personal/personal-data";
import { useToolPersonal } from "~/components/personal/tool-personal";
import { ToolFeedback } from "./tool-feedback";

type Props = { pageToolId: number; toolId: number; toolSlug: string; toolName: string; likes: number; dislikes: number };

/** Like, dislike and comment on a similar tool of a tool page, a personal part: the reader's own reaction is marked. */
export const ToolFeedbackPart = personalPart("tool-feedback", function ToolFeedbackForReader({ pageToolId, toolId, toolSlug, toolName, likes, dislikes }: Props) {
  const signedIn = usePersonalData().viewer !== null;
  const mine = useToolPersonal(pageToolId)?.reactions[toolId] ?? 0;
  return <ToolFeedback toolSlug={toolSlug} toolName={toolName} reaction={{ likes, dislikes, mine }} signedIn={signedIn} />;
});
