import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { findRedirect } from "~/lib/redirects";
import { loadEditorialContent } from "~/models/content/load.server";
import { loadPageCopy } from "~/models/content/page-copy.server";
import { syncEditorialContent } from "~/models/content/sync.server";
import { closeDatabase, databaseKind, getDb, openDatabase, rawQuery } from "~/utils/db.server";
import { initEnv, type Env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";
import { appRoot } from "~/utils/paths.server";
import { requestInfoContext } from "~/utils/request-context";
import { applySecurityHeaders } from "./security-headers";

const COMPRESSIBLE = /^(text\/|application\/(json|xml|rss\+xml|atom\+xml|ld\+json)|image\/svg\+xml)/;

/** Gzips text responses for clients that accept it (static assets are precompressed by the build instead). */
function compress(request: Request, response: Response): Response {
  const type = response.headers.get("content-type") ?? "";
  if (
    !response.body || request.method === "HEAD" || response.headers.has("content-encoding") ||
    !COMPRESSIBLE.test(type) || !/\bgzip\b/.test(request.headers.get("accept-encoding") ?? "")
  ) {
    return response;
  }
  const headers = new Headers(response.headers);
  headers.set("Content-Encoding", "gzip");
  headers.append("Vary", "Accept-Encoding");
  headers.delete("Content-Length");
  return new Response(response.body.pipeThrough(new CompressionStream("gzip")), { status: response.status, statusText: response.statusText || undefined, headers });
}

export type App = {
  env: Env;
  /** Handles one request, fetch-style: redirects, the React Router app, security headers. */
  handle: (request: Request) => Promise<Response>;
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
  const report = await syncEditorialContent(getDb(), content);
  log.info(`database ready (${databaseKind()}), content synced in ${Math.round(performance.now() - started)} ms`, report);

  const dev = env.NODE_ENV === "development";
  const https = env.SITE_URL.startsWith("https:");
  // Resolved by the React Router Vite plugin; in development Vite reloads it on change.
  const handleDocument = createRequestHandler(
    () => import("virtual:react-router/server-build") as Promise<unknown> as Promise<ServerBuild>,
    dev ? "development" : "production",
  );

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const nonce = randomBytes(16).toString("base64");
    const requestId = request.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
    let response: Response;
    const redirectTo = request.method === "GET" || request.method === "HEAD" ? findRedirect(url) : null;
    if (redirectTo) {
      response = new Response(null, { status: 301, headers: { Location: redirectTo } });
    } else {
      const context = new RouterContextProvider();
      context.set(requestInfoContext, { nonce, requestId });
      try {
        response = await handleDocument(request, context);
      } catch (error) {
        log.error("unhandled request error", { requestId, path: url.pathname, error: String(error) });
        response = new Response("Something went wrong", { status: 500, headers: { "Content-Type": "text/plain" } });
      }
    }
    // Some responses (redirect()) have immutable headers: copy before adding ours.
    const headers = new Headers(response.headers);
    applySecurityHeaders(headers, nonce, { dev, https });
    headers.set("X-Request-Id", requestId);
    return compress(request, new Response(response.body, { status: response.status, statusText: response.statusText || undefined, headers }));
  }

  return { env, handle, query: rawQuery, stop: closeDatabase };
}
