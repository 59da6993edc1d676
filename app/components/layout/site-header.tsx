import { useEffect, useRef, type RefObject } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/ui/cn";
import { MAIN_NAV } from "~/lib/ui/navigation";
import { SITE_NAME } from "~/lib/site";
import type { Theme } from "~/lib/ui/theme";
import { ThemeToggle } from "./theme-toggle";
import { HeaderSearchPart } from "./header-search-part";
import { AccountMenuPart } from "~/components/account/account-menu-part";
import { Icon } from "~/components/ui/icon";
import { enhanceMenu } from "~/enhance/menu";
import { useDocumentHydrates } from "./document-hydration";

/** The header's items (spec part 1 §2.3), in the desktop bar and in the phone menu. */
function NavItems({ itemClass }: { itemClass: (active: boolean) => string }) {
  return MAIN_NAV.map((item) => (
    <li key={item.href}>
      <NavLink to={item.href} end={item.href === "/" || item.href === "/tools"} className={({ isActive }) => itemClass(isActive)}>
        {item.label}
      </NavLink>
    </li>
  ));
}

/**
 * The navigation below the `lg` breakpoint (spec part 1 §2.3: the header's items, the search box and the quick
 * actions 'Compare Tools' and 'Search Tools'): a <details> disclosure, so it opens without JavaScript on every page
 * (issue 30); `enhanceMenu` closes it on Escape, outside presses and followed links.
 */
function MobileMenu({ menu }: { menu: RefObject<HTMLDetailsElement | null> }) {
  return (
    <details ref={menu} className="group lg:hidden" data-menu="">
      <Button asChild variant="ghost" size="icon" className="cursor-pointer list-none [&::-webkit-details-marker]:hidden">
        <summary aria-label="Menu">
          <Icon name="menu" className="group-open:hidden" />
          <Icon name="x" className="hidden group-open:block" />
        </summary>
      </Button>
      <div className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b bg-background px-4 pb-6 pt-4 shadow-lg">
        <HeaderSearchPart id="menu-search" />
        <nav aria-label="Mobile" className="mt-4">
          <ul className="grid gap-1">
            <NavItems itemClass={(active) => cn("block rounded-md px-3 py-2.5 text-base hover:bg-accent", active && "bg-accent font-semibold")} />
          </ul>
        </nav>
        <div className="mt-4 grid gap-2 border-t pt-4">
          <p className="text-sm font-semibold text-muted-foreground">Quick actions</p>
          <Button asChild variant="secondary">
            <Link to="/tools/comparison">
              <Icon name="chart-column" /> Compare Tools
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to="/search">
              <Icon name="search" /> Search Tools
            </Link>
          </Button>
        </div>
      </div>
    </details>
  );
}

export function SiteHeader({ theme, onOpenPalette }: { theme: Theme; onOpenPalette: () => void }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // A reading page has no palette: its Ctrl+K goes to the site search (app/enhance/palette.ts).
  const palette = useDocumentHydrates();
  useEffect(() => (menu.current ? enhanceMenu(menu.current) : undefined), []);
  // Back, forward and the palette navigate without a click in the menu: it closes with any navigation.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname, location.search]);
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <MobileMenu menu={menu} />

        <Link to="/" className="flex shrink-0 items-center gap-2 font-bold">
          <span className="grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground">
            <Icon name="sparkles" className="size-4" />
          </span>
          <span className="sr-only sm:not-sr-only">{SITE_NAME}</span>
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <NavItems
              itemClass={(active) => cn("rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-foreground", active && "text-foreground")}
            />
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <HeaderSearchPart id="header-search" className="hidden w-56 md:block xl:w-72" />
          {/* The site search without JavaScript and on reading pages (where Ctrl+K goes there too); the palette with it. */}
          <Button asChild variant="outline" size="sm">
            <a
              href="/search"
              onClick={(event) => {
                event.preventDefault();
                onOpenPalette();
              }}
              // The name holds the visible 'Ctrl K' (WCAG 2.5.3, label in name), not in parentheses: axe's
              // label-content-name-mismatch leaves out what is in parentheses.
              aria-label={palette ? "Open command palette, Ctrl K" : "Search the site, Ctrl K"}
              aria-keyshortcuts="Control+K Meta+K"
            >
              <Icon name="command" />
              <span className="hidden sm:inline">Ctrl K</span>
            </a>
          </Button>
          <ThemeToggle theme={theme} />
          <AccountMenuPart />
        </div>
      </div>
    </header>
  );
}
