/** Roles from least to most powerful; each includes the ones before it (spec issue 19 'Roles'). */
export const ROLES = ["reader", "editor", "owner"] as const;

export type Role = (typeof ROLES)[number];

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/** A stored role as one of ROLES; anything else (a hand-edited row) counts as the least. */
export const roleOf = (value: unknown): Role => (isRole(value) ? value : "reader");
