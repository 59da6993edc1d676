import { Link, useSubmit } from "react-router";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { Icon } from "~/components/ui/icon";
import type { OnDemandProps } from "~/components/ui/on-demand";
import { ACCOUNT_NAV, type ViewerSummary } from "~/lib/account/account-nav";

const icons = { "/profile": "user", "/favorites": "star", "/shortlists": "layers", "/settings": "settings" } as const;

/** The signed-in visitor's menu, loaded by UserMenu on first use. */
export default function UserMenuDropdown({ viewer, trigger, defaultOpen }: { viewer: ViewerSummary } & OnDemandProps) {
  const submit = useSubmit();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild onClick={(event) => event.preventDefault()}>
        {trigger}
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <div className="px-2 py-1.5 text-sm">
          <p className="font-semibold">{viewer.name}</p>
          <p className="truncate text-xs text-muted-foreground">{viewer.email}</p>
        </div>
        <DropdownMenuSeparator />
        {ACCOUNT_NAV.map((item) => (
          <DropdownMenuItem key={item.href} asChild>
            <Link to={item.href}>
              <Icon name={icons[item.href]} className="size-4" /> {item.label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => submit(null, { method: "post", action: "/auth/sign-out" })}>
          <Icon name="log-out" className="size-4" /> Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
