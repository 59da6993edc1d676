import type { RenderNotes } from "~/utils/request-context";
import type { Session } from "~/utils/session.server";

/**
 * The request pipeline: each step gets the exchange and the rest of the pipeline (`next`), and answers
 * itself or passes on. server/app.ts lists the steps, in the order a request meets them, in one place.
 */

/** The client address the TCP connection reports (server.js passes it; tests leave it out). `inProcess`: a request of our own (utils/self-request.server.ts). */
export type ClientInfo = { address?: string; inProcess?: boolean };

export type Exchange = {
  request: Request;
  url: URL;
  client?: ClientInfo;
  requestId: string;
  /** False when the page cache renders a page to keep: it compresses the page itself, once, at the best level. */
  compress: boolean;
  /** The CSP nonce of a page rendered for this request (server/security-headers.ts sets it). */
  nonce: string;
  /** Given by the page cache when it renders a page it may keep; the render fills it in. */
  notes?: RenderNotes;
  /** The session, when a step has looked it up already (the page cache, for personal parts): the render uses it. */
  session?: Session;
};

export type Next = (exchange: Exchange) => Promise<Response>;
export type Step = (exchange: Exchange, next: Next) => Promise<Response>;

/** Runs `steps` in order, ending with `last`. */
export function pipeline(steps: Step[], last: Next): Next {
  return steps.reduceRight<Next>((next, step) => (exchange) => step(exchange, next), last);
}

/** A request id as a proxy makes one (a UUID, hex, a trace id): visible ASCII, no spaces, at most 64 characters. */
const REQUEST_ID = /^[\x21-\x7e]{1,64}$/;

/**
 * The exchange of a request as received, with its request id: the proxy's, when it sent a readable one (it is
 * echoed in X-Request-Id and written in every log line), else a new one.
 */
export function exchangeOf(request: Request, client: ClientInfo | undefined, newId: () => string): Exchange {
  return { request, url: new URL(request.url), client, requestId: requestIdOf(request.headers.get("x-request-id"), newId), compress: true, nonce: "" };
}

/** The proxy's request id when it sent a readable one, else a new one. */
export function requestIdOf(sent: string | null | undefined, newId: () => string): string {
  const id = sent?.slice(0, 64);
  return id && REQUEST_ID.test(id) ? id : newId();
}

/** The same exchange for another request (a step that rewrites the request). */
export function withRequest(exchange: Exchange, request: Request): Exchange {
  return { ...exchange, request, url: new URL(request.url) };
}
