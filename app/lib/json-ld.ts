import type { Breadcrumb } from "./breadcrumbs";

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

type CourseForJsonLd = {
  title: string;
  description: string;
  url: string;
  platformName: string;
  platformUrl: string;
  free: boolean;
  priceUsd: number | null;
  salePrice: number | null;
};

/** A course as schema.org `Course`: the platform as provider, and an offer only where a price is known. */
export function courseJsonLd(course: CourseForJsonLd) {
  const price = course.free ? 0 : (course.salePrice ?? course.priceUsd);
  return {
    "@type": "Course",
    name: course.title,
    description: course.description,
    url: course.url,
    provider: { "@type": "Organization", name: course.platformName, sameAs: course.platformUrl },
    ...(price !== null ? { offers: [{ "@type": "Offer", category: price === 0 ? "Free" : "Paid", price, priceCurrency: "USD" }] } : {}),
  };
}

/** The courses a listing shows (up to 10, like every list), each a `Course` (Google's course list shape). */
export function courseListJsonLd(courses: CourseForJsonLd[]) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: courses.slice(0, 10).map((course, index) => ({ "@type": "ListItem", position: index + 1, item: courseJsonLd(course) })),
  };
}
