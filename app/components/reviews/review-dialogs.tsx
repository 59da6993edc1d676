import { useEffect, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { useReplyToast } from "~/components/ui/toast";
import type { Reply } from "~/lib/reply";
import type { ReviewItem } from "./review-card";

// A review's dialogs, loaded by ReviewCard the first time one is opened.

export function ReportDialog({
  review,
  action,
  open,
  onOpenChange,
  children,
}: {
  review: ReviewItem;
  action: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The report's fields (ReviewCard's ReportFields). */
  children: ReactNode;
}) {
  const fetcher = useFetcher<Reply>({ key: `report:${review.id}` });
  useReplyToast(fetcher.data);
  useEffect(() => {
    if (fetcher.data?.ok) onOpenChange(false);
  }, [fetcher.data, onOpenChange]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Report this review</DialogTitle>
        <DialogDescription>Tell our editors what is wrong with {review.author}'s review.</DialogDescription>
        <fetcher.Form method="post" action={action} className="grid gap-3">
          {children}
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            Send report
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

export function ImageDialog({ author, url, onClose }: { author: string; url: string; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogTitle>Image from {author}'s review</DialogTitle>
        <img src={url} alt={`Attachment to ${author}'s review, full size`} className="max-h-[75vh] w-full rounded-md object-contain" />
      </DialogContent>
    </Dialog>
  );
}
