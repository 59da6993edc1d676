import { randomUUID } from "node:crypto";
import { requestIdOf } from "../pipeline";
import { MAX_URL_LENGTH } from "../request-guards";
import type { PageCache } from "./context";
import { keptPageAnswer, type KeptPageAnswer } from "./kept-answer";
import { anonymousKeyOf } from "./keys";

/** What the hit path reads of a request: Node's IncomingMessage has these. */
export type RawRequest = { method?: string; url?: string; headers: Record<string, string | string[] | undefined> };

const headerOf = (request: RawRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? null);
};

/**
 * The page cache's hit path, for the front door (server/front-door.ts) to try before a request becomes a fetch
 * Request (decision 053): an anonymous GET or HEAD of a kept page is answered from memory without the pipeline,
 * whose Request, Response and stream objects cost most of a hit's time (issue 31). It answers only what the
 * pipeline would answer the same way: an address that needs the request guards' care (longer than any of ours,
 * with escapes to decode or strip) or a page not kept takes the whole pipeline, which may render and keep it. No
 * route is matched here: only a route whose class allows it has pages kept (decision 067). `request.url` is the
 * target as the front door normalised it.
 */
export function answerKeptPage({ dev, cache }: { dev: boolean; cache: PageCache }): (request: RawRequest) => KeptPageAnswer | null {
  return (request) => {
    const target = request.url ?? "";
    // The front door has put the target through the URL parser already (readRequestTarget), as the pipeline's key
    // is made. What is left to the request guards is an escape they may decode or strip: that takes the pipeline.
    if (dev || target.length > MAX_URL_LENGTH || target.includes("%")) return null;
    const queryAt = target.indexOf("?");
    const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
    const search = queryAt === -1 ? "" : target.slice(queryAt);
    // `?` alone: the URL parser's search is empty, as the pipeline's key has it.
    const key = anonymousKeyOf(request.method ?? "", pathname, search === "?" ? "" : search, headerOf(request, "cookie") ?? "");
    const page = key && cache.store.get(key);
    if (!page) return null;
    return keptPageAnswer(
      cache,
      {
        method: request.method!,
        searchParams: new URLSearchParams(search),
        acceptEncoding: headerOf(request, "accept-encoding") ?? "",
        ifNoneMatch: headerOf(request, "if-none-match"),
        requestId: requestIdOf(headerOf(request, "x-request-id"), randomUUID),
      },
      page,
      "HIT",
    );
  };
}
