/** The signed-in user's menu (spec §2.10: the navigation labels /favorites 'Saved Tools'). */
export const ACCOUNT_NAV = [
  { label: "Profile", href: "/profile" },
  { label: "Saved Tools", href: "/favorites" },
  // Issue 47: a reader's named shortlists (decision 087).
  { label: "Shortlists", href: "/shortlists" },
  { label: "Settings", href: "/settings" },
] as const;

/** What the shell needs to know about the signed-in visitor. */
export type ViewerSummary = { name: string; email: string; image: string | null };
