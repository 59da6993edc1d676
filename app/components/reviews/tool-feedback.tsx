import { MessageCircle, ThumbsDown, ThumbsUp } from "lucide-react";
import { useEffect, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { useHydrated } from "~/components/ui/form-parts";
import { Label } from "~/components/ui/input";
import { NoScriptDisclosure } from "~/components/ui/no-script-disclosure";
import { showToast } from "~/components/ui/toast";
import { MESSAGES } from "~/lib/messages";
import type { Reply } from "~/lib/reply";
import { NOTE_MAX } from "~/lib/review-rules";

export type ReactionData = { likes: number; dislikes: number; mine: -1 | 0 | 1 };

const textareaClass = "w-full rounded-md border border-input bg-background px-3 py-2 text-sm";

/**
 * Like / dislike and the 'Share your experience' comment dialog of the tool
 * listing (spec §2.13, §4). Signed-in visitors' feedback is stored (one
 * reaction per tool; a comment becomes a note under the tool's reviews);
 * anonymous visitors' stays in the page, as the spec describes. Both are forms
 * posting to the tool's page, so they work without JavaScript too.
 */
export function ToolFeedback({ toolSlug, toolName, reaction, signedIn }: { toolSlug: string; toolName: string; reaction: ReactionData; signedIn: boolean }) {
  const fetcher = useFetcher<Reply>({ key: `feedback:${toolSlug}` });
  const hydrated = useHydrated();
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
  const action = `/tools/${toolSlug}`;

  function react(event: FormEvent<HTMLFormElement>) {
    const value = Number(new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter).get("value")) as -1 | 0 | 1;
    setMine(value);
    if (value !== 0) showToast(value === 1 ? MESSAGES.feedbackThanksPositive : MESSAGES.feedbackThanksNegative);
    if (!signedIn) event.preventDefault();
  }

  function submitComment(event: FormEvent) {
    if (!text.trim()) {
      event.preventDefault();
      return showToast(MESSAGES.emptyComment);
    }
    if (!signedIn) event.preventDefault();
    showToast(signedIn ? MESSAGES.commentSubmitted : { ...MESSAGES.commentSubmitted, description: "Thank you! Sign in to share comments with other readers." });
    setText("");
    setOpen(false);
  }

  const noteFields = (id: string, controlled: boolean) => (
    <>
      <input type="hidden" name="intent" value="note" />
      <input type="hidden" name="redirectTo" value={`${action}#similar-heading`} />
      <Label htmlFor={id}>Your comment</Label>
      <textarea
        id={id}
        name="body"
        maxLength={NOTE_MAX}
        rows={4}
        className={textareaClass}
        {...(controlled ? { value: text, onChange: (event) => setText(event.target.value) } : { required: true })}
      />
    </>
  );

  return (
    <div className="flex flex-wrap items-center gap-1">
      <fetcher.Form method="post" action={action} onSubmit={react} className="contents">
        <input type="hidden" name="intent" value="reaction" />
        <Button type="submit" name="value" value={mine === 1 ? 0 : 1} variant="ghost" size="sm" aria-pressed={mine === 1} aria-label={`Like ${toolName} (${likes})`}>
          <ThumbsUp className={mine === 1 ? "fill-current" : undefined} aria-hidden="true" /> {likes}
        </Button>
        <Button type="submit" name="value" value={mine === -1 ? 0 : -1} variant="ghost" size="sm" aria-pressed={mine === -1} aria-label={`Dislike ${toolName} (${dislikes})`}>
          <ThumbsDown className={mine === -1 ? "fill-current" : undefined} aria-hidden="true" /> {dislikes}
        </Button>
      </fetcher.Form>
      {hydrated && (
        <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(true)}>
          <MessageCircle aria-hidden="true" /> Comment
        </Button>
      )}
      <NoScriptDisclosure summary={`Comment on ${toolName}`}>
        <form method="post" action={action} className="grid gap-2">
          {noteFields(`comment-${toolSlug}-noscript`, false)}
          <Button type="submit" size="sm" className="justify-self-start">
            Submit
          </Button>
        </form>
      </NoScriptDisclosure>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Share your experience</DialogTitle>
          <DialogDescription>A short note about {toolName} for other readers. It appears under the tool's reviews, without a rating.</DialogDescription>
          <fetcher.Form method="post" action={action} onSubmit={submitComment} className="grid gap-3">
            {noteFields(`comment-${toolSlug}`, true)}
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit">Submit</Button>
            </div>
          </fetcher.Form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
