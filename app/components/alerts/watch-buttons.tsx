import { useEffect, type FormEvent } from "react";
import { useFetcher, useLocation } from "react-router";
import { useAccountDialog } from "~/components/account/account-dialog";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { showMessage, showToast } from "~/components/ui/toast";
import type { Reply } from "~/lib/reply";
import { WATCH_WORDS } from "~/lib/words/watch";

/**
 * 'Watch' / 'Watching' on a tool page and 'Follow' / 'Following' on a category page (issue 27, decision 035), made
 * like the favourite button: a form posting to the page's own action, so it works without JavaScript (back to the
 * page with a message; a signed-out visitor is sent to sign in and back); with it, a fetcher shows the new state at
 * once, and a signed-out visitor gets the sign-in dialog. The state is the signed-in reader's, rendered only for them.
 */
function ToggleForm({
  fetcherKey,
  action,
  intent,
  field,
  on,
  signedIn,
  labels,
  hint,
}: {
  fetcherKey: string;
  action: string;
  intent: string;
  field: string;
  on: boolean;
  signedIn: boolean;
  labels: { off: string; on: string };
  hint: string;
}) {
  const fetcher = useFetcher<Reply>({ key: fetcherKey });
  const location = useLocation();
  const dialog = useAccountDialog();
  const pending = fetcher.formData?.get(field);
  const current = typeof pending === "string" ? pending === "true" : on;
  useEffect(() => {
    if (!fetcher.data?.toast) return;
    if (fetcher.data.ok) showToast(fetcher.data.toast);
    else showMessage("watchFailed", fetcher.data.toast);
  }, [fetcher.data]);

  function askToSignIn(event: FormEvent) {
    if (signedIn) return;
    event.preventDefault();
    showMessage("authRequiredWatch");
    dialog.open("signin", "watch");
  }

  return (
    <fetcher.Form method="post" action={action} onSubmit={askToSignIn} className="contents">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={field} value={String(!current)} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <Button type="submit" size="lg" variant="outline" aria-pressed={current} title={hint} data-testid={`${intent}-button`}>
        <Icon name={current ? "check" : intent === "watch" ? "eye" : "plus"} /> {current ? labels.on : labels.off}
      </Button>
    </fetcher.Form>
  );
}

export function WatchButton({ toolSlug, watching, signedIn }: { toolSlug: string; watching: boolean; signedIn: boolean }) {
  return (
    <ToggleForm
      fetcherKey={`watch:${toolSlug}`}
      action={`/tools/${toolSlug}`}
      intent="watch"
      field="watch"
      on={watching}
      signedIn={signedIn}
      labels={{ off: WATCH_WORDS.watch, on: WATCH_WORDS.watching }}
      hint={WATCH_WORDS.watchHint}
    />
  );
}

export function FollowButton({ categorySlug, following, signedIn }: { categorySlug: string; following: boolean; signedIn: boolean }) {
  return (
    <ToggleForm
      fetcherKey={`follow:${categorySlug}`}
      action={`/tools/category/${categorySlug}`}
      intent="follow"
      field="follow"
      on={following}
      signedIn={signedIn}
      labels={{ off: WATCH_WORDS.follow, on: WATCH_WORDS.following }}
      hint={WATCH_WORDS.followHint}
    />
  );
}
