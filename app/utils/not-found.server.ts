import { data } from "react-router";

/**
 * What a loader throws when the thing its URL names does not exist. The root
 * error boundary renders the not-found page for `kind` (a tool, a category, a
 * comparison pair or any other page), with a real 404 status and `noindex`.
 */
export type NotFoundKind = "page" | "tool" | "category" | "pair";
export type NotFoundData = { kind: NotFoundKind; slug?: string };

export function notFound(kind: NotFoundKind, slug?: string) {
  return data<NotFoundData>({ kind, slug }, { status: 404 });
}
