import type { Toast } from "./messages";

/**
 * The one shape every write answers with: form actions (as action data, for
 * fetchers and for pages rendered without JavaScript) and the JSON API alike.
 * Built only by utils/write.server.ts.
 */
export type Reply<T = unknown> = {
  ok: boolean;
  /** Which form of the page answered, when a page has several. */
  intent?: string;
  /** The error code (utils/errors.server.ts) when `ok` is false. */
  code?: string;
  toast: Toast;
  data?: T;
  /** The one field an API client should highlight. */
  field?: string;
  /** Texts to print under each field. */
  fieldErrors?: Record<string, string>;
  /** What the visitor typed (never passwords or files), so a failed submit without JavaScript loses nothing. */
  values?: Record<string, string>;
};

/** The reply of `intent` among a page's forms, if that is the one that answered. */
export function replyFor(reply: Reply | undefined, intent: string): Reply | undefined {
  return reply?.intent === intent ? reply : undefined;
}
