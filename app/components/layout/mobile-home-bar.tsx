import { BarChart3, BookOpen, Home, Mail, MoreHorizontal, Plus, Search, Wrench, X } from "lucide-react";
import { useState } from "react";
import { Link, NavLink } from "react-router";
import { cn } from "~/lib/cn";

const BAR_ITEMS = [
  { label: "Home", href: "/", icon: Home },
  { label: "Tools", href: "/tools", icon: Wrench },
  { label: "Search", href: "/search", icon: Search },
  { label: "Blog", href: "/blog", icon: BookOpen },
  { label: "More", href: "/contact", icon: MoreHorizontal },
] as const;

const QUICK_ACTIONS = [
  { label: "Search Tools", href: "/search", icon: Search },
  { label: "Compare Tools", href: "/tools/comparison", icon: BarChart3 },
  { label: "Contact", href: "/contact", icon: Mail },
] as const;

/** The home page's fixed bottom bar and quick-action button, below 768 px only (spec part 1 §2.3). */
export function MobileHomeBar() {
  const [open, setOpen] = useState(false);
  return (
    <div className="md:hidden">
      <div className="fixed bottom-20 right-4 z-40 flex flex-col items-end gap-2">
        {open && (
          <ul id="quick-actions" className="grid gap-2 rounded-xl border bg-card p-2 shadow-lg">
            {QUICK_ACTIONS.map((action) => (
              <li key={action.href}>
                <Link to={action.href} onClick={() => setOpen(false)} className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-accent">
                  <action.icon className="size-4" aria-hidden="true" /> {action.label}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          onClick={() => setOpen((was) => !was)}
          aria-expanded={open}
          aria-controls="quick-actions"
          aria-label={open ? "Close quick actions" : "Open quick actions"}
          className="grid size-14 place-items-center rounded-full bg-primary text-primary-foreground shadow-lg"
        >
          {open ? <X className="size-6" aria-hidden="true" /> : <Plus className="size-6" aria-hidden="true" />}
        </button>
      </div>
      <nav aria-label="Mobile bottom bar" className="fixed inset-x-0 bottom-0 z-40 border-t bg-background">
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
                <item.icon className="size-5" aria-hidden="true" />
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {/* Keeps the footer clear of the fixed bar. */}
      <div className="h-16" aria-hidden="true" />
    </div>
  );
}
