import { useEffect } from "react";
import type { MessageKey, Toast } from "~/lib/messages";
import type { Reply } from "~/lib/reply";

type Show = (message: Toast) => void;

// The toast library (sonner) and its Toaster load with the first toast, not with the page
// (see toaster.tsx): until they have, messages wait here.
let show: Show | null = null;
const waiting: Toast[] = [];
const mountRequests = new Set<() => void>();

/** Shows a catalogue message as a toast (the Toaster lives in the root layout). */
export function showToast(message: Toast) {
  if (show) return show(message);
  waiting.push(message);
  for (const request of mountRequests) request();
}

/**
 * Shows a message of the catalogue by its key: the catalogue (9 KB) then loads with the first such
 * toast instead of with the page.
 */
export function showMessage(key: MessageKey, override?: Partial<Toast>) {
  void import("~/lib/messages").then(({ MESSAGES }) => showToast({ ...MESSAGES[key], ...override }));
}

/** For the root Toaster: `mount` runs when the first toast is asked for (at once if one already was). */
export function onFirstToast(mount: () => void) {
  mountRequests.add(mount);
  if (waiting.length) mount();
  return () => void mountRequests.delete(mount);
}

/** For the loaded Toaster: shows the waiting messages, then every later one, until the returned function runs. */
export function deliverToasts(next: Show) {
  show = next;
  for (const message of waiting.splice(0)) next(message);
  return () => {
    if (show === next) show = null;
  };
}

/** Shows a write's reply as a toast, once per new reply. */
export function useReplyToast(reply: Reply | undefined) {
  useEffect(() => {
    if (reply?.toast) showToast(reply.toast);
  }, [reply]);
}
