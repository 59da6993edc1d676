import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { findRedirect } from "~/lib/redirects";
import { loadEditorialContent } from "~/models/content/load.server";
import { loadPageCopy } from "~/models/content/page-copy.server";
import { syncEditorialContent } from "~/models/content/sync.server";
import { MESSAGES } from "~/lib/messages";
import { loadViewer } from "~/utils/session.server";
import { closeRateLimits } from "~/utils/rate-limit.server";
import { closeAuth, initAuth } from "~/utils/auth.server";
import { closeDatabase, databaseKind, getDb, openDatabase, rawQuery } from "~/utils/db.server";
import { initEnv, type Env } from "~/utils/env.server";
import { errorText, log } from "~/utils/logger.server";
import { appRoot } from "~/utils/paths.server";
import { requestInfoContext } from "~/utils/request-context";
import { applySecurityHeaders } from "./security-headers";

const COMPRESSIBLE = /^(text\/|application\/(json|xml|rss\+xml|atom\+xml|ld\+json)|image\/svg\+xml)/;

/** Gzips text responses for clients that accept it (static assets are precompressed by the build instead). */
function compress(request: Request, response: Response): Response {
  const type = response.headers.get("content-type") ?? "";
  if (
    !response.body ||
    request.method === "HEAD" ||
    response.headers.has("content-encoding") ||
    !COMPRESSIBLE.test(type) ||
    !/\bgzip\b/.test(request.headers.get("accept-encoding") ?? "")
  ) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set("Content-Encoding", "gzip");
  headers.append("Vary", "Accept-Encoding");
  headers.delete("Content-Length");
  return new Response(response.body.pipeThrough(new CompressionStream("gzip")), { status: response.status, statusText: response.statusText || undefined, headers });
}

/** The client address the TCP connection reports (server.js passes it; tests leave it out). */
export type ClientInfo = { address?: string };

export type App = {
  env: Env;
  /** Handles one request, fetch-style: redirects, the React Router app, security headers. */
  handle: (request: Request, client?: ClientInfo) => Promise<Response>;
  /** Plain SQL on the app's database, for scripts (benchmark seeding) and tests. */
  query: typeof rawQuery;
  stop: () => Promise<void>;
};

/**
 * Start-up: parse the environment, open the database and apply migrations,
 * then validate and sync the editorial content. Any failure throws with a
 * readable message and the process exits before listening.
 */
export async function startApp(source: Record<string, string | undefined> = process.env): Promise<App> {
  const env = initEnv(source);
  const started = performance.now();
  await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const content = loadEditorialContent(path.join(appRoot(), "content"));
  loadPageCopy();
  initAuth();
  const report = await syncEditorialContent(getDb(), content);
  log.info(`database ready (${databaseKind()}), content synced in ${Math.round(performance.now() - started)} ms`, report);

  const dev = env.NODE_ENV === "development";
  const https = env.SITE_URL.startsWith("https:");
  // Resolved by the React Router Vite plugin; in development Vite reloads it on change.
  const handleDocument = createRequestHandler(() => import("virtual:react-router/server-build") as Promise<unknown> as Promise<ServerBuild>, dev ? "development" : "production");

  const siteOrigin = new URL(env.SITE_URL).origin;

  function clientAddress(request: Request, client?: ClientInfo) {
    const forwarded = env.TRUST_PROXY ? request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
    return (forwarded || client?.address || "unknown").slice(0, 64);
  }

  /** Writes must come from our own pages: a cross-site form or fetch is refused before any action runs. */
  function isCrossSiteWrite(request: Request, url: URL) {
    if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return false;
    const origin = request.headers.get("origin");
    if (origin) return origin !== url.origin && origin !== siteOrigin;
    return request.headers.get("sec-fetch-site") === "cross-site";
  }

  async function handle(request: Request, client?: ClientInfo): Promise<Response> {
    const url = new URL(request.url);
    const nonce = randomBytes(16).toString("base64");
    const requestId = request.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
    let response: Response;
    let setCookies: string[] = [];
    let personal = false;
    const redirectTo = request.method === "GET" || request.method === "HEAD" ? findRedirect(url) : null;
    if (redirectTo) {
      response = new Response(null, { status: 301, headers: { Location: redirectTo } });
    } else if (isCrossSiteWrite(request, url)) {
      response = Response.json({ error: MESSAGES.crossSite.description }, { status: 403 });
    } else {
      try {
        const session = await loadViewer(request);
        setCookies = session.setCookies;
        personal = session.viewer !== null;
        const context = new RouterContextProvider();
        context.set(requestInfoContext, { nonce, requestId, clientAddress: clientAddress(request, client), viewer: session.viewer, setCookies });
        response = await handleDocument(request, context);
      } catch (error) {
        log.error("unhandled request error", { requestId, path: url.pathname, error: errorText(error) });
        response = new Response("Something went wrong", { status: 500, headers: { "Content-Type": "text/plain" } });
      }
    }
    // Some responses (redirect()) have immutable headers: copy before adding ours.
    const headers = new Headers(response.headers);
    for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
    // A page rendered for a signed-in visitor, or one that sets a cookie, is theirs alone.
    if (personal || setCookies.length) headers.set("Cache-Control", "private, no-store");
    applySecurityHeaders(headers, nonce, { dev, https });
    headers.set("X-Request-Id", requestId);
    return compress(request, new Response(response.body, { status: response.status, statusText: response.statusText || undefined, headers }));
  }

  async function stop() {
    closeAuth();
    await closeRateLimits();
    await closeDatabase();
  }

  return { env, handle, query: rawQuery, stop };
}
