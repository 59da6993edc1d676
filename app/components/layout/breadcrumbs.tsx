import { Link } from "react-router";
import type { Breadcrumb } from "~/lib/ui/breadcrumbs";
import { breadcrumbJsonLd } from "~/lib/seo/json-ld";
import { Icon } from "~/components/ui/icon";
import { JsonLd } from "~/components/json-ld";
import { useSiteUrl } from "~/components/use-site-url";

function BreadcrumbListJsonLd({ items }: { items: Breadcrumb[] }) {
  return <JsonLd data={breadcrumbJsonLd(items, useSiteUrl())} />;
}

/**
 * The trail above the page, with its BreadcrumbList beside it: structured data exactly where, and as, the trail
 * shows. (Error pages have no trail, and may have no root loader data for the site's URL.)
 */
export function Breadcrumbs({ items }: { items: Breadcrumb[] }) {
  if (items.length < 2) return null;
  return (
    <nav aria-label="Breadcrumb" className="mx-auto max-w-7xl px-4 pt-4">
      <BreadcrumbListJsonLd items={items} />
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.href} className="flex items-center gap-1">
              {last ? (
                <span aria-current="page" className="font-medium text-foreground">
                  {item.label}
                </span>
              ) : (
                <>
                  {/* 24 px tall (WCAG 2.5.8): a trail that wraps at 360 px puts one row's links under the other's. */}
                  <Link to={item.href} className="inline-flex min-h-6 items-center hover:text-foreground hover:underline">
                    {item.label}
                  </Link>
                  <Icon name="chevron-right" className="size-3.5" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
