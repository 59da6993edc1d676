import type { ComponentProps } from "react";
import { textOf, type PageText } from "~/lib/ui/page-text";

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
