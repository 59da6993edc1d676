import { Link } from "react-router";
import { cn } from "~/lib/ui/cn";

export type LinkTab<T extends string> = { id: T; label: string };

/**
 * Tabs that are links (`?tab=`): each view has its own URL, is rendered on the server and works without
 * JavaScript; the page's state survives switching, since the route stays mounted.
 */
export function LinkTabs<T extends string>({ label, tabs, current, param = "tab" }: { label: string; tabs: readonly LinkTab<T>[]; current: T; param?: string }) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-1 border-b">
      {tabs.map((tab, index) => (
        <Link
          key={tab.id}
          to={index === 0 ? "." : `?${param}=${tab.id}`}
          preventScrollReset
          aria-current={tab.id === current ? "page" : undefined}
          className={cn(
            "-mb-px min-h-11 border-b-2 border-transparent px-4 py-2.5 text-sm font-medium text-muted-foreground hover:text-foreground",
            tab.id === current && "border-primary text-foreground",
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/** The tab a `?tab=` value names, else the first. */
export function tabOf<T extends string>(tabs: readonly LinkTab<T>[], value: string | null): T {
  return tabs.find((tab) => tab.id === value)?.id ?? tabs[0]!.id;
}
