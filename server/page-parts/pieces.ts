import type { PartKind } from "~/components/personal/personal-part";
import type { FoundParts } from "./find-parts";

/** A part to render for a request: its name and the props its mark carried. */
export type Hole = { name: string; props: Record<string, unknown> };

/**
 * A kept page cut for one kind of fill, once, when it is kept: `chunks[i]` comes before `holes[i]`'s HTML, then
 * `chunks[holes.length]` before what the fill adds at the end of `<body>` (its JSON), then the last chunk. The chunks
 * are views of the kept body's bytes: nothing is copied.
 */
export type Pieces = { chunks: Buffer[]; holes: Hole[] };

/**
 * The page cut around the content of its parts of `kinds` (the reader's parts, or every part for a search served from
 * the shell). A part of another kind is bytes like any other, and may hold parts that are cut. Null when a part to
 * render is inside another part to render: the outer one's render would hold the inner one, whose own would be wrong.
 */
export function piecesFor(body: Buffer, html: string, found: FoundParts, kinds: readonly PartKind[]): Pieces | null {
  const chosen = found.parts.filter((part) => kinds.includes(part.kind));
  const holes: Hole[] = [];
  const chunks: Buffer[] = [];
  // Offsets in the text, turned into offsets in the bytes as the cut goes along (UTF-8: a character is 1 to 4 bytes).
  let at = 0;
  let byteAt = 0;
  const cutAt = (offset: number) => {
    const byteOffset = byteAt + Buffer.byteLength(html.slice(at, offset));
    const chunk = body.subarray(byteAt, byteOffset);
    at = offset;
    byteAt = byteOffset;
    return chunk;
  };
  for (const part of chosen) {
    for (let outer = part.inside; outer !== null; outer = found.parts[outer]!.inside) if (kinds.includes(found.parts[outer]!.kind)) return null;
    chunks.push(cutAt(part.start));
    holes.push({ name: part.name, props: part.props });
    cutAt(part.end);
  }
  chunks.push(cutAt(found.bodyEnd), body.subarray(byteAt));
  return { chunks, holes };
}

/**
 * The page with each hole's HTML (`rendered`, in order) and `atBodyEnd` (JSON the page carries) put in, written into
 * one buffer of the page's length: a Buffer per rendered text and then their concatenation made each search's results
 * (57 KB) twice over, garbage that outlived the young generation under load (docs/ARCHITECTURE.md, "Where the memory goes").
 */
export function joinPieces({ chunks, holes }: Pieces, rendered: readonly string[], atBodyEnd: string): Buffer {
  if (rendered.length !== holes.length) throw new Error(`The page has ${holes.length} parts to fill; ${rendered.length} were rendered`);
  const texts = [...rendered, atBodyEnd];
  let length = 0;
  for (const chunk of chunks) length += chunk.length;
  for (const text of texts) length += Buffer.byteLength(text);
  const page = Buffer.allocUnsafe(length);
  let at = 0;
  texts.forEach((text, index) => {
    at += chunks[index]!.copy(page, at);
    at += page.write(text, at);
  });
  chunks[texts.length]!.copy(page, at);
  return page;
}
