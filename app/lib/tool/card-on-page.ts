import { inPageMark, type InPage } from "~/lib/ui/page-text";

type Named = { id: number; slug: string; name: string };

/**
 * A tool card as a page's loader data carries it (components/tool/tool-card.tsx): the id, slug and name, which the page
 * reads itself (a part's props, structured data, a comparison link), and what the card shows.
 */
export type CardOf<Card extends Named> = Named & { shown: InPage<Omit<Card, keyof Named>> };

/**
 * A card as a page sends it (issue 43, decision 069). In a `document` what the card shows is a mark: the page's HTML
 * holds it and the browser keeps that HTML as sent, so the inline loader data carries 50 bytes a card rather than 250.
 * A client navigation's data, and a page without loader data, carry the card itself.
 */
export function cardOnPage<Card extends Named>({ id, slug, name, ...shown }: Card, { document }: { document: boolean }): CardOf<Card> {
  return { id, slug, name, shown: document ? inPageMark(shown) : shown };
}
