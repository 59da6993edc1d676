import { AVATAR_MAX_BYTES } from "~/lib/account/profile-rules";
import { REVIEW_IMAGE_MAX_BYTES, REVIEW_MAX_IMAGES } from "~/lib/review/review-rules";

/**
 * How many bytes a request body may have, by path: one table for the HTTP layer (which refuses a larger
 * Content-Length at once and stops reading past the limit) and for the write path (which words the refusal
 * for the form). Forms and JSON get 64 KB; only the five routes that take files get more.
 */
export const FORM_MAX_BYTES = 64 * 1024;
/**
 * A JSON-RPC message to the MCP server at /mcp (issue 46): a tool call's arguments are a few slugs and words, so the
 * forms' allowance is ample; the SDK is given the same bound (utils/mcp-http.server.ts), which it checks before parsing.
 */
export const MCP_MAX_BYTES = FORM_MAX_BYTES;

const UPLOAD_ROUTES: { path: RegExp; maxBytes: number }[] = [
  // A tool page's review form, with up to three images in one post.
  { path: /^\/tools\/[^/]+(\.data)?$/, maxBytes: REVIEW_MAX_IMAGES * REVIEW_IMAGE_MAX_BYTES + FORM_MAX_BYTES },
  // Edit profile, with an avatar.
  { path: /^\/(profile|favorites|my-reviews)(\.data)?$/, maxBytes: AVATAR_MAX_BYTES + FORM_MAX_BYTES },
  // One review image, uploaded while the review is written.
  { path: /^\/api\/uploads$/, maxBytes: REVIEW_IMAGE_MAX_BYTES + 16 * 1024 },
  // One screenshot of a tool, with its alt text and caption (an editor's form, decision 048).
  { path: /^\/admin\/screenshots\/[^/]+(\.data)?$/, maxBytes: REVIEW_IMAGE_MAX_BYTES + FORM_MAX_BYTES },
  // A maker's listing page, whose logo proposal posts one image with its source page and note (decision 084).
  { path: /^\/maker\/tools\/[^/]+(\.data)?$/, maxBytes: REVIEW_IMAGE_MAX_BYTES + FORM_MAX_BYTES },
  // The MCP server: named so that its bound stays the one the SDK is given, whatever the default becomes.
  { path: /^\/mcp$/, maxBytes: MCP_MAX_BYTES },
];

export function bodyLimitFor(pathname: string): number {
  return UPLOAD_ROUTES.find((route) => route.path.test(pathname))?.maxBytes ?? FORM_MAX_BYTES;
}

/** Thrown while reading a body past its limit (by the HTTP layer's stream or the form reader). */
export class BodyTooLargeError extends Error {
  constructor() {
    super("request body over its limit");
  }
}

/**
 * The body as a stream that fails with BodyTooLargeError past `maxBytes`, so no reader can buffer more
 * whatever Content-Length claimed (chunked bodies claim nothing).
 */
export function limitedBody(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  let total = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > maxBytes) controller.error(new BodyTooLargeError());
        else controller.enqueue(chunk);
      },
    }),
  );
}

/** Reads a whole body of at most `maxBytes`, stopping (and cancelling the upload) as soon as it passes. */
export async function readBody(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new BodyTooLargeError();
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
