import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { Duplex } from "node:stream";
import zlib from "node:zlib";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { findRedirect } from "~/lib/redirects";
import { loadCurrencyRates } from "~/models/content/currency-rates.server";
import { loadEditorialContent } from "~/models/content/load.server";
import { loadPageCopy } from "~/models/content/page-copy.server";
import { loadAffiliateConfig } from "~/models/affiliate/clicks.server";
import { loadOffers } from "~/models/content/offers.server";
import { syncEditorialContent } from "~/models/content/sync.server";
import { MESSAGES } from "~/lib/messages";
import { loadViewer } from "~/utils/session.server";
import { closeRateLimits } from "~/utils/rate-limit.server";
import { closeAuth, initAuth, markOwners } from "~/utils/auth.server";
import { keyFileResponse } from "~/utils/indexnow.server";
import { databaseNow, settleSubmissions, submitSyncedChanges } from "~/models/search-engine/submissions.server";
import { closeDatabase, databaseKind, getDb, openDatabase, rawQuery } from "~/utils/db.server";
import { initEnv, type Env } from "~/utils/env.server";
import { errorText, log } from "~/utils/logger.server";
import { appRoot } from "~/utils/paths.server";
import { requestInfoContext } from "~/utils/request-context";
import { changedSince, collectPageTags, invalidateLocally, resetCaches, tagGenerations } from "~/utils/cache.server";
import { POPULARITY_TAG } from "~/models/blog/queries.server";
import { startCacheBus, stopCacheBus } from "~/utils/cache-bus.server";
import { sessionCookieName } from "~/utils/auth.server";
import { themeFromCookieHeader } from "~/lib/theme";
import { buildPage, getPage, matchesEtag, pickEncoding, storePage, type CachedPage } from "./page-cache";
import { failureResponse } from "./failure";
import { concurrencyGate } from "./render-gate";
import { decodablePath, limitRequestBody, MAX_URL_LENGTH, publicRequest } from "./request-guards";
import { applySecurityHeaders } from "./security-headers";
import { setSelfHandler } from "~/utils/self-request.server";
import { diagnosticModeOf } from "~/lib/diagnostics";
import { startLinkHealthJob, stopLinkHealthJob } from "~/models/link-health/job.server";

/** Link health's pass and its targets, for scripts and tests that run a pass themselves (decision 021). */
export { runLinkPass } from "~/models/link-health/checks.server";
export { collectLinkTargets } from "~/models/link-health/targets.server";

const COMPRESSIBLE = /^(text\/|application\/(json|xml|rss\+xml|atom\+xml|ld\+json)|image\/svg\+xml)/;

/**
 * Level 4, not zlib's default 6: these are pages rendered for one request (cached pages are compressed
 * once, at the best level), and on a directory page level 6 costs 40% more CPU for 4% fewer bytes.
 */
const gzipStream = () => Duplex.toWeb(zlib.createGzip({ level: 4 })) as ReadableWritablePair<Uint8Array, Uint8Array>;

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
  return new Response(response.body.pipeThrough(gzipStream()), { status: response.status, statusText: response.statusText || undefined, headers });
}

/** The client address the TCP connection reports (server.js passes it; tests leave it out). `inProcess`: a request of our own (utils/self-request.server.ts). */
export type ClientInfo = { address?: string; inProcess?: boolean };

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
  // Module state survives a stopped app in the same process (the tests start one per backend).
  resetCaches();
  const started = performance.now();
  await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const content = loadEditorialContent(path.join(appRoot(), "content"));
  loadPageCopy();
  loadCurrencyRates();
  loadAffiliateConfig();
  loadOffers(content.tools);
  initAuth();
  const owners = await markOwners();
  if (owners) log.info(`OWNER_EMAILS: ${owners} account(s) marked owner`);
  // Before the sync, so that a deploy whose content changed tells the other instances.
  await startCacheBus(env.REDIS_URL);
  // 'Popular articles' follows the reads counted since: each instance refreshes it once an hour.
  const popularity = setInterval(() => invalidateLocally([POPULARITY_TAG]), 60 * 60 * 1000);
  popularity.unref();
  const syncStartedAt = await databaseNow();
  const report = await syncEditorialContent(getDb(), content);
  log.info(`database ready (${databaseKind()}), content synced in ${Math.round(performance.now() - started)} ms`, report);
  // Search engines hear of what this start changed (IndexNow, when INDEXNOW_KEY is set), without delaying the start.
  submitSyncedChanges(syncStartedAt);
  // Outbound links checked on a schedule by whichever instance takes the job's lease (off unless configured).
  startLinkHealthJob(env);

  const dev = env.NODE_ENV === "development";
  const https = env.SITE_URL.startsWith("https:");
  // Resolved by the React Router Vite plugin; in development Vite reloads it on change.
  // Four: enough to overlap one render's database wait with another's CPU work, few enough to keep the heap small.
  const renderInTurn = concurrencyGate(4);
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

  /** Pages only people with an account see, or that answer with per-visitor data (or count each visit, like /go): never cached. Of /resources, only the theme cookie's route: the matrix beside it is a public page. */
  const PERSONAL = /^\/(api|auth|profile|favorites|my-reviews|settings|uploads|resources\/theme|images|go|admin)(\/|\.|$)/;

  /** The page-cache key of an anonymous GET, or null when the request must be rendered for this visitor. */
  function pageCacheKey(request: Request, url: URL): string | null {
    if (dev || (request.method !== "GET" && request.method !== "HEAD") || PERSONAL.test(url.pathname)) return null;
    const cookie = request.headers.get("cookie") ?? "";
    if (cookie.includes(sessionCookieName()) || cookie.includes("atlas.flash=")) return null;
    return `${url.pathname}${url.search}|${themeFromCookieHeader(cookie)}`;
  }

  /**
   * A URL with a query (a search) is stored on its second request within a while: a query seen once is
   * never worth the memory and the compression.
   */
  const seenOnce = new Set<string>();
  function worthStoring(key: string, url: URL) {
    if (!url.search) return true;
    if (seenOnce.delete(key)) return true;
    seenOnce.add(key);
    if (seenOnce.size > 10_000) seenOnce.delete(seenOnce.values().next().value!);
    return false;
  }

  /** Renders concurrently requested cacheable pages once: the others wait for the same render. */
  const rendering = new Map<string, Promise<CachedPage | null>>();

  function fromCache(request: Request, page: CachedPage, requestId: string, state: "HIT" | "MISS"): Response {
    const { body, encoding, etag } = pickEncoding(page, request.headers.get("accept-encoding") ?? "");
    const headers = new Headers({
      "Content-Type": page.contentType,
      ETag: etag,
      // Browsers revalidate (cheap: 304); a CDN may keep the page briefly and refresh it in the background.
      "Cache-Control": "public, max-age=0, s-maxage=30, stale-while-revalidate=60",
      Vary: "Accept-Encoding, Cookie",
      "X-Cache": state,
      "X-Request-Id": requestId,
    });
    applySecurityHeaders(headers, { scriptHashes: page.scriptHashes }, { dev, https, sameOriginFrames: framedByVerification(request.url) });
    if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
    if (encoding) headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(body.length));
    return new Response(request.method === "HEAD" ? null : new Uint8Array(body), { status: page.status, headers });
  }

  /** /verification measures the home page's layout at 768 px in a frame of its `?mode=minimal` variant. */
  const framedByVerification = (url: string) => diagnosticModeOf(new URL(url).searchParams) === "minimal";

  /** A short answer before any rendering: the request is one no page could take. */
  function refuse(status: 413 | 414, requestId: string): Response {
    const text = status === 413 ? "The request is larger than this page accepts." : "The address is longer than any page of ours.";
    const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8", "X-Request-Id": requestId });
    // The rest of an oversized body is not read: the connection closes instead.
    if (status === 413) headers.set("Connection", "close");
    applySecurityHeaders(headers, { scriptHashes: [] }, { dev, https });
    return new Response(text, { status, headers });
  }

  async function handle(received: Request, client?: ClientInfo): Promise<Response> {
    const requestId = received.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
    if (received.url.length > MAX_URL_LENGTH) return refuse(414, requestId);
    const limited = limitRequestBody(decodablePath(publicRequest(received, env.TRUST_PROXY)));
    if (limited === "too-large") return refuse(413, requestId);
    const request = limited;
    const url = new URL(request.url);
    const key = pageCacheKey(request, url);
    if (key) {
      const page = getPage(key) ?? (await rendering.get(key));
      if (page) return fromCache(request, page, requestId, "HIT");
      if (request.method === "GET" && worthStoring(key, url)) {
        const pending = renderForCache(request, client, requestId);
        rendering.set(
          key,
          pending.then((outcome) => ("page" in outcome ? outcome.page : null)),
        );
        try {
          const outcome = await pending;
          if ("response" in outcome) return outcome.response;
          storePage(key, outcome.page);
          return fromCache(request, outcome.page, requestId, "MISS");
        } finally {
          rendering.delete(key);
        }
      }
    }
    return render(request, client, requestId);
  }

  /** Pages, client navigation data, and the files made from the database (sitemaps, feeds, robots.txt, llms.txt). */
  const CACHEABLE_TYPE = /^(text\/html|text\/x-script|text\/plain|application\/xml|application\/rss\+xml)/;

  /** Renders an anonymous page and keeps it when it may be shared: 200, no cookie set, tagged data only, unchanged meanwhile. */
  async function renderForCache(request: Request, client: ClientInfo | undefined, requestId: string): Promise<{ page: CachedPage } | { response: Response }> {
    const tags = new Set<string>();
    let generations = tagGenerations([]);
    const response = await collectPageTags(tags, async () => {
      const rendered = await render(request, client, requestId, { compress: false });
      // What the page showed was read by now; a write after this moment makes it stale.
      generations = tagGenerations(tags);
      return rendered;
    });
    const contentType = response.headers.get("content-type") ?? "";
    const shareable = response.status === 200 && !response.headers.has("set-cookie") && tags.size > 0 && CACHEABLE_TYPE.test(contentType);
    const body = Buffer.from(await response.arrayBuffer());
    if (!shareable || changedSince(generations)) {
      // Answered as rendered, for this visitor only.
      return {
        response: compress(request, new Response(new Uint8Array(body), { status: response.status, statusText: response.statusText || undefined, headers: response.headers })),
      };
    }
    return { page: await buildPage(response.status, contentType, body, tags) };
  }

  async function render(request: Request, client: ClientInfo | undefined, requestId: string, { compress: compressIt = true } = {}): Promise<Response> {
    const url = new URL(request.url);
    const nonce = randomBytes(16).toString("base64");
    let response: Response;
    let setCookies: string[] = [];
    const responseHeaders = new Headers();
    let personal = false;
    const redirectTo = request.method === "GET" || request.method === "HEAD" ? findRedirect(url) : null;
    const keyFile = keyFileResponse(request, url.pathname);
    if (redirectTo) {
      response = new Response(null, { status: 301, headers: { Location: redirectTo } });
    } else if (keyFile) {
      response = keyFile;
    } else if (isCrossSiteWrite(request, url)) {
      response = Response.json({ error: MESSAGES.crossSite.description }, { status: 403 });
    } else {
      try {
        const session = await loadViewer(request);
        setCookies = session.setCookies;
        personal = session.viewer !== null;
        const context = new RouterContextProvider();
        context.set(requestInfoContext, { nonce, requestId, clientAddress: clientAddress(request, client), viewer: session.viewer, setCookies, responseHeaders });
        // The session lookup could not reach the database: answered 503 (utils/unavailable.server.ts), not as signed out.
        if (session.databaseUnavailable) context.get(requestInfoContext).databaseUnavailable = true;
        // A request of our own is made by a render that holds a slot already: it must not queue behind it.
        response = client?.inProcess ? await handleDocument(request, context) : await renderInTurn(() => handleDocument(request, context));
      } catch (error) {
        log.error("unhandled request error", { requestId, path: url.pathname, error: errorText(error) });
        response = failureResponse(error);
      }
    }
    // Some responses (redirect()) have immutable headers: copy before adding ours.
    const headers = new Headers(response.headers);
    for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
    for (const [name, value] of responseHeaders) headers.set(name, value);
    // A page rendered for a signed-in visitor, or one that sets a cookie, is theirs alone.
    if (personal || setCookies.length) headers.set("Cache-Control", "private, no-store");
    applySecurityHeaders(headers, { nonce }, { dev, https, sameOriginFrames: framedByVerification(request.url) });
    headers.set("X-Request-Id", requestId);
    const answer = new Response(response.body, { status: response.status, statusText: response.statusText || undefined, headers });
    return compressIt ? compress(request, answer) : answer;
  }

  setSelfHandler((request) => handle(request, { address: "in-process", inProcess: true }));

  async function stop() {
    setSelfHandler(null);
    clearInterval(popularity);
    await stopLinkHealthJob();
    await settleSubmissions();
    await stopCacheBus();
    resetCaches();
    closeAuth();
    await closeRateLimits();
    await closeDatabase();
  }

  return { env, handle, query: rawQuery, stop };
}
