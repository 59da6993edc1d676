import type { RefObject } from "react";
import { Link, NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/ui/cn";
import { MAIN_NAV } from "~/lib/ui/navigation";
import { SITE_NAME } from "~/lib/site";
import { HeaderSearch } from "./site-header";

/** The navigation drawer below the `lg` breakpoint, loaded by the header's menu button on first use. */
export default function MobileDrawer({
  id,
  open,
  onOpenChange,
  trigger,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, which gets focus back when the drawer closes (it is not a Radix trigger). */
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        id={id}
        side="left"
        aria-describedby="drawer-description"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <DialogTitle>{SITE_NAME}</DialogTitle>
        <DialogDescription id="drawer-description" className="sr-only">
          Site navigation
        </DialogDescription>
        <HeaderSearch id="drawer-search" />
        <nav aria-label="Mobile">
          <ul className="grid gap-1">
            {MAIN_NAV.map((item) => (
              <li key={item.href}>
                <NavLink
                  to={item.href}
                  end={item.href === "/"}
                  onClick={close}
                  className={({ isActive }) => cn("block rounded-md px-3 py-2 text-base hover:bg-accent", isActive && "bg-accent font-semibold")}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid gap-2 border-t pt-4">
          <p className="text-sm font-semibold text-muted-foreground">Quick actions</p>
          <Button asChild variant="secondary" onClick={close}>
            <Link to="/tools/comparison">
              <Icon name="chart-column" /> Compare Tools
            </Link>
          </Button>
          <Button asChild variant="secondary" onClick={close}>
            <Link to="/search">
              <Icon name="search" /> Search Tools
            </Link>
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
