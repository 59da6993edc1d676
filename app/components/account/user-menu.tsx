import { LogIn, LogOut, Settings, Star, User } from "lucide-react";
import { Link, useLocation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { ACCOUNT_NAV, type ViewerSummary } from "~/lib/account-nav";
import { useAccountDialog } from "./account-dialog";
import { Avatar } from "./avatar";

const icons = { "/profile": User, "/favorites": Star, "/settings": Settings } as const;

/** Header account control: Sign In when anonymous, the user menu when signed in. */
export function UserMenu({ viewer }: { viewer: ViewerSummary | null }) {
  const location = useLocation();
  const submit = useSubmit();
  const dialog = useAccountDialog();
  if (!viewer) {
    const back = `${location.pathname}${location.search}`;
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
          <LogIn aria-hidden="true" />
          <span className="hidden sm:inline">Sign In</span>
          <span className="sr-only sm:hidden">Sign In</span>
        </a>
      </Button>
    );
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <a
          href="/profile"
          onClick={(event) => event.preventDefault()}
          className="flex items-center gap-2 rounded-full p-0.5 focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={`Account menu for ${viewer.name}`}
        >
          <Avatar name={viewer.name} image={viewer.image} />
        </a>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <div className="px-2 py-1.5 text-sm">
          <p className="font-semibold">{viewer.name}</p>
          <p className="truncate text-xs text-muted-foreground">{viewer.email}</p>
        </div>
        <DropdownMenuSeparator />
        {ACCOUNT_NAV.map((item) => {
          const Icon = icons[item.href];
          return (
            <DropdownMenuItem key={item.href} asChild>
              <Link to={item.href}>
                <Icon className="size-4" aria-hidden="true" /> {item.label}
              </Link>
            </DropdownMenuItem>
          );
        })}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => submit(null, { method: "post", action: "/auth/sign-out" })}>
          <LogOut className="size-4" aria-hidden="true" /> Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
