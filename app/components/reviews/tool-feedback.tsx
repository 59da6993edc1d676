import { MessageCircle, ThumbsDown, ThumbsUp } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { showToast } from "~/components/account/form-parts";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Label } from "~/components/ui/input";
import { NOTE_MAX, REVIEW_MESSAGES } from "~/lib/review-rules";
import type { ApiBody } from "~/utils/api-types";

export type ReactionData = { likes: number; dislikes: number; mine: -1 | 0 | 1 };

/**
 * Like / dislike and the 'Share your experience' comment dialog of the tool
 * listing (spec §2.13, §4). Signed-in visitors' feedback is stored (one
 * reaction per tool; a comment becomes a note under the tool's reviews);
 * anonymous visitors' stays in the page, as the spec describes.
 */
export function ToolFeedback({ toolSlug, toolName, reaction, signedIn }: { toolSlug: string; toolName: string; reaction: ReactionData; signedIn: boolean }) {
  const fetcher = useFetcher<ApiBody>({ key: `feedback:${toolSlug}` });
  const [mine, setMine] = useState<-1 | 0 | 1>(reaction.mine);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  useEffect(() => setMine(reaction.mine), [reaction.mine]);
  useEffect(() => {
    if (fetcher.data && !fetcher.data.ok) showToast(fetcher.data.toast);
  }, [fetcher.data]);

  // Counts without the viewer's stored reaction, plus their current choice.
  const base = { likes: reaction.likes - (reaction.mine === 1 ? 1 : 0), dislikes: reaction.dislikes - (reaction.mine === -1 ? 1 : 0) };
  const likes = base.likes + (mine === 1 ? 1 : 0);
  const dislikes = base.dislikes + (mine === -1 ? 1 : 0);

  function react(value: 1 | -1) {
    const next = mine === value ? 0 : value;
    setMine(next);
    if (next !== 0) showToast(next === 1 ? REVIEW_MESSAGES.feedbackThanksPositive : REVIEW_MESSAGES.feedbackThanksNegative);
    if (signedIn) fetcher.submit({ kind: "reaction", value: next }, { method: "post", action: `/api/tools/${toolSlug}/feedback`, encType: "application/json" });
  }

  function submitComment(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return showToast(REVIEW_MESSAGES.emptyComment);
    if (signedIn) fetcher.submit({ kind: "note", body: text }, { method: "post", action: `/api/tools/${toolSlug}/feedback`, encType: "application/json" });
    showToast(signedIn ? REVIEW_MESSAGES.commentSubmitted : { ...REVIEW_MESSAGES.commentSubmitted, description: "Thank you! Sign in to share comments with other readers." });
    setText("");
    setOpen(false);
  }

  return (
    <div className="flex flex-wrap items-center gap-1">
      <Button type="button" variant="ghost" size="sm" aria-pressed={mine === 1} aria-label={`Like ${toolName} (${likes})`} onClick={() => react(1)}>
        <ThumbsUp className={mine === 1 ? "fill-current" : undefined} aria-hidden="true" /> {likes}
      </Button>
      <Button type="button" variant="ghost" size="sm" aria-pressed={mine === -1} aria-label={`Dislike ${toolName} (${dislikes})`} onClick={() => react(-1)}>
        <ThumbsDown className={mine === -1 ? "fill-current" : undefined} aria-hidden="true" /> {dislikes}
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <MessageCircle aria-hidden="true" /> Comment
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Share your experience</DialogTitle>
          <DialogDescription>A short note about {toolName} for other readers. It appears under the tool's reviews, without a rating.</DialogDescription>
          <form onSubmit={submitComment} className="grid gap-3">
            <Label htmlFor={`comment-${toolSlug}`}>Your comment</Label>
            <textarea
              id={`comment-${toolSlug}`}
              value={text}
              onChange={(event) => setText(event.target.value)}
              maxLength={NOTE_MAX}
              rows={4}
              className="rounded-md border border-input bg-background px-3 py-2 text-sm"
            />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit">Submit</Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
