export type Breadcrumb = { label: string; href: string };

const segmentLabels: Record<string, string> = {
  tools: "AI Tools",
  comparison: "Tool Comparison",
  "seo-comparison": "SEO Tools Comparison",
  blog: "Blog",
  courses: "Courses",
  tasks: "Tasks",
  search: "Search",
  contact: "Contact",
  about: "About",
  "how-we-review": "How We Review",
  terms: "Terms of Service",
  privacy: "Privacy Policy",
  "affiliate-disclosure": "Affiliate Disclosure",
  faq: "FAQ",
};

/** Segments that exist only to namespace a URL and have no page of their own. */
const skippedSegments = new Set(["category", "resources"]);

/** A malformed escape (%E0%A4%A) stays as typed rather than failing the page. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function labelForSegment(segment: string): string {
  const known = segmentLabels[segment];
  if (known) return known;
  const words = safeDecode(segment).replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Breadcrumbs derived from the path (spec part 1 §2.3): Home first, 'tools'
 * reads 'AI Tools', 'comparison' reads 'Tool Comparison', 'category' is skipped.
 * `lastLabel` lets a page name its own crumb (a tool's or category's real name).
 */
export function breadcrumbsFor(pathname: string, lastLabel?: string): Breadcrumb[] {
  const segments = pathname.split("/").filter(Boolean);
  const crumbs: Breadcrumb[] = [{ label: "Home", href: "/" }];
  segments.forEach((segment, index) => {
    if (skippedSegments.has(segment)) return;
    const href = "/" + segments.slice(0, index + 1).join("/");
    crumbs.push({ label: labelForSegment(segment), href });
  });
  if (lastLabel && crumbs.length > 1) crumbs[crumbs.length - 1]!.label = lastLabel;
  return crumbs;
}
