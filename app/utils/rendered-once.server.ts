import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** Sections' HTML by what they were rendered from, the least recently used dropped first. */
const kept = new Map<string, { __html: string }>();
/** About 2 KB of HTML and key each for a card's two sections: 4,000 of them are a few MB, the cards of 80 pages. */
export const RENDERED_ONCE_LIMIT = 4000;

/**
 * The HTML of an `InPageSection`'s content marked `once`, rendered the first time for what it is rendered from (`key`:
 * the value and everything else its content reads) and then reused (decision 079): on /tools the 24 cards were half of
 * React's render, and the same cards are rendered again for every render of /tools, the home page, a category or a
 * search that lists them. The key is the content, so nothing is invalidated: a changed tool is another key. A static
 * render (`renderToStaticMarkup`) has no context, so the content must read none (no router hooks, no `useId`) and
 * hoist nothing into the head.
 */
export function renderedOnce(key: string, content: () => ReactNode): { __html: string } {
  let html = kept.get(key);
  if (html) {
    kept.delete(key);
  } else {
    html = { __html: renderToStaticMarkup(content()) };
    if (kept.size >= RENDERED_ONCE_LIMIT) kept.delete(kept.keys().next().value!);
  }
  kept.set(key, html);
  return html;
}

/** How many sections' HTML is held (tests). */
export const renderedOnceSize = () => kept.size;
