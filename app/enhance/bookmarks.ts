import type { Toast } from "~/lib/messages";
import type { Reply } from "~/lib/reply";
import { clearLocalBookmarks, onLocalBookmarksChange, readLocalBookmarks, SAVED_ARTICLES_SHOWN, toggleLocalBookmark } from "~/lib/blog/local-bookmarks";
import { flashOf, postForm } from "./forms";
import { showMessage, showToast } from "./toast";

/**
 * Articles saved on this device before signing in move to the account once the reader is signed in (root.tsx on
 * app pages, main.ts on reading pages). Kept on the device when the move fails: the next page tries again.
 */
export function handOverLocalBookmarks(show: (toast: Toast) => void) {
  const slugs = readLocalBookmarks().map((bookmark) => bookmark.slug);
  if (!slugs.length) return;
  void fetch("/api/bookmarks/import", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ slugs }) })
    .then((response) => response.json() as Promise<Reply>)
    .then((reply) => {
      if (!reply.ok) return;
      clearLocalBookmarks();
      show(reply.toast);
    })
    .catch(() => {});
}

function showSaved(form: HTMLFormElement, saved: boolean) {
  form.querySelector("button")?.setAttribute("aria-pressed", String(saved));
  const label = form.querySelector("button span");
  if (label) label.textContent = saved ? "Saved" : "Save";
  const next = form.querySelector<HTMLInputElement>('input[name="saved"]');
  if (next) next.value = String(!saved);
}

const savedHere = (slug: string) => readLocalBookmarks().some((bookmark) => bookmark.slug === slug);

/**
 * Save / Saved on an article (bookmark-button.tsx). Signed out, the list is this device's (spec part 2: local
 * storage under `bookmarkedPosts`); signed in, the form's own post (the article's action) saves it in the
 * account, and the article page it answers with carries the new state and the message.
 */
export function enhanceBookmark(form: HTMLFormElement, signedIn: boolean) {
  const { slug = "", title = "" } = form.dataset;
  if (!signedIn) {
    const sync = () => showSaved(form, savedHere(slug));
    sync();
    onLocalBookmarksChange(sync);
  }
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!signedIn) {
      const now = toggleLocalBookmark({ slug, title });
      showSaved(form, now);
      return showMessage(now ? "articleSavedHere" : "articleUnsaved");
    }
    const wanted = form.querySelector<HTMLInputElement>('input[name="saved"]')?.value === "true";
    try {
      const page = await postForm(form);
      if (!page) return;
      const answer = page.querySelector<HTMLFormElement>(`form[data-bookmark][data-slug="${CSS.escape(slug)}"]`);
      showSaved(form, answer ? answer.querySelector("button")?.getAttribute("aria-pressed") === "true" : !wanted);
      const flash = flashOf(page);
      if (flash) showToast(flash);
    } catch {
      showMessage("bookmarkFailed");
    }
  });
}

/** The blog's 'Your saved articles' (saved-articles.tsx) for a signed-out reader: this device's list. */
export function showSavedHere(section: HTMLElement) {
  const render = () => {
    const list = readLocalBookmarks().slice(0, SAVED_ARTICLES_SHOWN);
    if (!list.length) return;
    const items = document.createElement("ul");
    items.className = "mt-3 space-y-2";
    for (const bookmark of list) {
      const link = document.createElement("a");
      link.href = `/blog/${encodeURIComponent(bookmark.slug)}`;
      link.className = "text-sm font-medium hover:underline";
      link.textContent = bookmark.title;
      const item = document.createElement("li");
      item.append(link);
      items.append(item);
    }
    section.querySelector("ul, p")?.replaceWith(items);
  };
  render();
  onLocalBookmarksChange(render);
}
