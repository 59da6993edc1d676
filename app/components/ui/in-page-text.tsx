import { createContext, useContext, type ComponentProps, type HTMLAttributes, type ReactNode } from "react";
import { inPageValue, textOf, type InPage, type PageText } from "~/lib/ui/page-text";

/** Nothing to insert: React never sets an unchanged `dangerouslySetInnerHTML`, so the server's text stays. */
const KEEP = { __html: "" };

/**
 * A paragraph of a page text (lib/ui/page-text.ts): its text where this render has it, else the paragraph the server
 * rendered, kept as it is. The key makes React replace the kept paragraph when the text arrives (a client navigation).
 */
export function InPageText({ text, ...props }: Omit<ComponentProps<"p">, "children" | "dangerouslySetInnerHTML"> & { text: PageText }) {
  const value = textOf(text);
  return value === undefined ? (
    <p key="kept" {...props} dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />
  ) : (
    <p key="text" {...props}>
      {value}
    </p>
  );
}

type SectionTag = "div" | "ul" | "dl";

/** Where the server renders a section's content once (`renderedOnce`, utils/rendered-once.server.ts): the key, the content. */
export type RenderOnce = (key: string, content: () => ReactNode) => { __html: string };

/**
 * The server's renders give it (`entry.server.tsx`, `server/page-parts/render-parts.tsx`), so that the browser's build
 * carries neither React's server (200 KB) nor the kept HTML: none in the browser.
 */
export const RenderOnceContext = /* @__PURE__ */ createContext<RenderOnce | null>(null);

/**
 * The server's build reads it; the browser's has none to read, and so carries neither the context nor the branch that
 * uses it (they took the pages' first load 0.1 KB past budgets). Either build calls the same hooks on every render.
 */
const useRenderOnce: () => RenderOnce | null = import.meta.env.SSR ? () => useContext(RenderOnceContext) : () => null;

/**
 * A block rendered from an in-page value (lib/ui/page-text.ts): `children(value)` where this render has the value,
 * else the element the server rendered, kept as it is and never hydrated. For content with no script of its own.
 *
 * `once`: on the server, the content is rendered once for the value and these (everything else `children` reads,
 * as JSON) and its HTML reused (`renderedOnce`, decision 079). The browser renders it as before: in a document it keeps
 * the server's element, after a client navigation it renders `children`.
 */
export function InPageSection<T>({
  value,
  as: Tag = "div",
  children,
  once,
  ...attributes
}: Omit<HTMLAttributes<HTMLElement>, "children" | "dangerouslySetInnerHTML"> & {
  value: InPage<T>;
  as?: SectionTag;
  children: (value: T) => ReactNode;
  once?: readonly (string | number | boolean | null | undefined)[];
}) {
  const renderOnce = useRenderOnce();
  const shown = inPageValue(value);
  if (shown === undefined) return <Tag key="kept" {...attributes} dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />;
  if (import.meta.env.SSR && once && renderOnce)
    return <Tag key="value" {...attributes} dangerouslySetInnerHTML={renderOnce(JSON.stringify([once, shown]), () => children(shown))} />;
  return (
    <Tag key="value" {...attributes}>
      {children(shown)}
    </Tag>
  );
}
