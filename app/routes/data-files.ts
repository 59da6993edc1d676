import { createReadStream } from "node:fs";
import { OPEN_DATA_WORDS } from "~/lib/words/open-data";
import { DATA_FILES, isDataFileName } from "~/lib/api/data-files";
import type { RouteHandle } from "~/lib/route-handle";
import { requestDataFilesRun } from "~/models/open-data/job.server";
import { localFilePath, readPointer } from "~/models/open-data/store.server";
import { AppError } from "~/utils/errors.server";
import { resourceErrorResponse } from "~/utils/replies.server";
import { webReadableOf } from "~/utils/web-streams.server";
import type { Route } from "./+types/data-files";

/** A 2 MB file read from disk per request: never kept by the page cache (decision 067); browsers and CDNs keep it an hour. */
export const handle = { cache: "personal" } satisfies RouteHandle;

/** The client's tags (If-None-Match) against ours, weakly (RFC 9110 13.1.2), as the page cache compares them. */
const matches = (ifNoneMatch: string, etag: string) => ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
const base64 = (hex: string) => Buffer.from(hex, "hex").toString("base64");

/**
 * The open-data files (issue 46), from the generation the nightly job published last (models/open-data/, kept in the
 * database and copied to this host's disk on first use, decision 092): its
 * checksum as the ETag and Repr-Digest, its time as Last-Modified, 304 for a client that has it. Gzipped once by the
 * job: a client that takes gzip gets that copy (the compression step leaves an encoded answer alone), others the file.
 * Before the first run: 503 with Retry-After, and a run asked for.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const name = params.file;
  if (!isDataFileName(name)) return resourceErrorResponse(new AppError("NOT_FOUND", { message: "fileNotFound" }));
  const pointer = await readPointer();
  if (!pointer) {
    await requestDataFilesRun();
    return resourceErrorResponse(new AppError("UNAVAILABLE", { detail: OPEN_DATA_WORDS.filesPending, retryAfterSeconds: 60 }));
  }
  const file = pointer.files[name];
  const gzip = /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");
  // Each representation its own strong tag; a client holding either is up to date.
  const [plainTag, gzipTag] = [`"${file.sha256}"`, `"${file.sha256}-gz"`];
  const tags = [plainTag, gzipTag];
  const sent = gzip ? { etag: gzipTag, ...file.gzip } : { etag: plainTag, sha256: file.sha256, bytes: file.bytes };
  const headers: Record<string, string> = {
    ETag: sent.etag,
    "Last-Modified": new Date(pointer.generated_at).toUTCString(),
    "Cache-Control": "public, max-age=3600",
    Vary: "Accept-Encoding",
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": "ETag, Repr-Digest, Digest, Content-Length",
  };
  const ifNoneMatch = request.headers.get("if-none-match");
  const ifModifiedSince = Date.parse(request.headers.get("if-modified-since") ?? "");
  // If-Modified-Since counts only without If-None-Match (RFC 9110 13.2.2); Last-Modified has whole seconds.
  const fresh = ifNoneMatch !== null ? tags.some((tag) => matches(ifNoneMatch, tag)) : Math.floor(Date.parse(pointer.generated_at) / 1000) * 1000 <= ifModifiedSince;
  if (fresh) return new Response(null, { status: 304, headers });
  const type = DATA_FILES[name];
  Object.assign(headers, {
    "Content-Type": type,
    "Content-Length": String(sent.bytes),
    // RFC 9530 over the bytes sent (the representation, gzip included), and RFC 3230's older form for older clients.
    "Repr-Digest": `sha-256=:${base64(sent.sha256)}:`,
    Digest: `sha-256=${base64(sent.sha256)}`,
    ...(gzip ? { "Content-Encoding": "gzip" } : {}),
    ...(type.startsWith("text/csv") ? { "Content-Disposition": `inline; filename="${name}"` } : {}),
  });
  if (request.method === "HEAD") return new Response(null, { headers });
  const local = await localFilePath(pointer, name, gzip);
  // Pruned by a newer run between the two reads: that run's files are there now, and a retry gets them.
  if (local === "pruned") return resourceErrorResponse(new AppError("UNAVAILABLE", { detail: OPEN_DATA_WORDS.filesPending, retryAfterSeconds: 5 }));
  // Stored bytes that are not the file: never served; a new run writes them again.
  if (local === "damaged") {
    await requestDataFilesRun();
    return resourceErrorResponse(new AppError("UNAVAILABLE", { detail: OPEN_DATA_WORDS.filesRewriting, retryAfterSeconds: 300 }));
  }
  return new Response(webReadableOf(createReadStream(local)), { headers });
}
