import { LOCAL_BOOKMARKS_KEY } from "~/lib/site";

/**
 * Articles saved on this device while signed out (spec part 2 §2.4: local storage under `bookmarkedPosts`).
 * Each entry keeps the title so the blog's sidebar can list it; on sign-in they move to the account.
 */
export type LocalBookmark = { slug: string; title: string };

/** Spec part 2 §2.2: the reader's bookmarks in the blog's sidebar, three at most. */
export const SAVED_ARTICLES_SHOWN = 3;
const CHANGED = "local-bookmarks-changed";

export function readLocalBookmarks(): LocalBookmark[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(LOCAL_BOOKMARKS_KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((item): item is LocalBookmark => typeof item?.slug === "string" && typeof item?.title === "string").slice(0, 100) : [];
  } catch {
    return [];
  }
}

function write(list: LocalBookmark[]) {
  if (list.length) localStorage.setItem(LOCAL_BOOKMARKS_KEY, JSON.stringify(list));
  else localStorage.removeItem(LOCAL_BOOKMARKS_KEY);
  window.dispatchEvent(new Event(CHANGED));
}

/** Saves or removes an article; answers whether it is saved now. */
export function toggleLocalBookmark(bookmark: LocalBookmark): boolean {
  const list = readLocalBookmarks();
  const saved = list.some((item) => item.slug === bookmark.slug);
  write(saved ? list.filter((item) => item.slug !== bookmark.slug) : [bookmark, ...list]);
  return !saved;
}

export function clearLocalBookmarks() {
  write([]);
}

/** Calls `listener` when this tab or another changes the list. */
export function onLocalBookmarksChange(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => event.key === LOCAL_BOOKMARKS_KEY && listener();
  window.addEventListener(CHANGED, listener);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener("storage", onStorage);
  };
}
