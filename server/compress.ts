import { Duplex } from "node:stream";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Step } from "./pipeline";

const COMPRESSIBLE = /^(text\/|application\/(json|xml|rss\+xml|atom\+xml|ld\+json)|image\/svg\+xml)/;

/**
 * Level 4, not zlib's default 6: these are pages rendered for one request (cached pages are compressed
 * once, at the best level), and on a directory page level 6 costs 40% more CPU for 4% fewer bytes.
 */
const gzipStream = () => Duplex.toWeb(zlib.createGzip({ level: 4 })) as ReadableWritablePair<Uint8Array, Uint8Array>;

const gzipOnce = promisify(zlib.gzip);

/** Whether an answer of this type goes out gzipped to this request. */
const gzipsFor = (request: Request, contentType: string) =>
  request.method !== "HEAD" && COMPRESSIBLE.test(contentType) && /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");

/**
 * An answer whose whole body is in memory (a kept page with personal parts), gzipped as `compress` would, in one
 * call rather than through a web stream, which costs more than the compression on a page this size.
 */
export async function compressedAnswer(request: Request, body: Buffer, { status, headers }: { status: number; headers: [string, string][] }): Promise<Response> {
  const contentType = headers.find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "";
  if (!gzipsFor(request, contentType)) return new Response(new Uint8Array(body), { status, headers });
  const gzipped = await gzipOnce(body, { level: 4 });
  return new Response(new Uint8Array(gzipped), { status, headers: [...headers, ["Content-Encoding", "gzip"], ["Vary", "Accept-Encoding"]] });
}

/** Gzips text responses for clients that accept it (static assets are precompressed by the build instead). */
export function compress(request: Request, response: Response): Response {
  if (!response.body || response.headers.has("content-encoding") || !gzipsFor(request, response.headers.get("content-type") ?? "")) return response;
  const headers = new Headers(response.headers);
  headers.set("Content-Encoding", "gzip");
  headers.append("Vary", "Accept-Encoding");
  headers.delete("Content-Length");
  return new Response(response.body.pipeThrough(gzipStream()), { status: response.status, statusText: response.statusText || undefined, headers });
}

/** The pipeline step: what is rendered for this request goes out gzipped, unless the page cache asked for the raw page. */
export const compressResponses: Step = async (exchange, next) => {
  const response = await next(exchange);
  return exchange.compress ? compress(exchange.request, response) : response;
};
