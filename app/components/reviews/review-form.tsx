import { useEffect, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { useAccountDialog } from "~/components/account/account-dialog";
import { Button } from "~/components/ui/button";
import { ResultMessage, useHydrated } from "~/components/ui/form-parts";
import { Label } from "~/components/ui/input";
import { showMessage, showToast } from "~/components/ui/toast";
import type { Reply } from "~/lib/reply";
import { aiContentWarning, imageFileProblem, REVIEW_COMMENT_MAX, REVIEW_MAX_IMAGES } from "~/lib/review/review-rules";
import { adoptAnonymousDraft, clearDraft, failedQueue, loadDraft, queueFailedSubmit, saveDraft } from "./drafts";
import { StarInput } from "./star-input";
import { Icon } from "~/components/ui/icon";

export type OwnReview = { id: number; rating: number; comment: string; images: string[]; hidden?: boolean; verified?: boolean; proofPending?: boolean } | null;
type Props = {
  tool: { id: number; slug: string; name: string };
  viewerId: string | null;
  own: OwnReview;
  /** The dialog and the inline form word a missing rating differently (spec §5). */
  variant: "inline" | "dialog";
  onDone?: () => void;
  /** The page's reply when this form was posted without JavaScript (refusals keep what was typed). */
  reply?: Reply;
};
type Stage = "idle" | "uploading" | "submitting";

async function postApi(url: string, body: FormData | object): Promise<Reply<{ url?: string }>> {
  const init = body instanceof FormData ? { body } : { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } };
  const response = await fetch(url, { method: "POST", ...init });
  return (await response.json()) as Reply<{ url?: string }>;
}

/**
 * The review form of spec §4: stars, comment with a /500 counter, up to 3 images, drafts kept locally.
 * Without JavaScript it is a multipart form posted to the tool page (review and images in one request);
 * with it, the images go first (/api/uploads) and then the review (/api/reviews), so each stage shows.
 */
export function ReviewForm({ tool, viewerId, own, variant, onDone, reply }: Props) {
  // Not useId: the form is in a personal part, which the server renders alone and must give the ids the page has (decision 054).
  const id = `review-${variant}-${tool.id}`;
  const dialog = useAccountDialog();
  const revalidator = useRevalidator();
  const draftOwner = viewerId ?? "anonymous";
  const hydrated = useHydrated();
  const refused = reply?.intent === "review" && !reply.ok ? reply : undefined;
  const [rating, setRating] = useState(Number(refused?.values?.rating) || own?.rating || 0);
  const [comment, setComment] = useState(refused?.values?.comment ?? own?.comment ?? "");
  const [kept, setKept] = useState<string[]>(own?.images ?? []);
  const [files, setFiles] = useState<{ file: File; preview: string }[]>([]);
  const [stage, setStage] = useState<Stage>("idle");
  const restored = useRef(false);
  const fileInput = useRef<HTMLInputElement>(null);

  // Restore a draft (or a queued failed submission) once, after hydration.
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    if (viewerId) adoptAnonymousDraft(viewerId, tool.id);
    const queued = failedQueue().find((entry) => entry.userId === draftOwner && entry.toolId === tool.id)?.draftData;
    const draft = queued ?? loadDraft(draftOwner, tool.id);
    if (draft) {
      setRating(draft.rating);
      setComment(draft.comment);
    }
  }, [draftOwner, viewerId, tool.id]);

  // An anonymous visitor who signs in through the dialog keeps what they typed; it now belongs to the account.
  useEffect(() => {
    if (viewerId && restored.current) adoptAnonymousDraft(viewerId, tool.id);
  }, [viewerId, tool.id]);

  useEffect(() => {
    if (!restored.current) return;
    const timer = setTimeout(() => saveDraft(draftOwner, tool.id, { rating, comment }), 400);
    return () => clearTimeout(timer);
  }, [draftOwner, tool.id, rating, comment]);

  useEffect(() => () => files.forEach(({ preview }) => URL.revokeObjectURL(preview)), [files]);

  function addFiles(chosen: FileList | null) {
    const list = [...(chosen ?? [])];
    if (fileInput.current) fileInput.current.value = "";
    const room = REVIEW_MAX_IMAGES - kept.length - files.length;
    if (list.length > room) {
      showMessage("tooManyImages");
      return;
    }
    const accepted: { file: File; preview: string }[] = [];
    for (const file of list) {
      const problem = imageFileProblem(file);
      if (problem) {
        showMessage(problem);
        return;
      }
      accepted.push({ file, preview: URL.createObjectURL(file) });
    }
    setFiles((current) => [...current, ...accepted]);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!viewerId) {
      saveDraft("anonymous", tool.id, { rating, comment });
      showMessage("authRequiredReview");
      dialog.open("signin", "review");
      return;
    }
    if (!rating) return showMessage(variant === "dialog" ? "ratingRequired" : "ratingRequiredInline");
    if (!comment.trim()) return showMessage("contentRequired");
    try {
      setStage("uploading");
      const uploaded: string[] = [];
      for (const { file } of files) {
        const form = new FormData();
        form.set("file", file, file.name);
        const body = await postApi("/api/uploads", form);
        if (!body.ok || !body.data?.url) {
          if (body.toast) showToast(body.toast);
          else showMessage("imageUnreadable");
          setStage("idle");
          return;
        }
        uploaded.push(body.data.url);
      }
      setStage("submitting");
      const body = await postApi("/api/reviews", { toolSlug: tool.slug, rating, comment, images: [...kept, ...uploaded] });
      showToast(body.toast);
      if (!body.ok) return setStage("idle");
      clearDraft(viewerId, tool.id);
      setKept([...kept, ...uploaded]);
      setFiles([]);
      setStage("idle");
      revalidator.revalidate();
      onDone?.();
    } catch {
      // Offline or the server unreachable: keep the draft and remember the attempt for 24 hours.
      queueFailedSubmit(viewerId, tool.id, { rating, comment });
      showMessage(variant === "dialog" ? "reviewSubmitFailed" : "reviewSubmitFailedInline");
      setStage("idle");
    }
  }

  const busy = stage !== "idle";
  const warning = aiContentWarning(comment);
  const imageCount = kept.length + files.length;

  return (
    <form
      method="post"
      action={`/tools/${tool.slug}#write-review`}
      encType="multipart/form-data"
      onSubmit={submit}
      className="grid gap-4"
      aria-label={own ? `Edit your review of ${tool.name}` : `Write a review for ${tool.name}`}
    >
      <input type="hidden" name="intent" value="review" />
      {kept.map((url) => (
        <input key={url} type="hidden" name="images" value={url} />
      ))}
      {variant === "inline" && <ResultMessage result={refused} />}
      {!viewerId && (
        <noscript>
          <p className="text-sm">
            <a href={`/auth?redirectTo=${encodeURIComponent(`/tools/${tool.slug}#write-review`)}`} className="font-medium underline underline-offset-2">
              Sign in
            </a>{" "}
            before you write: without JavaScript, what you type here is not kept while you sign in.
          </p>
        </noscript>
      )}
      <div className="grid gap-1.5">
        <span className="text-sm font-medium" id={`${id}-rating-label`}>
          Your rating
        </span>
        <StarInput name="rating" value={rating} onChange={setRating} label="Your rating" disabled={busy} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-comment`}>Your review</Label>
        <textarea
          id={`${id}-comment`}
          name="comment"
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          maxLength={REVIEW_COMMENT_MAX}
          rows={5}
          disabled={busy}
          aria-describedby={`${id}-count`}
          placeholder={`What did you use ${tool.name} for, and how did it go?`}
          className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring"
        />
        <p id={`${id}-count`} className="text-right text-xs text-muted-foreground">
          {comment.length}/{REVIEW_COMMENT_MAX}
        </p>
        {warning && (
          <div role="note" className="rounded-md border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
            <p className="flex items-center gap-2 font-semibold">
              <Icon name="triangle-exclamation-point" className="size-4" /> This review may read as AI-generated
            </p>
            <ul className="mt-1 list-disc pl-5">
              {warning.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-images`}>Images (optional)</Label>
        <p className="text-xs text-muted-foreground" id={`${id}-images-hint`}>
          Up to {REVIEW_MAX_IMAGES} images, JPEG, PNG, GIF or WebP, 5MB each. We remove location and camera data.
        </p>
        {imageCount > 0 && (
          <ul className="flex flex-wrap gap-2">
            {kept.map((url) => (
              <li key={url} className="relative">
                <img src={url} alt="Attached" className="size-20 rounded-md border object-cover" />
                <button
                  type="button"
                  aria-label="Remove image"
                  className="absolute -right-2 -top-2 rounded-full bg-background p-0.5 shadow"
                  onClick={() => setKept(kept.filter((item) => item !== url))}
                >
                  <Icon name="x" className="size-4" />
                </button>
              </li>
            ))}
            {files.map(({ file, preview }) => (
              <li key={preview} className="relative">
                <img src={preview} alt={file.name} className="size-20 rounded-md border object-cover" />
                <button
                  type="button"
                  aria-label={`Remove ${file.name}`}
                  className="absolute -right-2 -top-2 rounded-full bg-background p-0.5 shadow"
                  onClick={() => setFiles(files.filter((item) => item.preview !== preview))}
                >
                  <Icon name="x" className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <div>
          <input
            ref={fileInput}
            id={`${id}-images`}
            name="files"
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            multiple
            // Without JavaScript the browser's own file input is the control.
            className={hydrated ? "sr-only" : "text-sm"}
            aria-describedby={`${id}-images-hint`}
            disabled={busy}
            onChange={(event) => addFiles(event.target.files)}
          />
          {hydrated && (
            <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => fileInput.current?.click()}>
              <Icon name="image-plus" /> Add images ({imageCount}/{REVIEW_MAX_IMAGES})
            </Button>
          )}
        </div>
      </div>
      <Button type="submit" disabled={hydrated && (busy || rating === 0 || comment.length === 0)} className="justify-self-start">
        {busy && <Icon name="loader-circle" className="animate-spin" />}
        {stage === "uploading" ? "Uploading Images" : stage === "submitting" ? "Submitting Review" : own ? "Update Review" : "Submit Review"}
      </Button>
    </form>
  );
}
