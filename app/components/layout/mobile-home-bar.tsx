import { useEffect, useRef } from "react";
import { Link, NavLink } from "react-router";
import { cn } from "~/lib/ui/cn";
import { Icon } from "~/components/ui/icon";
import { enhanceMenu } from "~/enhance/menu";

const BAR_ITEMS = [
  { label: "Home", href: "/", icon: "house" },
  { label: "Tools", href: "/tools", icon: "wrench" },
  { label: "Search", href: "/search", icon: "search" },
  { label: "Blog", href: "/blog", icon: "book-open" },
  // "More" alone says nothing of where the link goes (Lighthouse: links need descriptive text).
  { label: "More", href: "/contact", icon: "ellipsis", hint: ": contact us" },
] as const;

const QUICK_ACTIONS = [
  { label: "Search Tools", href: "/search", icon: "search" },
  { label: "Compare Tools", href: "/tools/comparison", icon: "chart-column" },
  { label: "Contact", href: "/contact", icon: "mail" },
] as const;

/**
 * The home page's fixed bottom bar and quick-action button, below 768 px only (spec part 1 §2.3). The
 * button sits at the bar's end, not over the page: floating above the bar it covered the save hearts
 * at the cards' top right corner as the page scrolled under it (issue 18). The quick actions are a <details>
 * disclosure like the header's menu, so they open without JavaScript (issue 30); with it, `enhanceMenu` closes them
 * on Escape, a press outside and a followed link.
 */
export function MobileHomeBar() {
  const quickActions = useRef<HTMLDetailsElement>(null);
  useEffect(() => (quickActions.current ? enhanceMenu(quickActions.current) : undefined), []);
  return (
    <div className="md:hidden">
      {/* 44 px targets, like primary buttons (lib/ui/target-size.ts). */}
      <div className="fixed inset-x-0 bottom-0 z-40 flex items-center border-t bg-background pr-2" data-target-size="44">
        <nav aria-label="Mobile bottom bar" className="min-w-0 flex-1">
          <ul className="grid grid-cols-5">
            {BAR_ITEMS.map((item) => (
              <li key={item.label}>
                <NavLink
                  to={item.href}
                  end
                  className={({ isActive }) =>
                    cn("flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs text-muted-foreground", isActive && "font-semibold text-primary")
                  }
                >
                  <Icon name={item.icon} className="size-5" />
                  {item.label}
                  {"hint" in item && <span className="sr-only">{item.hint}</span>}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <details ref={quickActions} className="group relative shrink-0">
          <summary
            aria-label="Quick actions"
            className="grid size-12 cursor-pointer list-none place-items-center rounded-full bg-primary text-primary-foreground shadow-lg [&::-webkit-details-marker]:hidden"
          >
            <Icon name="plus" className="size-6 group-open:hidden" />
            <Icon name="x" className="hidden size-6 group-open:block" />
          </summary>
          <ul className="absolute right-0 bottom-full mb-3 grid w-48 gap-2 rounded-xl border bg-card p-2 shadow-lg">
            {QUICK_ACTIONS.map((action) => (
              <li key={action.href}>
                <Link to={action.href} className="flex min-h-11 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-accent">
                  <Icon name={action.icon} className="size-4" /> {action.label}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      </div>
      {/* Keeps the footer clear of the fixed bar. */}
      <div className="h-16" aria-hidden="true" />
    </div>
  );
}
