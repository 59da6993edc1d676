/**
 * Requests to the site's own pages from inside a request (the /verification checks), through the app's
 * request handler in process: no network, no proxy, the same answer a visitor gets (page cache included).
 * server/app.ts registers the handler at start; it does not wait for a render slot, since the request asking
 * may hold one (four such requests would otherwise wait on each other forever).
 */
type Handler = (request: Request) => Promise<Response>;

let handler: Handler | null = null;

export function setSelfHandler(next: Handler | null) {
  handler = next;
}

/** GET or HEAD `path` on this site as an anonymous visitor; `base` is the URL of the request asking. */
export async function requestOwnPage(path: string, base: string, method: "GET" | "HEAD" = "GET"): Promise<Response> {
  if (!handler) throw new Error("The app's request handler is not registered yet.");
  return handler(new Request(new URL(path, base), { method, headers: { Accept: "text/html,application/xml,*/*", "Accept-Encoding": "identity" } }));
}
