import { Duplex, type Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";

/**
 * The one way a Node stream becomes part of a web stream (a response body): a rendered page, a compressed answer.
 *
 * Why this module exists (issue 40): when a client hangs up, node-fetch-server cancels the answer's body, and Node's
 * web-stream adapters destroy the Node stream behind it with an `AbortError`. The adapters listen for that error only
 * until they let go of the stream, and a cancelled gzip stream emitted it after both had, with no listener left: an
 * unhandled 'error' event, which ends the process. Every Node stream handed to a web stream here keeps a listener for
 * its whole life. It does not hide failures: while anyone reads the web stream, the adapter passes the error on to
 * that reader (node-fetch-server, which ends the answer); once nobody reads, the client is gone and the front door
 * has logged the request as aborted (server/front-door.ts).
 *
 * ESLint refuses `toWeb` and `createReadableStreamFromReadable` anywhere else (eslint.config.js, project/web-streams).
 */
function listenedForLife<T extends Duplex | Readable>(stream: T): T {
  stream.on("error", afterHandOver);
  return stream;
}

/** An error on a stream whose web side is gone: the reader has been told, or there is no reader (see above). */
function afterHandOver() {}

/** A Node transform (zlib's gzip, say) as the pair `ReadableStream.pipeThrough` takes. */
export function webTransformOf(duplex: Duplex): ReadableWritablePair<Uint8Array, Uint8Array> {
  return Duplex.toWeb(listenedForLife(duplex)) as ReadableWritablePair<Uint8Array, Uint8Array>;
}

/** A Node readable (React's rendered page) as a response body. */
export function webReadableOf(readable: Readable): ReadableStream<Uint8Array> {
  return createReadableStreamFromReadable(listenedForLife(readable));
}
