import type { ReactNode } from "react";
import { Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { useSiteUrl } from "~/components/use-site-url";
import { SITE_NAME } from "~/lib/site";
import { formatLongDateGb } from "~/lib/ui/dates";

/*
 * The site's own pages (about, terms, privacy, affiliate disclosure). Their structured data builders live
 * here, beside the only pages that use them, like faqJsonLd beside the FAQ: lib/seo/json-ld.ts is in the
 * first load of the tool and article pages, which should not carry them.
 */

/**
 * The site's publisher; `members` are the people the page names. `foundingDate` only from what the database records
 * (the day the catalogue opened, issue 41): the spec's 'founded in 2024' is not a fact the site holds.
 */
export function organizationJsonLd(siteUrl: string, { description, members = [], foundingDate }: { description?: string; members?: string[]; foundingDate?: string | null } = {}) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE_NAME,
    url: new URL("/", siteUrl).toString(),
    logo: new URL("/favicon.svg", siteUrl).toString(),
    ...(foundingDate ? { foundingDate } : {}),
    ...(description ? { description } : {}),
    ...(members.length ? { member: members.map((name) => ({ "@type": "Person", name })) } : {}),
  };
}

/** A page that is neither a list nor an article (terms, privacy, disclosure), at its canonical path. */
export function webPageJsonLd({ name, description, path, siteUrl, dateModified }: { name: string; description: string; path: string; siteUrl: string; dateModified: string }) {
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    name,
    description,
    url: new URL(path, siteUrl).toString(),
    inLanguage: "en",
    dateModified,
    isPartOf: { "@type": "WebSite", name: SITE_NAME, url: new URL("/", siteUrl).toString() },
  };
}

/** A link inside running text: underlined, so it does not rely on colour alone (WCAG 1.4.1). */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-primary underline underline-offset-4 hover:no-underline">
      {children}
    </Link>
  );
}

export type PageSection = { id: string; title: string; body: ReactNode };

type DocumentPageProps = {
  title: string;
  /** For the WebPage structured data (the meta description). */
  description: string;
  /** The canonical path. */
  path: string;
  /** ISO date of the last change, shown and in the structured data. */
  lastUpdated: string;
  intro: ReactNode;
  sections: PageSection[];
};

/**
 * A page of plain prose in numbered sections (terms, privacy, affiliate disclosure): the title, the date it
 * last changed, a short introduction, a contents list linking each section, then the sections, each an h2;
 * with its WebPage and breadcrumb structured data.
 */
export function DocumentPage({ title, description, path, lastUpdated, intro, sections }: DocumentPageProps) {
  const siteUrl = useSiteUrl();
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8">
      <JsonLd data={webPageJsonLd({ name: title, description, path, siteUrl, dateModified: lastUpdated })} />
      <header>
        <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Last updated <time dateTime={lastUpdated}>{formatLongDateGb(lastUpdated)}</time>
        </p>
        <div className="mt-5 space-y-3 text-lg leading-8">{intro}</div>
      </header>
      <nav aria-labelledby="contents-heading" className="mt-8 rounded-xl border bg-muted/40 p-5">
        <h2 id="contents-heading" className="font-semibold">
          Contents
        </h2>
        <ol className="mt-3 list-decimal pl-5 text-sm sm:columns-2 sm:gap-x-10 [&>li]:mb-1.5 [&>li]:break-inside-avoid">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="underline-offset-4 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="mt-10 space-y-10">
        {sections.map((section, index) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id} className="scroll-mt-20 text-xl font-bold sm:text-2xl">
              {index + 1}. {section.title}
            </h2>
            <div className="mt-3 space-y-3 leading-7 [&>ul]:list-disc [&>ul]:space-y-1.5 [&>ul]:pl-5">{section.body}</div>
          </section>
        ))}
      </div>
    </main>
  );
}
