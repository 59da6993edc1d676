import { useEffect, type FormEvent } from "react";
import { useFetcher, useLocation } from "react-router";
import { useAccountDialog } from "~/components/account/account-dialog";
import { Button } from "~/components/ui/button";
import { showMessage, showToast } from "~/components/ui/toast";
import { cn } from "~/lib/ui/cn";
import type { Reply } from "~/lib/reply";
import { Icon } from "~/components/ui/icon";

/**
 * 'Add to Favorites' / 'Favorited' (spec §4 'Bookmark/favorite'): a form posting to the
 * tool page's action, so it works without JavaScript (back to this page with a message);
 * with it, a fetcher shows the new state at once. Anonymous visitors are asked to sign in.
 */
export function FavoriteButton({
  toolSlug,
  toolName,
  favorited,
  signedIn,
  compact = false,
}: {
  toolSlug: string;
  toolName?: string;
  favorited: boolean;
  signedIn: boolean;
  compact?: boolean;
}) {
  const fetcher = useFetcher<Reply>({ key: `favorite:${toolSlug}` });
  const location = useLocation();
  const dialog = useAccountDialog();
  const pending = fetcher.formData?.get("favorite");
  const current = typeof pending === "string" ? pending === "true" : favorited;
  useEffect(() => {
    if (!fetcher.data?.toast) return;
    if (fetcher.data.ok) showToast(fetcher.data.toast);
    else showMessage("bookmarkFailed", fetcher.data.toast);
  }, [fetcher.data]);

  function askToSignIn(event: FormEvent) {
    if (signedIn) return;
    event.preventDefault();
    showMessage("authRequiredBookmark");
    dialog.open("signin", "bookmark");
  }

  const label = current ? "Favorited" : "Add to Favorites";
  const heart = <Icon name="heart" className={cn(current && "fill-red-500 text-red-500")} />;
  return (
    <fetcher.Form method="post" action={`/tools/${toolSlug}`} onSubmit={askToSignIn} className="contents">
      <input type="hidden" name="intent" value="favorite" />
      <input type="hidden" name="favorite" value={String(!current)} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {compact ? (
        <Button
          type="submit"
          variant="ghost"
          size="icon"
          aria-pressed={current}
          aria-label={current ? `Remove ${toolName ?? "this tool"} from favorites` : `Save ${toolName ?? "this tool"} to favorites`}
          title={label}
        >
          {heart}
        </Button>
      ) : (
        <Button type="submit" size="lg" variant="outline" aria-pressed={current}>
          {heart} {label}
        </Button>
      )}
    </fetcher.Form>
  );
}
