/**
 * Structured data of the course listing (schema.org `Course` in an `ItemList`), apart from lib/seo/json-ld.ts
 * so that pages without courses do not download it.
 */
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
