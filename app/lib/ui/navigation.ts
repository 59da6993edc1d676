/** The header's items (spec part 1 §2.3), shared by header, drawer, palette and footer. */
export const MAIN_NAV = [
  { label: "Home", href: "/" },
  { label: "AI Tools", href: "/tools" },
  { label: "Tool Comparison", href: "/tools/comparison" },
  { label: "Blog", href: "/blog" },
  { label: "Courses", href: "/courses" },
  { label: "Contact", href: "/contact" },
] as const;

/** Pages reached from the footer and the palette but not the header. */
const SECONDARY_PAGES = [
  { label: "Tasks", href: "/tasks" },
  { label: "SEO Tools Comparison", href: "/tools/seo-comparison" },
  { label: "AI Tools Matrix", href: "/resources/ai-tools-comparison-matrix" },
  { label: "Startup Toolkit", href: "/startup-toolkit" },
  { label: "Business Hub", href: "/business-hub" },
  { label: "Career Resources", href: "/career-resources" },
  { label: "Newsletter", href: "/newsletter" },
  { label: "Help and Support", href: "/support" },
  { label: "About", href: "/about" },
  { label: "How We Review", href: "/how-we-review" },
  { label: "Affiliate Disclosure", href: "/affiliate-disclosure" },
  { label: "Privacy Policy", href: "/privacy" },
  { label: "Terms of Service", href: "/terms" },
] as const;

const mainNavItem = (href: (typeof MAIN_NAV)[number]["href"]) => MAIN_NAV.find((item) => item.href === href)!;

export const PALETTE_PAGES = [...MAIN_NAV, { label: "Search", href: "/search" }, ...SECONDARY_PAGES] as const;

/** "Open data": the API and the nightly files (issue 46), for developers; in the footer only. */
export const FOOTER_RESOURCES = [
  mainNavItem("/blog"),
  mainNavItem("/courses"),
  mainNavItem("/tools/comparison"),
  ...SECONDARY_PAGES,
  { label: "Open data", href: "/developers" },
] as const;
