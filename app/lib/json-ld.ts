import type { Breadcrumb } from "./breadcrumbs";
import { SITE_NAME } from "./site";

/** Structured data builders; each must describe only what the page shows. */
export function breadcrumbJsonLd(crumbs: Breadcrumb[], siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({ "@type": "ListItem", position: index + 1, name: crumb.label, item: new URL(crumb.href, siteUrl).toString() })),
  };
}

/** Spec: structured data lists up to 10 items. */
export function itemListJsonLd(items: Array<{ name: string; path: string }>, siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: items.slice(0, 10).map((item, index) => ({ "@type": "ListItem", position: index + 1, name: item.name, url: new URL(item.path, siteUrl).toString() })),
  };
}

/** The site's publisher (spec part 2 §9: founded in 2024); `members` are the people the page names. */
export function organizationJsonLd(siteUrl: string, { description, members = [] }: { description?: string; members?: string[] } = {}) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE_NAME,
    url: new URL("/", siteUrl).toString(),
    logo: new URL("/favicon.svg", siteUrl).toString(),
    foundingDate: "2024",
    ...(description ? { description } : {}),
    ...(members.length ? { member: members.map((name) => ({ "@type": "Person", name })) } : {}),
  };
}

/** A page of the site that is neither a list nor an article (terms, privacy, disclosure), at its canonical path. */
export function webPageJsonLd({ name, description, path, siteUrl, dateModified }: { name: string; description: string; path: string; siteUrl: string; dateModified?: string }) {
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    name,
    description,
    url: new URL(path, siteUrl).toString(),
    inLanguage: "en",
    ...(dateModified ? { dateModified } : {}),
    isPartOf: { "@type": "WebSite", name: SITE_NAME, url: new URL("/", siteUrl).toString() },
  };
}
