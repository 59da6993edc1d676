import { useEffect } from "react";
import { toast } from "sonner";
import type { Toast } from "~/lib/messages";
import type { Reply } from "~/lib/reply";

/** Shows a catalogue message as a toast (sonner; the Toaster lives in the root layout). */
export function showToast(message: Toast) {
  const show = message.variant === "destructive" ? toast.error : toast.success;
  show(message.title, { description: message.description });
}

/** Shows a write's reply as a toast, once per new reply. */
export function useReplyToast(reply: Reply | undefined) {
  useEffect(() => {
    if (reply?.toast) showToast(reply.toast);
  }, [reply]);
}
