import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { showMessage } from "~/components/ui/toast";
import { onLocalBookmarksChange, readLocalBookmarks, toggleLocalBookmark } from "~/lib/blog/local-bookmarks";

/**
 * Save / Saved on an article. Signed in, it posts to the article's action (stored in the account; without
 * JavaScript too). Signed out, it keeps the article in this browser's local storage, which moves to the
 * account at the next sign-in; without JavaScript the form asks the visitor to sign in. On a reading page the
 * enhancement script (app/enhance/bookmarks.ts) does the same with this markup: the look follows `aria-pressed`.
 */
export function BookmarkButton({ slug, title, signedIn, saved }: { slug: string; title: string; signedIn: boolean; saved: boolean }) {
  const fetcher = useFetcher();
  const [localSaved, setLocalSaved] = useState(false);
  useEffect(() => {
    if (signedIn) return;
    const sync = () => setLocalSaved(readLocalBookmarks().some((item) => item.slug === slug));
    sync();
    return onLocalBookmarksChange(sync);
  }, [signedIn, slug]);
  const pending = fetcher.formData?.get("saved");
  const isSaved = signedIn ? (pending !== undefined && pending !== null ? pending === "true" : saved) : localSaved;
  return (
    <fetcher.Form
      method="post"
      action={`/blog/${slug}`}
      data-bookmark=""
      data-slug={slug}
      data-title={title}
      onSubmit={(event) => {
        if (signedIn) return;
        event.preventDefault();
        const now = toggleLocalBookmark({ slug, title });
        showMessage(now ? "articleSavedHere" : "articleUnsaved");
      }}
    >
      <input type="hidden" name="intent" value="bookmark" />
      <input type="hidden" name="slug" value={slug} />
      <input type="hidden" name="saved" value={String(!isSaved)} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        aria-pressed={isSaved}
        className="group aria-pressed:border-transparent aria-pressed:bg-secondary aria-pressed:hover:bg-secondary/80"
      >
        <Icon name="heart" className="group-aria-pressed:fill-current" /> <span>{isSaved ? "Saved" : "Save"}</span>
      </Button>
    </fetcher.Form>
  );
}
