/**
 * A Buffer as the body of a `Response`, without copying it: the Response copies a body given as bytes itself (the Fetch
 * standard's "a copy of the bytes held by" a BufferSource), so `new Uint8Array(buffer)` copied every page once more,
 * garbage the size of the page on each request (docs/ARCHITECTURE.md, "Where the memory goes"). The view is typed over
 * an ArrayBuffer because Node's Buffers are made over one (a Buffer over a SharedArrayBuffer is never made here).
 */
export function bodyBytes(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength);
}
