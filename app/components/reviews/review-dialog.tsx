import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { ReactNode } from "react";

/** The review form in a dialog, loaded by ReviewSection when "Write a Review" is first pressed. */
export default function ReviewDialog({
  open,
  onOpenChange,
  toolName,
  hasWritten,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  toolName: string;
  hasWritten: boolean;
  /** The form (ReviewSection's, so this module does not bring a second copy of its code). */
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>{hasWritten ? `Edit your review of ${toolName}` : `Review ${toolName}`}</DialogTitle>
        <DialogDescription>Your rating and what you used it for help other readers choose.</DialogDescription>
        {children}
      </DialogContent>
    </Dialog>
  );
}
