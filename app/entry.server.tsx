import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { requestInfoContext } from "~/utils/request-context";
import { errorText, log } from "~/utils/logger.server";
import { noteUnavailable } from "~/utils/unavailable.server";
import { diagnosticModeOf } from "~/lib/vitals/diagnostics";

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, requestId } = loadContext.get(requestInfoContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the complete document in one go; people get the shell streamed.
    const mode = diagnosticModeOf(new URL(request.url).searchParams);
    // ?mode=minimal has no scripts, so nothing could fill in a streamed part later: the page goes out whole.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode || mode === "minimal" ? "onAllReady" : "onShellReady";
    if (mode) responseHeaders.set("X-Robots-Tag", "noindex");
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) log.error("streaming render error", { requestId, error: errorText(error) });
      },
    });
  });
}

/** Errors thrown by loaders and actions: logged once with the request id, never shown raw. */
export function handleError(error: unknown, { request, context }: { request: Request; context: RouterContextProvider }) {
  // A lost database is expected (a restart, a fail-over): the request is answered 503, logged once there.
  if (noteUnavailable(error, context)) return;
  // A visitor's mistake (a GET to a write-only route, an unknown action) is answered, not a failure to log.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  let requestId: string | undefined;
  try {
    requestId = context.get(requestInfoContext).requestId;
  } catch {
    requestId = undefined;
  }
  log.error("request failed", {
    requestId,
    path: new URL(request.url).pathname,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
}
