import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { OnDemand } from "~/components/ui/on-demand";
import type { ViewerSummary } from "~/lib/account/account-nav";
import { useAccountDialog } from "./account-dialog";
import { Avatar } from "./avatar";
import { useCurrentAddress } from "~/components/layout/current-address";

const loadDropdown = () => import("./user-menu-dropdown");

/** Header account control: Sign In when anonymous, the user menu when signed in. */
export function UserMenu({ viewer }: { viewer: ViewerSummary | null }) {
  const back = useCurrentAddress();
  const dialog = useAccountDialog();
  if (!viewer) {
    return (
      <Button asChild size="sm">
        {/* A plain link to /auth without JavaScript; the dialog with it. */}
        <a
          href={`/auth?redirectTo=${encodeURIComponent(back)}`}
          onClick={(event) => {
            event.preventDefault();
            dialog.open("signin");
          }}
        >
          <Icon name="log-in" />
          <span className="hidden sm:inline">Sign In</span>
          <span className="sr-only sm:hidden">Sign In</span>
        </a>
      </Button>
    );
  }
  // The menu's code (Radix, floating-ui) loads when the avatar is pointed at, focused or pressed;
  // without JavaScript the avatar is a link to the profile.
  return (
    <OnDemand
      load={loadDropdown}
      popup="menu"
      props={{ viewer }}
      trigger={
        // Named by its words, not aria-label: the initials shown are not in "Account menu for …", and a name that
        // leaves out what is shown fails WCAG 2.5.3 (axe label-content-name-mismatch). The initials are aria-hidden.
        <a href="/profile" className="flex items-center gap-2 rounded-full p-0.5 focus-visible:outline-2 focus-visible:outline-ring">
          <Avatar name={viewer.name} image={viewer.image} />
          <span className="sr-only">Account menu for {viewer.name}</span>
        </a>
      }
    />
  );
}
