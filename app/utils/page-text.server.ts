import type { RouterContextProvider } from "react-router";
import { inPageMark, type InPage, type PageText } from "~/lib/ui/page-text";
import { requestInfoContext } from "./request-context";

/**
 * `value` as the loader data should carry it (lib/ui/page-text.ts): a mark when the request is for a document, whose
 * HTML holds what the value renders; the value itself for a client navigation's data, which renders it in the browser.
 * Only for what renders as plain HTML with no script of its own (links, text, `<details>`): in a document the browser
 * keeps the server's HTML of it and never hydrates it.
 */
export function inPage<T>(context: Readonly<RouterContextProvider>, value: T): InPage<T> {
  return context.get(requestInfoContext).document ? inPageMark(value) : value;
}

/** A text as the loader data should carry it: `inPage` for a string. */
export function pageText(context: Readonly<RouterContextProvider>, text: string): PageText {
  return inPage(context, text);
}
