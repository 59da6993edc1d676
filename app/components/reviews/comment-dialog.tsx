import type { ComponentType, FormEvent, ReactNode } from "react";
import type { FormProps } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";

/** The 'Share your experience' dialog of ToolFeedback, loaded when "Comment" is first pressed. */
export default function CommentDialog({
  open,
  onOpenChange,
  toolName,
  Form,
  action,
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  toolName: string;
  /** ToolFeedback's fetcher form, so the note shares the fetcher of the like and dislike buttons. */
  Form: ComponentType<FormProps>;
  action: string;
  onSubmit: (event: FormEvent) => void;
  /** The note's fields. */
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Share your experience</DialogTitle>
        <DialogDescription>A short note about {toolName} for other readers. It appears under the tool's reviews, without a rating.</DialogDescription>
        <Form method="post" action={action} onSubmit={onSubmit} className="grid gap-3">
          {children}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit">Submit</Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
