import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";

export type RelatedPage = { href: string; title: string; description: string };

/** Links to related pages; spec default is 5 at most, the tools page shows 8. */
export function RelatedPages({ pages, max = 5, title = "Related pages" }: { pages: RelatedPage[]; max?: number; title?: string }) {
  return (
    <nav aria-labelledby="related-pages-heading" className="mt-14">
      <h2 id="related-pages-heading" className="text-2xl font-bold">
        {title}
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {pages.slice(0, max).map((page) => (
          <li key={page.href}>
            <Link to={page.href} className="flex h-full flex-col rounded-lg border p-4 hover:bg-accent">
              <span className="flex items-center gap-1 font-medium">
                {page.title} <Icon name="arrow-right" className="size-4" />
              </span>
              <span className="mt-1 text-sm text-muted-foreground">{page.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
