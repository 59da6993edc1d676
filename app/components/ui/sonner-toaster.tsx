import { useEffect } from "react";
import { toast, Toaster as Sonner } from "sonner";
import { TOAST_DURATION_MS } from "~/lib/site";
import { deliverToasts } from "./toast";

/**
 * The toast region is a live region that appears with the first toast: its messages are added a
 * moment after it, so screen readers have the region before they are told what changed in it.
 */
const LIVE_REGION_SETTLE_MS = 100;

/** The Toaster itself, loaded by toaster.tsx with the first toast. */
export default function SonnerToaster({ theme }: { theme: "light" | "dark" }) {
  useEffect(() => {
    let stop = () => {};
    const timer = setTimeout(() => {
      stop = deliverToasts((message) => {
        const show = message.variant === "destructive" ? toast.error : toast.success;
        show(message.title, { description: message.description });
      });
    }, LIVE_REGION_SETTLE_MS);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, []);
  return <Sonner theme={theme} visibleToasts={1} duration={TOAST_DURATION_MS} position="bottom-right" richColors closeButton />;
}
