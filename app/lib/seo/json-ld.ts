import type { Breadcrumb } from "../ui/breadcrumbs";

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

/**
 * A byline as structured data: an editor is a Person, the editorial team as a whole an Organization (content/authors.json
 * `kind`); `sameAs` only for the links the owner gave.
 */
export function authorJsonLd(author: { kind: "person" | "team"; name: string; links?: { url: string }[] }) {
  return {
    "@type": author.kind === "team" ? "Organization" : "Person",
    name: author.name,
    ...(author.links?.length ? { sameAs: author.links.map((link) => link.url) } : {}),
  };
}
