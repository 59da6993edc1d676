import { Heart } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useAccountDialog } from "~/components/account/account-dialog";
import { showToast } from "~/components/account/form-parts";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { REVIEW_MESSAGES } from "~/lib/review-rules";
import type { ApiBody } from "~/utils/api-types";

/** 'Add to Favorites' / 'Favorited' (spec §4 'Bookmark/favorite'); anonymous visitors are asked to sign in. */
export function FavoriteButton({ toolSlug, toolName, favorited, signedIn, compact = false }: { toolSlug: string; toolName?: string; favorited: boolean; signedIn: boolean; compact?: boolean }) {
  const fetcher = useFetcher<ApiBody>({ key: `favorite:${toolSlug}` });
  const dialog = useAccountDialog();
  // Shows the new state at once; the server's answer (and the reloaded page) confirm it.
  const pending = fetcher.json as { favorite?: boolean } | undefined;
  const current = pending?.favorite ?? favorited;
  useEffect(() => {
    if (fetcher.data?.toast) showToast(fetcher.data.ok ? fetcher.data.toast : { ...REVIEW_MESSAGES.bookmarkFailed, ...fetcher.data.toast });
  }, [fetcher.data]);

  function toggle() {
    if (!signedIn) {
      showToast(REVIEW_MESSAGES.authRequiredBookmark);
      dialog.open("signin", "Please sign in to bookmark tools.");
      return;
    }
    fetcher.submit({ toolSlug, favorite: !current }, { method: "post", action: "/api/favorites", encType: "application/json" });
  }

  const label = current ? "Favorited" : "Add to Favorites";
  if (compact) {
    return (
      <Button type="button" variant="ghost" size="icon" aria-pressed={current} aria-label={current ? `Remove ${toolName ?? "this tool"} from favorites` : `Save ${toolName ?? "this tool"} to favorites`} title={label} onClick={toggle}>
        <Heart className={cn(current && "fill-red-500 text-red-500")} aria-hidden="true" />
      </Button>
    );
  }
  return (
    <Button type="button" size="lg" variant="outline" aria-pressed={current} onClick={toggle}>
      <Heart className={cn(current && "fill-red-500 text-red-500")} aria-hidden="true" /> {label}
    </Button>
  );
}
