/**
 * What a page's HTML carries once (issue 43, decision 069). In a document's loader data a long text or a whole section
 * that the server renders, such as a tool card's description or the home page's testimonials, is a mark,
 * `{ inPage: true }`: the value itself sits under a symbol, which the server's render reads and React Router's
 * serialisation (like JSON) leaves out, so it is not sent a second time in the page's inline loader data. In the
 * browser the mark has no value, and `InPageText` or `InPageSection` keeps the element the server rendered (React
 * leaves the inside of an element with `dangerouslySetInnerHTML` as it finds it while hydrating). A client
 * navigation's data carries the value itself (`utils/page-text.server.ts` decides which).
 */
export type InPageMark = { readonly inPage: true };
/** A value, or in a document's loader data the mark of one its HTML holds. */
export type InPage<T> = T | InPageMark;
export type PageText = InPage<string>;

const VALUE = Symbol("in page");

/** The mark of a value: the value under a symbol, which no serialisation writes. */
export function inPageMark<T>(value: T): InPageMark {
  return Object.assign({ inPage: true } as const, { [VALUE]: value });
}

const isMark = (value: unknown): value is InPageMark & { [VALUE]?: unknown } =>
  typeof value === "object" && value !== null && (value as { inPage?: unknown }).inPage === true && Object.keys(value).length === 1;

/** The value, or undefined in the browser when the page's HTML already holds it. */
export function inPageValue<T>(value: InPage<T>): T | undefined {
  return isMark(value) ? (value[VALUE] as T | undefined) : (value as T);
}

/** What `make` gives for the value, or the mark as it is where the page's HTML holds the value (structured data of it). */
export function mapInPage<T, U>(value: InPage<T>, make: (value: T) => U): InPage<U> {
  const shown = inPageValue(value);
  return shown === undefined ? (value as InPageMark) : make(shown);
}

/** A text's mark (`inPageMark` for a string). */
export const pageTextMark: (text: string) => InPageMark = inPageMark;
/** The text, or undefined in the browser when the page's HTML already holds it. */
export const textOf: (value: PageText) => string | undefined = inPageValue;
