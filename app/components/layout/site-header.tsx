import { lazy, Suspense, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/ui/cn";
import { MAIN_NAV } from "~/lib/ui/navigation";
import { SITE_NAME } from "~/lib/site";
import { MAX_QUERY_LENGTH } from "~/lib/site-search";
import type { Theme } from "~/lib/ui/theme";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "~/components/account/user-menu";
import type { ViewerSummary } from "~/lib/account/account-nav";
import { Icon } from "~/components/ui/icon";

const MobileDrawer = lazy(() => import("./mobile-drawer"));
const MOBILE_DRAWER_ID = "mobile-drawer";

export function HeaderSearch({ className, id }: { className?: string; id: string }) {
  const location = useLocation();
  const current = location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  return (
    <Form method="get" action="/search" role="search" className={cn("relative", className)}>
      <label htmlFor={id} className="sr-only">
        Search tools and articles
      </label>
      <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input id={id} key={current} name="q" type="search" defaultValue={current} placeholder="Search AI tools..." className="pl-9" maxLength={MAX_QUERY_LENGTH} />
    </Form>
  );
}

export function SiteHeader({ theme, viewer, onOpenPalette }: { theme: Theme; viewer: ViewerSummary | null; onOpenPalette: () => void }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        {/* Radix's DialogTrigger would bring the dialog's code into every page: this button loads it when pressed. */}
        <Button
          ref={menuButton}
          type="button"
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          aria-controls={drawerOpen ? MOBILE_DRAWER_ID : undefined}
          data-state={drawerOpen ? "open" : "closed"}
          onClick={() => {
            setDrawerUsed(true);
            setDrawerOpen(true);
          }}
        >
          <Icon name="menu" />
        </Button>
        {drawerUsed && (
          <Suspense fallback={null}>
            <MobileDrawer id={MOBILE_DRAWER_ID} open={drawerOpen} onOpenChange={setDrawerOpen} trigger={menuButton} />
          </Suspense>
        )}

        <Link to="/" className="flex shrink-0 items-center gap-2 font-bold">
          <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground">
            <Icon name="sparkles" className="size-4" />
          </span>
          <span className="sr-only sm:not-sr-only">{SITE_NAME}</span>
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {MAIN_NAV.map((item) => (
              <li key={item.href}>
                <NavLink
                  to={item.href}
                  end={item.href === "/" || item.href === "/tools"}
                  className={({ isActive }) =>
                    cn("rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-foreground", isActive && "text-foreground")
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <HeaderSearch id="header-search" className="hidden w-56 md:block xl:w-72" />
          <Button variant="outline" size="sm" onClick={onOpenPalette} aria-label="Open command palette, Ctrl K" aria-keyshortcuts="Control+K Meta+K">
            <Icon name="command" />
            <span className="hidden sm:inline">Ctrl K</span>
          </Button>
          <ThemeToggle theme={theme} />
          <UserMenu viewer={viewer} />
        </div>
      </div>
    </header>
  );
}
