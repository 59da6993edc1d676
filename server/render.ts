import { isIP } from "node:net";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { loadViewer } from "~/utils/session.server";
import { requestInfoContext } from "~/utils/request-context";
import type { Exchange, Next } from "./pipeline";
import { concurrencyGate } from "./render-gate";

/** An IP address from a forwarded hop, without the port some proxies add (`1.2.3.4:5678`, `[::1]:80`); else undefined. */
export function forwardedAddress(hop: string | undefined): string | undefined {
  const value = hop?.trim() ?? "";
  const address = /^\[([^\]]+)\](?::\d+)?$/.exec(value)?.[1] ?? /^([\d.]+):\d+$/.exec(value)?.[1] ?? value;
  return isIP(address) ? address : undefined;
}

/**
 * The client's address: the first X-Forwarded-For hop behind a trusted proxy, else the socket's. A hop that is no
 * IP address (a client's own garbage, which a proxy that appends passes on) is not believed: the rate limits key
 * on addresses, not on text anyone may vary.
 */
export function clientAddress(exchange: Exchange, trustProxy: boolean) {
  const forwarded = trustProxy ? forwardedAddress(exchange.request.headers.get("x-forwarded-for")?.split(",")[0]) : undefined;
  return (forwarded || exchange.client?.address || "unknown").slice(0, 64);
}

/** React Router's handler for a build that is loaded once (production). */
function handleWithBuild(build: Promise<ServerBuild>): ReturnType<typeof createRequestHandler> {
  const handler = build.then((loaded) => createRequestHandler(loaded, "production"));
  return async (request, context) => (await handler)(request, context);
}

/**
 * The pipeline's last step: the visitor's session, then React Router (loaders, actions, the streamed page
 * with the request's nonce). Cookies and headers that loaders and actions queued are put on the answer; how it
 * may be cached is the first step's to say (server/cache-policy.ts).
 */
export function renderWithReactRouter({ dev, trustProxy }: { dev: boolean; trustProxy: boolean }): Next {
  // Resolved by the React Router Vite plugin. Given a function, React Router calls it and rebuilds its route tree
  // (flattening and ranking every route) on each request, so that Vite can swap the build in development: 7% of a
  // rendered page's CPU in production (issue 31). In production the build is one object, derived once.
  const loadBuild = () => import("virtual:react-router/server-build") as Promise<unknown> as Promise<ServerBuild>;
  const handleDocument = dev ? createRequestHandler(loadBuild, "development") : handleWithBuild(loadBuild());
  // Four: enough to overlap one render's database wait with another's CPU work, few enough to keep the heap small.
  const renderInTurn = concurrencyGate(4);

  return async (exchange) => {
    const { request, nonce, requestId } = exchange;
    const session = exchange.session ?? (await loadViewer(request));
    const setCookies = session.setCookies;
    const responseHeaders = new Headers();
    const context = new RouterContextProvider();
    context.set(requestInfoContext, {
      nonce,
      requestId,
      clientAddress: clientAddress(exchange, trustProxy),
      viewer: session.viewer,
      setCookies,
      responseHeaders,
      // React Router asks a route's data for a client navigation at the page's address with `.data` added.
      document: !new URL(request.url).pathname.endsWith(".data"),
      notes: exchange.notes,
    });
    // The session lookup could not reach the database: answered 503 (utils/unavailable.server.ts), not as signed out.
    if (session.databaseUnavailable) context.get(requestInfoContext).databaseUnavailable = true;
    // A request of our own is made by a render that holds a slot already: it must not queue behind it.
    const response = exchange.client?.inProcess ? await handleDocument(request, context) : await renderInTurn(() => handleDocument(request, context));
    const headers = new Headers(response.headers);
    for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
    for (const [name, value] of responseHeaders) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText || undefined, headers });
  };
}
