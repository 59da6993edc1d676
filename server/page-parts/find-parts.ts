import { parse, type DefaultTreeAdapterTypes } from "parse5";
import { PAGE_PARTS } from "~/components/personal/all-parts";
import type { PartKind } from "~/components/personal/personal-part";

/** A part's mark as the HTML parser read it: its name, kind and props, the offsets of its content, the part it is in. */
export type FoundPart = { name: string; kind: PartKind; props: Record<string, unknown>; start: number; end: number; inside: number | null };

/** A kept page's parts, in document order, and where its `</body>` starts (offsets in the page's text). */
export type FoundParts = { parts: FoundPart[]; bodyEnd: number };

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

const isElement = (node: Node): node is Element => "tagName" in node;

/** A mark's props: its `data-props` attribute as the parser decoded it (React escaped it), read as a JSON object. */
function propsOf(element: Element): Record<string, unknown> | null {
  const text = element.attrs.find((attribute) => attribute.name === "data-props")?.value;
  try {
    const value: unknown = text === undefined ? null : JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A kept page's parts, found by parse5 (the WHATWG HTML parser: what a browser builds from these bytes, scripts and
 * attributes included), once per kept page. Null, and the page then rendered in full for each reader or search, when
 * a mark names no part this build knows, its props are no JSON object, the parser closed it without its end tag (it
 * would not be where React wrote it), or the page has no `</body>`.
 */
export function findParts(html: string): FoundParts | null {
  const document = parse(html, { sourceCodeLocationInfo: true });
  const parts: FoundPart[] = [];
  let bodyEnd: number | undefined;
  // Depth first, in document order; each entry is a node and the index of the part it is in.
  const stack: [Node, number | null][] = [[document, null]];
  while (stack.length) {
    const [node, inside] = stack.pop()!;
    let within = inside;
    if (isElement(node) && node.tagName === "body") bodyEnd = node.sourceCodeLocation?.endTag?.startOffset;
    if (isElement(node) && node.tagName === "page-part") {
      const name = node.attrs.find((attribute) => attribute.name === "data-part")?.value ?? "";
      const known = PAGE_PARTS.get(name);
      const props = propsOf(node);
      const location = node.sourceCodeLocation;
      if (!known || !props || !location?.startTag || !location.endTag) return null;
      parts.push({ name, kind: known.kind, props, start: location.startTag.endOffset, end: location.endTag.startOffset, inside });
      within = parts.length - 1;
    }
    const children =
      "content" in node && node.nodeName === "template" ? (node as DefaultTreeAdapterTypes.Template).content.childNodes : "childNodes" in node ? node.childNodes : [];
    for (let index = children.length - 1; index >= 0; index--) stack.push([children[index]!, within]);
  }
  return bodyEnd === undefined ? null : { parts, bodyEnd };
}
