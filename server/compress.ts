import zlib from "node:zlib";
import { bodyBytes } from "~/utils/body-bytes.server";
import { webTransformOf } from "~/utils/web-streams.server";
import type { Step } from "./pipeline";

const COMPRESSIBLE = /^(text\/|application\/(json|xml|rss\+xml|atom\+xml|ld\+json)|image\/svg\+xml)/;

/**
 * Level 4, not zlib's default 6: these are answers rendered for one request (cached pages are compressed
 * once, at the best level), and on a directory page level 6 costs 40% more CPU for 4% fewer bytes.
 */
const gzipStream = () => webTransformOf(zlib.createGzip({ level: 4 }));

/** Whether an answer of this type goes out compressed to this request, and how: `compress` always gzips. */
const encodingFor = (request: Request, contentType: string, { brotli }: { brotli: boolean }) => {
  if (request.method === "HEAD" || !COMPRESSIBLE.test(contentType)) return null;
  const accepted = request.headers.get("accept-encoding") ?? "";
  if (brotli && /\bbr\b/.test(accepted)) return "br";
  return /\bgzip\b/.test(accepted) ? "gzip" : null;
};

/**
 * An answer whose whole body is in memory (a kept page with personal parts, a page filled in from a kept shell, a page
 * rendered for one request), compressed in one call rather than through a web stream, which costs more than the
 * compression on a page this size. Brotli at quality 1 where the client takes it: on a search page (71 KB) it is as
 * small as gzip at level 4 (12.9 KB) in a quarter of the time (0.15 against 0.63 ms). On the event loop, not the
 * thread pool: zlib's callback form compresses a buffer through a stream and a worker thread, 16 KB of output per trip,
 * which on a 130 KB directory page cost 0.80 ms of CPU against 0.27 for the same bytes (decision 074; a signed-in tool
 * page, 109 KB: 0.67 against 0.25, decision 073); the loop waits those 0.27 ms, less than the render it follows.
 */
export function compressedAnswer(request: Request, body: Buffer, { status, headers }: { status: number; headers: [string, string][] }): Response {
  const contentType = headers.find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "";
  const encoding = headers.some(([name]) => name.toLowerCase() === "content-encoding") ? null : encodingFor(request, contentType, { brotli: true });
  if (!encoding) return new Response(bodyBytes(body), { status, headers });
  // A length the body had before compression would be a lie after it.
  headers = headers.filter(([name]) => name.toLowerCase() !== "content-length");
  // Room for the whole output in the one buffer zlib writes into (a page comes out at about a fifth of its size): with its
  // default 16 KB, a signed-in tool page (22 KB compressed) took two buffers and a third to join them. zlib's handle keeps
  // its buffer until V8's next full collection, so what it does not need is garbage that outlives the young generation.
  const chunkSize = Math.max(zlib.constants.Z_MIN_CHUNK, Math.ceil(body.length / 4));
  const compressed =
    encoding === "br"
      ? zlib.brotliCompressSync(body, { chunkSize, params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : zlib.gzipSync(body, { chunkSize, level: 4 });
  return new Response(bodyBytes(compressed), { status, headers: [...headers, ["Content-Encoding", encoding], ["Vary", "Accept-Encoding"]] });
}

/** Gzips text responses for clients that accept it (static assets are precompressed by the build instead). */
export function compress(request: Request, response: Response): Response {
  if (!response.body || response.headers.has("content-encoding") || !encodingFor(request, response.headers.get("content-type") ?? "", { brotli: false })) return response;
  const headers = new Headers(response.headers);
  headers.set("Content-Encoding", "gzip");
  headers.append("Vary", "Accept-Encoding");
  headers.delete("Content-Length");
  return new Response(response.body.pipeThrough(gzipStream()), { status: response.status, statusText: response.statusText || undefined, headers });
}

/**
 * An HTML document rendered for one request, read whole and compressed in one call (`compressedAnswer`, decision 073).
 * No part of a page waits for data after its shell (`entry.server.tsx` renders the sections that hydrate later in
 * full, and no page renders a loader's promise with `<Await>`), so holding it until it ends delays its first byte by the rest of its render
 * only; streaming it cost a gzip stream's and a web stream's work per chunk, a fifth of a signed-in `/profile`'s CPU.
 * Anything else (a client navigation's data, a feed, a download) is gzipped as it streams.
 */
export async function compressRendered(request: Request, response: Response): Promise<Response> {
  if (!response.body || response.headers.has("content-encoding") || !(response.headers.get("content-type") ?? "").startsWith("text/html")) return compress(request, response);
  const body = Buffer.from(await response.arrayBuffer());
  return compressedAnswer(request, body, { status: response.status, headers: [...response.headers] });
}

/** The pipeline step: what is rendered for this request goes out compressed, unless the page cache asked for the raw page. */
export const compressResponses: Step = async (exchange, next) => {
  const response = await next(exchange);
  return exchange.compress ? compressRendered(exchange.request, response) : response;
};
