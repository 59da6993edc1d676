/** The header's items (spec part 1 §2.3), shared by header, drawer, palette and footer. */
export const MAIN_NAV = [
  { label: "Home", href: "/" },
  { label: "AI Tools", href: "/tools" },
  { label: "Tool Comparison", href: "/tools/comparison" },
  { label: "Blog", href: "/blog" },
  { label: "Courses", href: "/courses" },
  { label: "Contact", href: "/contact" },
] as const;

/** Pages the command palette offers. */
export const PALETTE_PAGES = [
  ...MAIN_NAV,
  { label: "Search", href: "/search" },
  { label: "SEO Tools Comparison", href: "/tools/seo-comparison" },
  { label: "About", href: "/about" },
  { label: "Affiliate Disclosure", href: "/affiliate-disclosure" },
  { label: "Privacy Policy", href: "/privacy" },
  { label: "Terms of Service", href: "/terms" },
] as const;

export const FOOTER_RESOURCES = [
  { label: "Blog", href: "/blog" },
  { label: "Courses", href: "/courses" },
  { label: "Tool Comparison", href: "/tools/comparison" },
  { label: "SEO Tools Comparison", href: "/tools/seo-comparison" },
  { label: "About", href: "/about" },
  { label: "Affiliate Disclosure", href: "/affiliate-disclosure" },
  { label: "Privacy Policy", href: "/privacy" },
  { label: "Terms of Service", href: "/terms" },
] as const;
