import { AsyncLocalStorage } from "node:async_hooks";
import { errorText, log } from "~/utils/logger.server";

/**
 * The last line of defence (issue 40): what the process does with an error nothing else caught.
 *
 * Every stream we hand on keeps its errors listened for (utils/web-streams.server.ts), so this should never run. If
 * it does, the error is logged on one line with the request it came from (the front door runs each request inside
 * `requestScope`), and then:
 * - an error of a connection that is gone (a client hung up, a socket reset) touched nothing but that connection's
 *   streams: the process goes on serving;
 * - anything else may have left shared state (the database client, the page cache) half-changed: the process stops
 *   taking requests, finishes the ones in flight and exits 1, for the cluster's primary or the supervisor to start
 *   another (docs/DEPLOY.md).
 */

export type RequestScope = { requestId: string; path: string };

/** The request being handled, for a log line written far from it. */
export const requestScope = new AsyncLocalStorage<RequestScope>();

/** Errors of a connection that is gone: Node's stream and socket codes for an aborted or reset exchange. */
const CONNECTION_GONE = new Set(["ABORT_ERR", "ERR_STREAM_PREMATURE_CLOSE", "ERR_STREAM_DESTROYED", "ERR_STREAM_WRITE_AFTER_END", "ECONNRESET", "EPIPE"]);

export function isConnectionGone(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && CONNECTION_GONE.has(code);
}

/**
 * Logs an error nothing caught, and says whether the process may go on ("continue") or must stop ("exit").
 * server.js calls it from `process.on("uncaughtException")` (which unhandled promise rejections reach too).
 */
export function judgeUncaught(error: unknown): "continue" | "exit" {
  const scope = requestScope.getStore();
  const where = scope ? { requestId: scope.requestId, path: scope.path } : {};
  if (isConnectionGone(error)) {
    log.warn("a stream error nothing listened for, from a connection that is gone: the server goes on", { ...where, error: errorText(error) });
    return "continue";
  }
  log.error("stopping: an unexpected error nothing caught; the requests in flight are finished first", { ...where, error: errorText(error) });
  return "exit";
}
