import type { Toast } from "~/lib/account-messages";

/** The shape every /api/ endpoint answers with (see utils/api.server.ts). */
export type ApiBody<T = unknown> = { ok: boolean; toast: Toast; data?: T; field?: string };
