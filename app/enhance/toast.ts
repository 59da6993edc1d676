import type { MessageKey, Toast } from "~/lib/messages";
import { TOAST_DURATION_MS } from "~/lib/site";

let region: HTMLElement | undefined;

/**
 * A reading page's toasts: one polite live region in the corner, each message for three seconds (as sonner's on app
 * pages, which are React's).
 */
export function showToast(toast: Toast) {
  if (!region) {
    region = document.createElement("div");
    region.setAttribute("role", "status");
    region.setAttribute("aria-live", "polite");
    region.className = "fixed inset-x-4 bottom-20 z-[70] grid justify-items-end gap-2 md:bottom-4 md:left-auto";
    document.body.append(region);
  }
  const item = document.createElement("div");
  item.dataset.toast = "";
  item.className = `w-full max-w-sm rounded-lg border p-4 text-sm shadow-lg ${toast.variant === "destructive" ? "border-destructive bg-destructive text-destructive-foreground" : "bg-card text-card-foreground"}`;
  const title = document.createElement("p");
  title.className = "font-semibold";
  title.textContent = toast.title;
  item.append(title);
  if (toast.description) {
    const description = document.createElement("p");
    description.className = "mt-1 opacity-90";
    description.textContent = toast.description;
    item.append(description);
  }
  region.append(item);
  setTimeout(() => item.remove(), TOAST_DURATION_MS);
}

/** A message of the catalogue by its key: the catalogue (9 KB) loads with the first one, not with the page. */
export function showMessage(key: MessageKey, override?: Partial<Toast>) {
  void import("~/lib/messages").then(({ MESSAGES }) => showToast({ ...MESSAGES[key], ...override }));
}
