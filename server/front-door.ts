import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestListener, type FetchHandler } from "@remix-run/node-fetch-server";
import { log } from "~/utils/logger.server";
import { requestScope } from "./last-resort";
import type { KeptPageAnswer } from "./page-cache-step";
import { requestIdOf, type ClientInfo } from "./pipeline";

/**
 * What server.js puts between node:http and the app: the methods we answer, then the request line and Host
 * header, before a fetch `Request` is built from them. That Request's URL is `http://<Host><target>`: a Host with
 * a space or a bad port, or a target that is not a path (`GET http://evil.example/`, `OPTIONS *`), made
 * `new Request` throw inside the adapter, which logged a stack trace and answered 500. Here such a request is
 * answered 400 and no handler runs.
 */

export const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * A Host header as RFC 9110 has it: a name (letters, digits, dots, hyphens; underscores, which container
 * networks use), an IPv4 address or a bracketed IPv6 one, then an optional port. Nothing else: no spaces, no
 * control characters, no user info (`a@b`), no non-ASCII (a browser sends an international name as punycode).
 */
const HOST = /^(?:[a-z0-9_.-]+|\[[0-9a-f:.]+\])(?::(\d{0,5}))?$/i;

export function isValidHost(host: string): boolean {
  const match = HOST.exec(host);
  if (!match) return false;
  const port = match[1];
  if (port && Number(port) > 65535) return false;
  // What the URL parser refuses (`999.1.1.1`, `[::g]`) would fail the Request as well.
  return URL.canParse(`http://${host}/`);
}

export type Target = { path: string } | { refused: string };

/**
 * The request's target as the path the app reads, or why it is refused. An origin-form target (`/search?q=a`)
 * passes as it is. An absolute-form one (`GET http://host/path`, what a client says to a proxy) is read as its
 * path when it names the Host the request was sent to; naming another site, it is refused: we are no proxy. Any
 * other form (`*`, a target without its leading slash) names no page. `hosts` is every Host header received (a
 * request with two is ambiguous, RFC 9112 §3.2).
 */
export function readRequestTarget(target: string | undefined, hosts: string[] | undefined): Target {
  if (hosts && hosts.length > 1) return { refused: "The request has more than one Host header." };
  const host = hosts?.[0];
  // HTTP/1.0 may leave Host out (node:http refuses an HTTP/1.1 request without one); the adapter then says localhost.
  if (host !== undefined && !isValidHost(host)) return { refused: "The request's Host header is not a valid address." };
  if (target?.startsWith("/")) return { path: target };
  if (target && /^https?:\/\//i.test(target)) {
    const url = URL.parse(target);
    if (!url || url.username || url.password) return { refused: "The request line is not a valid address." };
    if (host === undefined || url.host !== new URL(`${url.protocol}//${host}`).host) return { refused: "This server is not a proxy: the request names another site." };
    return { path: `${url.pathname}${url.search}` };
  }
  return { refused: "The request line names no page." };
}

function answer(res: ServerResponse, status: 400 | 405, text: string, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    // A client that sent a malformed request may not frame the next one well either.
    ...(status === 400 ? { Connection: "close" } : {}),
    ...headers,
  });
  res.end(text);
}

type Handle = (request: Request, client?: ClientInfo) => Promise<Response>;
/** The page cache's hit path (server/page-cache/hit-path.ts `answerKeptPage`): a kept page's answer, or null. */
type KeptPage = (req: IncomingMessage) => KeptPageAnswer | null;
/** A connect-style step run before the app (static files, Vite's middleware in development); `next` hands over. */
type Before = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/**
 * server.js's request listener: 405 for a method nothing here answers, 400 for a request line or Host no URL can
 * be made of, then `before` (static files), then a kept page from memory (`keptPage`), then the app.
 */
export function frontDoor(handle: Handle, before?: Before, keptPage?: KeptPage): (req: IncomingMessage, res: ServerResponse) => void {
  // Two parameters: the adapter passes the socket's address only to a handler that takes it.
  const withClient: FetchHandler = (request, client) => handle(request, client);
  const handleWithApp = createRequestListener(withClient);
  return (req, res) => {
    // TRACE, CONNECT and WebDAV methods: nothing here answers them (and fetch's Request refuses some).
    if (!METHODS.has(req.method ?? "")) return answer(res, 405, "Method not allowed", { Allow: [...METHODS].join(", ") });
    const target = readRequestTarget(req.url, req.headersDistinct.host);
    if ("refused" in target) return answer(res, 400, target.refused);
    req.url = target.path;
    // The request's id is decided here, once: the app echoes it (X-Request-Id) and every log line about the request,
    // this door's included, names it.
    const requestId = requestIdOf(req.headers["x-request-id"] as string | undefined, randomUUID);
    req.headers["x-request-id"] = requestId;
    // The path without its query: a search's words are the reader's, not the log's.
    const path = target.path.split("?", 1)[0]!;
    // A client that hangs up before its answer is complete is one line in the log, however far the answer had got.
    res.once("close", () => {
      if (!res.writableFinished) log.info("request aborted by the client: the connection closed before the answer was complete", { requestId, path });
    });
    const next = () => {
      const kept = keptPage?.(req);
      if (!kept) return void handleWithApp(req, res);
      res.writeHead(kept.status, kept.headers.flat());
      res.end(kept.body ?? undefined);
    };
    // An error nothing caught while handling this request is logged with its id (server/last-resort.ts).
    requestScope.run({ requestId, path }, () => {
      if (before) before(req, res, next);
      else next();
    });
  };
}
