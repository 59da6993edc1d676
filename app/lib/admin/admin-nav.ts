import type { Role } from "../account/roles";

/**
 * The admin area's sections (issue 19), in the order of the side navigation. Each names the least role that may
 * open it; the page's own loader checks the same role on the server (the menu only hides what cannot be opened).
 */
export type AdminNavItem = { to: string; label: string; role: Role };

export const ADMIN_NAV: AdminNavItem[] = [
  { to: "/admin", label: "Dashboard", role: "editor" },
  { to: "/admin/reports", label: "Reports", role: "editor" },
  { to: "/admin/proofs", label: "Proofs of use", role: "editor" },
  { to: "/admin/submissions", label: "Submissions", role: "editor" },
  { to: "/admin/messages", label: "Messages", role: "editor" },
  { to: "/admin/subscribers", label: "Subscribers", role: "editor" },
  { to: "/admin/newsletter", label: "Newsletter", role: "editor" },
  { to: "/admin/clicks", label: "Clicks", role: "editor" },
  { to: "/admin/vitals", label: "Web vitals", role: "editor" },
  { to: "/admin/links", label: "Link health", role: "editor" },
  { to: "/admin/prices", label: "Prices and deals", role: "editor" },
  { to: "/admin/facts", label: "Data facts", role: "editor" },
  { to: "/admin/policies", label: "Policy pages", role: "editor" },
  { to: "/admin/claims", label: "Claims", role: "editor" },
  { to: "/admin/proposals", label: "Maker proposals", role: "editor" },
  { to: "/admin/roles", label: "Roles", role: "owner" },
  { to: "/admin/audit", label: "Audit log", role: "owner" },
];
