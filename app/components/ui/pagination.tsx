import { Link } from "react-router";
import { Button } from "./button";

/** Numbered pages with Previous/Next, shown only when there is more than one page (the directory's and the site search's). */
export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (patch: { page: number }) => string }) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1).filter((n) => n === 1 || n === pageCount || Math.abs(n - page) <= 2);
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-1">
      {page > 1 && (
        <Button asChild variant="outline" size="sm" className="min-h-11">
          <Link to={hrefFor({ page: page - 1 })}>Previous</Link>
        </Button>
      )}
      {pages.map((n, index) => (
        <span key={n} className="flex items-center gap-1">
          {index > 0 && n - pages[index - 1]! > 1 && <span className="px-1 text-muted-foreground">…</span>}
          {/* All as tall as the current page's, a primary button (44 px: lib/ui/target-size.ts). */}
          <Button asChild variant={n === page ? "default" : "outline"} size="sm" className="min-h-11 min-w-11">
            <Link to={hrefFor({ page: n })} aria-current={n === page ? "page" : undefined} aria-label={`Page ${n}`}>
              {n}
            </Link>
          </Button>
        </span>
      ))}
      {page < pageCount && (
        <Button asChild variant="outline" size="sm" className="min-h-11">
          <Link to={hrefFor({ page: page + 1 })}>Next</Link>
        </Button>
      )}
    </nav>
  );
}
