import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CacheClass } from "~/lib/route-handle";
import { tagPage } from "~/utils/cache.server";
import { initEnv } from "~/utils/env.server";
import { answerKeptPage, createPageCache, pageCacheKey, routeCacheClasses, servePageCache } from "./page-cache-step";
import { exchangeOf } from "./pipeline";
import { MAX_URL_LENGTH } from "./request-guards";

/** The page cache's step and its hit path (decisions 011, 053, 067); the whole pipeline runs in the integration tests. */
const site = { dev: false, https: false };
const exchange = (url: string, init: RequestInit = {}) => exchangeOf(new Request(url, init), undefined, () => "req-1");

/** A route table as a server build lists it: a reader's page, and every other address on a page kept for everyone. */
const route = (id: string, routePath: string, cache: CacheClass) => ({ id, parentId: "root", path: routePath, module: { handle: { cache } } });
const routes = {
  root: { id: "root", path: "", module: {} },
  profile: route("profile", "profile", "personal"),
  page: route("page", "*", "shared-with-personal-parts"),
} as unknown as ServerBuild["routes"];

const caches: ReturnType<typeof createPageCache>[] = [];
const newCache = () => {
  const cache = createPageCache({ site, sharedSeconds: 30, classOf: routeCacheClasses(routes) });
  caches.push(cache);
  return cache;
};

// The session cookie's name comes from the environment (utils/auth.server.ts).
beforeAll(() => void initEnv({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "aitools-page-cache-")), LOG_LEVEL: "error" }));
afterAll(() => caches.forEach((cache) => cache.store.close()));

const tagged = (html: string, counter?: { renders: number }) => async () => {
  if (counter) counter.renders++;
  tagPage("test:page");
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
};

describe("servePageCache", () => {
  it("keys anonymous GETs by path, query and theme, and never a personal route's or a signed-in visitor's", () => {
    const cache = newCache();
    const key = (url: string, init: RequestInit = {}) => pageCacheKey(cache, new Request(url, init), new URL(url));
    expect(key("http://localhost/tools?sort=name")).toBe("/tools?sort=name|system");
    expect(key("http://localhost/tools", { headers: { cookie: "theme=dark" } })).toBe("/tools|dark");
    expect(key("http://localhost/profile")).toBeNull();
    expect(key("http://localhost/profile.data")).toBeNull();
    expect(key("http://localhost/tools", { method: "POST" })).toBeNull();
    expect(key("http://localhost/tools", { headers: { cookie: "atlas.session_token=abc" } })).toBeNull();
    expect(key("http://localhost/tools", { headers: { cookie: "atlas.flash=saved" } })).toBeNull();
  });

  it("renders a tagged page once, then answers it from memory with an ETag and 304 to a revalidation", async () => {
    const step = servePageCache({ dev: false, cache: newCache() });
    const counter = { renders: 0 };
    const render = tagged("<p>page</p>", counter);
    const first = await step(exchange("http://localhost/steps-test-page"), render);
    const second = await step(exchange("http://localhost/steps-test-page"), render);
    expect([first.headers.get("x-cache"), second.headers.get("x-cache"), counter.renders]).toEqual(["MISS", "HIT", 1]);
    const etag = second.headers.get("etag")!;
    expect([second.headers.get("cache-control"), second.headers.get("vary")]).toEqual(["public, max-age=0, s-maxage=30, stale-while-revalidate=60", "Accept-Encoding, Cookie"]);
    const revalidated = await step(exchange("http://localhost/steps-test-page", { headers: { "if-none-match": etag } }), render);
    expect(revalidated.status).toBe(304);
    // `*` matches any current representation (RFC 9110 13.1.2); a HEAD is answered the same way.
    const anyVersion = await step(exchange("http://localhost/steps-test-page", { method: "HEAD", headers: { "if-none-match": "*" } }), render);
    expect([anyVersion.status, counter.renders]).toEqual([304, 1]);
  });

  it("never keeps the page of a route declared personal, however shareable its answer", async () => {
    const step = servePageCache({ dev: false, cache: newCache() });
    const counter = { renders: 0 };
    const render = tagged("<p>mine</p>", counter);
    for (const url of ["http://localhost/profile", "http://localhost/profile", "http://localhost/PROFILE"])
      expect((await step(exchange(url), render)).headers.get("x-cache")).toBeNull();
    expect(counter.renders).toBe(3);
  });

  it("does not keep a page whose data carries no tag (nothing could ever invalidate it)", async () => {
    const step = servePageCache({ dev: false, cache: newCache() });
    let renders = 0;
    const render = async () => {
      renders++;
      return new Response("<p>untagged</p>", { headers: { "Content-Type": "text/html" } });
    };
    await step(exchange("http://localhost/steps-untagged"), render);
    await step(exchange("http://localhost/steps-untagged"), render);
    expect(renders).toBe(2);
  });

  it("keeps each started app's pages apart: a page kept by one is not found by another", async () => {
    const [one, other] = [newCache(), newCache()];
    await servePageCache({ dev: false, cache: one })(exchange("http://localhost/steps-apart"), tagged("<p>one</p>"));
    expect([one.store.count(), other.store.count()]).toEqual([1, 0]);
    const hit = (cache: ReturnType<typeof newCache>) => answerKeptPage({ dev: false, cache })({ method: "GET", url: "/steps-apart", headers: {} });
    expect([hit(one)?.status, hit(other)]).toEqual([200, null]);
  });
});

describe("answerKeptPage (the front door's hit path)", () => {
  const cache = newCache();
  const step = servePageCache({ dev: false, cache });
  const hit = answerKeptPage({ dev: false, cache });
  const render = async () => {
    tagPage("test:hit-path");
    return new Response("<p>kept</p><script>1</script>", { headers: { "Content-Type": "text/html; charset=utf-8" } });
  };
  const raw = (url: string, headers: Record<string, string> = {}, method = "GET") => ({ method, url, headers });

  // Kept again by each test: files run before in this worker may invalidate every page (resetCaches).
  const keep = async () => {
    await step(exchange("http://localhost/steps-hit?mode=minimal"), render);
    await step(exchange("http://localhost/steps-hit"), render);
  };

  it("answers a kept page with the status, headers and bytes of the pipeline's HIT", async () => {
    for (const [url, headers] of [
      ["/steps-hit", { "accept-encoding": "gzip, br", "x-request-id": "req-1" }],
      ["/steps-hit", { "accept-encoding": "gzip", "x-request-id": "req-1" }],
      ["/steps-hit", { "x-request-id": "req-1" }],
      ["/steps-hit?mode=minimal", { "accept-encoding": "br", "x-request-id": "req-1" }],
    ] as const) {
      await keep();
      const fromStep = await step(exchange(`http://localhost${url}`, { headers }), render);
      expect(fromStep.headers.get("x-cache")).toBe("HIT");
      const answer = hit(raw(url, headers))!;
      expect(answer.status).toBe(fromStep.status);
      expect(Object.fromEntries(answer.headers.map(([name, value]) => [name.toLowerCase(), value]))).toEqual(Object.fromEntries(fromStep.headers));
      expect(Buffer.compare(answer.body!, Buffer.from(await fromStep.arrayBuffer()))).toBe(0);
    }
    expect(hit(raw("/steps-hit?mode=minimal"))!.headers).toContainEqual(["X-Frame-Options", "SAMEORIGIN"]);
  });

  it("answers a revalidation with 304 and a HEAD without a body, and makes a request id when none was sent", async () => {
    await keep();
    const etag = hit(raw("/steps-hit", { "accept-encoding": "br" }))!.headers.find(([name]) => name === "ETag")![1];
    expect(hit(raw("/steps-hit", { "accept-encoding": "br", "if-none-match": etag }))).toMatchObject({ status: 304, body: null });
    expect(hit(raw("/steps-hit", { "if-none-match": "*" }, "HEAD"))).toMatchObject({ status: 304, body: null });
    expect(hit(raw("/steps-hit", {}, "HEAD"))).toMatchObject({ status: 200, body: null });
    expect(hit(raw("/steps-hit"))!.headers.find(([name]) => name === "X-Request-Id")![1]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("leaves to the pipeline what it would answer otherwise: a visitor with a session, a write, an address to decode or refuse, a page not kept, development", async () => {
    await keep();
    // Kept under these very addresses, so only the hit path's own rules can send them to the pipeline.
    const escaped = ["/steps-%68it", "/steps-hit?q=caf%C3%A9", `/steps-hit?q=${"a".repeat(MAX_URL_LENGTH)}`];
    for (const url of escaped) await step(exchange(`http://localhost${url}`), render);
    expect(hit(raw("/steps-hit"))).not.toBeNull();
    expect(hit(raw("/steps-hit", { cookie: "atlas.session_token=abc" }))).toBeNull();
    expect(hit(raw("/steps-hit", {}, "POST"))).toBeNull();
    for (const url of [...escaped, "/steps-unkept", "/profile"]) expect(hit(raw(url)), url.slice(0, 40)).toBeNull();
    expect(answerKeptPage({ dev: true, cache })(raw("/steps-hit"))).toBeNull();
  });
});

describe("the fills of kept pages (a search's results, a reader's parts)", () => {
  it("run four at once, as renders do, however many requests ask: each holds its rows and HTML until it ends", async () => {
    const cache = newCache();
    let running = 0;
    let peak = 0;
    const fill = () =>
      cache.fillInTurn(async () => {
        peak = Math.max(peak, ++running);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running--;
      });
    await Promise.all(Array.from({ length: 50 }, fill));
    expect(peak).toBe(4);
  });
});
