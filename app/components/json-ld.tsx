import { inPageValue, type InPage } from "~/lib/ui/page-text";

/** Nothing to insert: React never sets an unchanged `dangerouslySetInnerHTML`, so the server's script stays. */
const KEEP = { __html: "" };

/**
 * A structured data block. `<` is escaped so content can never close the script element. `data` may be an in-page
 * value (lib/ui/page-text.ts), whose script the browser keeps as the server sent it.
 */
export function JsonLd({ data }: { data: InPage<unknown> }) {
  const value = inPageValue(data);
  return value === undefined ? (
    <script type="application/ld+json" dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />
  ) : (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(value).replace(/</g, "\\u003c") }} />
  );
}
