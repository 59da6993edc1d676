import { Menu, Search, Command as CommandIcon, BarChart3, Sparkles } from "lucide-react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTitle, DialogTrigger, DialogDescription } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { MAIN_NAV } from "~/lib/navigation";
import { SITE_NAME } from "~/lib/site";
import type { Theme } from "~/lib/theme";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "~/components/account/user-menu";
import type { ViewerSummary } from "~/lib/account-nav";
import { useState } from "react";

function HeaderSearch({ className, id }: { className?: string; id: string }) {
  const location = useLocation();
  const current = location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  return (
    <Form method="get" action="/search" role="search" className={cn("relative", className)}>
      <label htmlFor={id} className="sr-only">
        Search tools and articles
      </label>
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input id={id} key={current} name="q" type="search" defaultValue={current} placeholder="Search AI tools..." className="pl-9" maxLength={200} />
    </Form>
  );
}

export function SiteHeader({ theme, viewer, onOpenPalette }: { theme: Theme; viewer: ViewerSummary | null; onOpenPalette: () => void }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
          <DialogTrigger asChild>
            <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
              <Menu />
            </Button>
          </DialogTrigger>
          <DialogContent side="left" aria-describedby="drawer-description">
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
                      onClick={() => setDrawerOpen(false)}
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
              <Button asChild variant="secondary" onClick={() => setDrawerOpen(false)}>
                <Link to="/tools/comparison">
                  <BarChart3 /> Compare Tools
                </Link>
              </Button>
              <Button asChild variant="secondary" onClick={() => setDrawerOpen(false)}>
                <Link to="/search">
                  <Search /> Search Tools
                </Link>
              </Button>
            </div>
          </DialogContent>
        </Dialog>

        <Link to="/" className="flex shrink-0 items-center gap-2 font-bold">
          <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground">
            <Sparkles className="size-4" aria-hidden="true" />
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
          <Button variant="outline" size="sm" onClick={onOpenPalette} aria-label="Open command palette (Ctrl+K)" aria-keyshortcuts="Control+K Meta+K">
            <CommandIcon />
            <span className="hidden sm:inline">Ctrl K</span>
          </Button>
          <ThemeToggle theme={theme} />
          <UserMenu viewer={viewer} />
        </div>
      </div>
    </header>
  );
}
