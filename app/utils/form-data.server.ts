/**
 * Reads a form body, refusing more than `maxBytes` whatever Content-Length
 * claims, so an upload cannot make the server buffer an unbounded request.
 */
export class BodyTooLargeError extends Error {}

export async function readFormData(request: Request, maxBytes: number): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new BodyTooLargeError();
  if (!request.body) return new FormData();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  const body = Buffer.concat(chunks);
  return new Response(body, { headers: { "content-type": request.headers.get("content-type") ?? "" } }).formData();
}
