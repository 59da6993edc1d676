import { useEffect, useState } from "react";
import { onLocalBookmarksChange, readLocalBookmarks, SAVED_ARTICLES_SHOWN, type LocalBookmark } from "~/lib/blog/local-bookmarks";

/**
 * The reader's saved articles: from the account when signed in (rendered on the server), else from this
 * browser's local storage once the page has loaded (on a reading page, by app/enhance/bookmarks.ts).
 */
export function SavedArticles({ signedIn, saved }: { signedIn: boolean; saved: LocalBookmark[] }) {
  const [local, setLocal] = useState<LocalBookmark[]>([]);
  useEffect(() => {
    if (signedIn) return;
    const sync = () => setLocal(readLocalBookmarks());
    sync();
    return onLocalBookmarksChange(sync);
  }, [signedIn]);
  const list = (signedIn ? saved : local).slice(0, SAVED_ARTICLES_SHOWN);
  return (
    <section aria-labelledby="blog-saved-heading" data-saved-here={signedIn ? undefined : ""}>
      <h2 id="blog-saved-heading" className="font-semibold">
        Your saved articles
      </h2>
      {list.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">Use Save on an article to keep it here.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {list.map((item) => (
            <li key={item.slug}>
              <a href={`/blog/${item.slug}`} className="text-sm font-medium hover:underline">
                {item.title}
              </a>
            </li>
          ))}
        </ul>
      )}
      {signedIn && (
        <a href="/dashboard/bookmarks" className="mt-2 inline-block text-sm text-primary hover:underline">
          All saved articles
        </a>
      )}
    </section>
  );
}
