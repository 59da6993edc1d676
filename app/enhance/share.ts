import { COPIED_INDICATOR_MS } from "~/lib/site";
import { showMessage } from "./toast";

/**
 * The share links work without JavaScript; the device's share sheet and Copy link need it, so they are rendered
 * hidden (share-buttons.tsx) and shown here: Copy link says 'Copied' for 2 s (spec part 2).
 */
export function enhanceShare(root: HTMLElement) {
  const { url = location.href, title = document.title } = root.dataset;
  const native = root.querySelector<HTMLButtonElement>("[data-share-native]");
  if (native && typeof navigator.share === "function") {
    native.hidden = false;
    native.addEventListener("click", () => void navigator.share({ title, url }).catch(() => {}));
  }
  const copy = root.querySelector<HTMLButtonElement>("[data-copy-link]");
  if (!copy) return;
  const label = copy.querySelector("span");
  const icon = copy.querySelector("use");
  const show = (copied: boolean) => {
    if (label) label.textContent = copied ? "Copied" : "Copy link";
    icon?.setAttribute("href", icon.getAttribute("href")!.replace(/#.*$/, copied ? "#check" : "#link-2"));
  };
  copy.hidden = false;
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
      show(true);
      setTimeout(() => show(false), COPIED_INDICATOR_MS);
      showMessage("linkCopied");
    } catch {
      showMessage("linkCopyFailed");
    }
  });
}
