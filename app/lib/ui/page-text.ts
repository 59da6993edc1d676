/**
 * A text a page's HTML carries once (issue 43). In a document's loader data a long text the server renders, such as a
 * tool card's description, is a mark, `{ inPage: true }`: the text itself sits under a symbol, which the server's
 * render reads and React Router's serialisation (like JSON) leaves out, so the text is not sent a second time in the
 * page's inline loader data. In the browser the mark has no text, and `InPageText` keeps the element the server
 * rendered (React leaves the inside of an element with `dangerouslySetInnerHTML` as it finds it while hydrating). A
 * client navigation's data carries the text itself (`utils/page-text.server.ts` decides which).
 */
export type PageText = string | PageTextMark;
export type PageTextMark = { readonly inPage: true };

const TEXT = Symbol("page text");

/** The mark of a text: the text under a symbol, which no serialisation writes. */
export function pageTextMark(text: string): PageTextMark {
  return Object.assign({ inPage: true } as const, { [TEXT]: text });
}

/** The text, or undefined in the browser when the page's HTML already holds it. */
export function textOf(value: PageText): string | undefined {
  return typeof value === "string" ? value : (value as { [TEXT]?: string })[TEXT];
}

/** A record with its `Field` as a page text: the type a document's loader data gives a component. */
export type WithPageText<T, Field extends keyof T> = Omit<T, Field> & { [K in Field]: PageText };
