import { lazy, Suspense, useEffect, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/form-parts";
import { Label } from "~/components/ui/input";
import { NoScriptDisclosure } from "~/components/ui/no-script-disclosure";
import { showMessage, showToast } from "~/components/ui/toast";
import type { Reply } from "~/lib/reply";
import { NOTE_MAX } from "~/lib/review/review-rules";
import { Icon } from "~/components/ui/icon";

// The comment dialog loads when "Comment" is first pressed.
const CommentDialog = lazy(() => import("./comment-dialog"));

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
  const [dialogUsed, setDialogUsed] = useState(false);
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
    if (value !== 0) showMessage(value === 1 ? "feedbackThanksPositive" : "feedbackThanksNegative");
    if (!signedIn) event.preventDefault();
  }

  function submitComment(event: FormEvent) {
    if (!text.trim()) {
      event.preventDefault();
      return showMessage("emptyComment");
    }
    if (!signedIn) event.preventDefault();
    showMessage(signedIn ? "commentSubmitted" : "commentSubmittedSignIn");
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
        <Button type="submit" name="value" value={mine === 1 ? 0 : 1} variant="ghost" size="sm" aria-pressed={mine === 1} aria-label={`Like ${toolName}, ${likes}`}>
          <Icon name="thumbs-up" className={mine === 1 ? "fill-current" : undefined} /> {likes}
        </Button>
        <Button type="submit" name="value" value={mine === -1 ? 0 : -1} variant="ghost" size="sm" aria-pressed={mine === -1} aria-label={`Dislike ${toolName}, ${dislikes}`}>
          <Icon name="thumbs-down" className={mine === -1 ? "fill-current" : undefined} /> {dislikes}
        </Button>
      </fetcher.Form>
      {hydrated && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            setDialogUsed(true);
            setOpen(true);
          }}
        >
          <Icon name="message-circle" /> Comment
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
      {dialogUsed && (
        <Suspense fallback={null}>
          <CommentDialog open={open} onOpenChange={setOpen} toolName={toolName} Form={fetcher.Form} action={action} onSubmit={submitComment}>
            {noteFields(`comment-${toolSlug}`, true)}
          </CommentDialog>
        </Suspense>
      )}
    </div>
  );
}
