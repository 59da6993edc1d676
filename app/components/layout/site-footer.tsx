import { Link } from "react-router";
import { FOOTER_RESOURCES } from "~/lib/ui/navigation";
import { SITE_NAME } from "~/lib/site";
import { Icon } from "~/components/ui/icon";
import { NewsletterForm } from "~/components/newsletter/newsletter-form";
import { InPageSection } from "~/components/ui/in-page-text";
import type { InPage } from "~/lib/ui/page-text";

type FooterCategory = { slug: string; name: string };

/** The site's footer. Its category links are links and nothing more: in a document, the HTML only (issue 43). */
export function SiteFooter({ categories, contactEmail }: { categories: InPage<FooterCategory[]>; contactEmail: string }) {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold">{SITE_NAME}</p>
          <p className="mt-2 text-sm text-muted-foreground">
            An independent directory of AI tools with honest reviews and side-by-side comparisons. We are not affiliated with any tool vendor; some links earn us a commission,
            which never changes a rating.
          </p>
        </div>
        <nav aria-labelledby="footer-categories">
          <h2 id="footer-categories" className="font-semibold">
            Categories
          </h2>
          <InPageSection as="ul" value={categories} className="mt-3 grid gap-2 text-sm">
            {(shown) => (
              <>
                {shown.map((category) => (
                  <li key={category.slug}>
                    <Link to={`/tools/category/${category.slug}`} className="footer-link">
                      {category.name}
                    </Link>
                  </li>
                ))}
                <li>
                  <Link to="/tools" className="footer-link">
                    All AI tools
                  </Link>
                </li>
              </>
            )}
          </InPageSection>
        </nav>
        <nav aria-labelledby="footer-resources">
          <h2 id="footer-resources" className="font-semibold">
            Resources
          </h2>
          <ul className="mt-3 grid gap-2 text-sm">
            {FOOTER_RESOURCES.map((item) => (
              <li key={item.href}>
                <Link to={item.href} className="footer-link">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold">Contact</h2>
          <ul className="mt-3 grid gap-2 text-sm">
            <li>
              <Link to="/contact" className="footer-link">
                Contact us
              </Link>
            </li>
            <li>
              <a href={`mailto:${contactEmail}`} className="inline-flex items-center gap-2 break-all text-muted-foreground hover:text-foreground hover:underline">
                <Icon name="mail" className="size-4 shrink-0" />
                {contactEmail}
              </a>
            </li>
          </ul>
          <h2 className="mt-6 font-semibold">Newsletter</h2>
          <NewsletterForm source="footer" stacked className="mt-3" />
        </div>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-4 text-sm text-muted-foreground">
          © {year} {SITE_NAME}. Independent and not affiliated with any AI tool vendor.
        </p>
      </div>
    </footer>
  );
}
