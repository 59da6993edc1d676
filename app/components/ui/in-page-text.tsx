import type { ComponentProps, HTMLAttributes, ReactNode } from "react";
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

/**
 * A block rendered from an in-page value (lib/ui/page-text.ts): `children(value)` where this render has the value,
 * else the element the server rendered, kept as it is and never hydrated. For content with no script of its own.
 */
export function InPageSection<T>({
  value,
  as: Tag = "div",
  children,
  ...attributes
}: Omit<HTMLAttributes<HTMLElement>, "children" | "dangerouslySetInnerHTML"> & { value: InPage<T>; as?: SectionTag; children: (value: T) => ReactNode }) {
  const shown = inPageValue(value);
  return shown === undefined ? (
    <Tag key="kept" {...attributes} dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />
  ) : (
    <Tag key="value" {...attributes}>
      {children(shown)}
    </Tag>
  );
}
