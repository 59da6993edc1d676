import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { requestInfoContext } from "~/utils/request-context";
import { errorText, log } from "~/utils/logger.server";
import { noteUnavailable } from "~/utils/unavailable.server";
import { diagnosticModeOf } from "~/lib/vitals/diagnostics";
import { DocumentNonce, hydratesDocument, ReadingPage } from "~/components/layout/document-hydration";
import { ReadingScripts } from "~/components/layout/reading-scripts";
import { getEnv } from "~/utils/env.server";
import { scriptsAfterPaint } from "~/utils/scripts-after-paint.server";
import { bodyBytes } from "~/utils/body-bytes.server";
import { laterSectionsLoaded } from "~/components/ui/hydrate-later";
import { RenderOnceContext } from "~/components/ui/in-page-text";
import { renderedOnce } from "~/utils/rendered-once.server";

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // A section that hydrates later is rendered in full, never as a fallback a script completes (ui/hydrate-later.tsx).
  const waiting = laterSectionsLoaded();
  if (waiting) return waiting.then(() => renderDocument(request, responseStatusCode, responseHeaders, routerContext, loadContext));
  return renderDocument(request, responseStatusCode, responseHeaders, routerContext, loadContext);
}

function renderDocument(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: RouterContextProvider) {
  const { nonce, requestId, viewer, notes } = loadContext.get(requestInfoContext);
  // A page the cache keeps has its parts rendered alone later, in the routes and with the loader data it was rendered with.
  if (notes) {
    const { matches, loaderData } = routerContext.staticHandlerContext;
    notes.route = { branch: matches.map(({ route: { id, path, index } }) => ({ id, ...(index ? { index } : { path }) })), loaderData };
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let shellStatus = responseStatusCode;
    const mode = diagnosticModeOf(new URL(request.url).searchParams);
    // A reading page (decision 049) carries no loader data and no React: its parts are rendered before it goes out.
    const hydrates = hydratesDocument(routerContext, mode);
    if (!hydrates) void routerContext.serverHandoffStream?.cancel().catch(() => {});
    const context = hydrates ? routerContext : { ...routerContext, serverHandoffStream: undefined };
    const readingPage = hydrates
      ? null
      : {
          scripts: (
            <ReadingScripts
              nonce={nonce}
              routeId={routerContext.staticHandlerContext.matches.at(-1)?.route.id}
              vitalsRate={mode ? 0 : getEnv().VITALS_SAMPLE_RATE}
              signedIn={Boolean(viewer)}
            />
          ),
        };
    if (mode) responseHeaders.set("X-Robots-Tag", "noindex");
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ReadingPage value={readingPage}>
        {/* Sections rendered once for their content (ui/in-page-text.tsx, decision 079). */}
        <RenderOnceContext value={renderedOnce}>
          <DocumentNonce value={nonce}>
            <ServerRouter context={context} url={request.url} nonce={nonce} />
          </DocumentNonce>
        </RenderOnceContext>
      </ReadingPage>,
      {
        nonce,
        // A Suspense boundary rendered in full stays in place, however large: React would otherwise send one over
        // 12.8 KB after the shell and move it in with a script, which a reader without JavaScript never runs (the
        // reviews section, ui/hydrate-later.tsx).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // Everyone gets the complete document in one go, in one buffer (decision 073): it is compressed in one call
        // (server/compress.ts), a stream of it (a Node stream, then a web stream) cost more than the compression, and no
        // part of it is left for a script to fill in later (a reader without JavaScript sees it all).
        onShellReady() {
          shellRendered = true;
          // As when the page streamed from here: an error in a part rendered after the shell leaves the status as it was.
          shellStatus = responseStatusCode;
        },
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              // The stylesheet and the page's HTML first, React's client after the first paint (issue 30, decision 058).
              const html = hydrates ? scriptsAfterPaint(Buffer.concat(chunks)) : Buffer.concat(chunks);
              resolve(new Response(bodyBytes(html), { headers: responseHeaders, status: shellStatus }));
              callback();
            },
          });
          // A render React gave up on (its destination destroyed) ends without a page.
          body.once("close", () => {
            if (!body.writableFinished) reject(new Error("the page's render ended before the page was complete"));
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // A client that hung up stops the render ("The destination stream closed early"): the front door logs that
          // request once as aborted, and it is no render error.
          if (shellRendered && !request.signal.aborted) log.error("streaming render error", { requestId, error: errorText(error) });
        },
      },
    );
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
