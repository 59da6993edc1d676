import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createRequestListener } from "@remix-run/node-fetch-server";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedUser, uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { freePort } from "../support/ports";
import { startVarnish, VARNISHD } from "../support/varnish";

/**
 * The site behind a shared cache (decision 040): Varnish, set up as a CDN that honours the origin's headers and
 * looks up requests with cookies too (support/varnish.ts), so that only what the app says keeps a signed-in
 * reader's pages out of it. Page and upload lifetimes are shortened to 2 s so that expiry can be watched.
 */
const LIFETIME_SECONDS = 2;

/** X-Varnish names one transaction for an answer from the backend, two (this one and the stored object's) for a hit. */
const fromCache = (response: Response) => (response.headers.get("x-varnish") ?? "").trim().split(/\s+/).length > 1;
const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

/** The in-process app on a real port, for Varnish to fetch from; `fetched` lists each address Varnish asked it for, once answered. */
function serve(app: TestApp, fetched: string[]): Promise<http.Server> {
  const listener = createRequestListener(async (request) => {
    const url = new URL(request.url);
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
    return app.request(url.pathname + url.search, { method: request.method, headers: request.headers, body });
  });
  return new Promise((resolve) => {
    const server = http
      .createServer((request, response) => {
        response.once("finish", () => fetched.push(request.url ?? ""));
        void listener(request, response);
      })
      .listen(0, "127.0.0.1", () => resolve(server));
  });
}

if (!VARNISHD) {
  describe("behind Varnish", () => {
    it.skip("skipped: varnishd is not installed (`apt-get install varnish`; npm test installs it when run as root)", () => {});
  });
}

describeEachBackend(
  "behind Varnish",
  (app, backend) => {
    // What a cache in front does with our headers does not depend on the database: PGlite only.
    const run = Boolean(VARNISHD) && backend === "pglite";
    let work = "";
    let server: http.Server | undefined;
    let varnish: ChildProcess | undefined;
    let origin = "";
    /** The addresses Varnish fetched from the app, in order: a fetch nobody asked for is Varnish's own, at the end of a lifetime. */
    const fetched: string[] = [];
    let alice: { name: string; cookie: string };
    let bob: { name: string; cookie: string };

    beforeAll(async () => {
      if (!run) return;
      work = mkdtempSync(path.join(os.tmpdir(), "aitools-varnish-"));
      server = await serve(app, fetched);
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      [varnish, alice, bob] = await Promise.all([
        startVarnish(work, { port, backendPort: (server.address() as { port: number }).port }),
        createVerifiedUser(app, { name: "Alice Cached" }),
        createVerifiedUser(app, { name: "Bob Cached" }),
      ]);
    });

    afterAll(async () => {
      varnish?.kill();
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(null)));
      if (work) rmSync(work, { recursive: true, force: true });
    });

    const through = (pathname: string, init: RequestInit & { cookie?: string } = {}) => {
      const headers = new Headers(init.headers);
      headers.set("X-Forwarded-For", uniqueIp());
      if (init.cookie) headers.set("Cookie", init.cookie);
      return fetch(origin + pathname, { ...init, headers, redirect: "manual" });
    };

    /**
     * Polls the anonymous answer of `pathname` until `done` says so. Says how many times Varnish fetched it from the
     * app meanwhile, and the age (Varnish's `Age`, in seconds) of the last answer it served from its store before the
     * new one. Nothing here measures time: Varnish goes back to the app by itself (nothing purges it) once the object's
     * lifetime has run out, so a stored answer at least that old, then a refetch, then the new answer, is the lifetime
     * honoured, however slow the machine. Vitest's timeout ends a wait that never comes.
     */
    async function pollUntil(pathname: string, done: (response: Response) => Promise<boolean>) {
      const before = fetched.length;
      let lastStoredAge = -1;
      for (;;) {
        const response = await through(pathname);
        if (await done(response)) return { refetches: fetched.slice(before).filter((address) => address === pathname).length, lastStoredAge };
        if (fromCache(response)) lastStoredAge = Number(response.headers.get("age"));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }

    it.runIf(run)("never hands a signed-in reader a stored page: not the anonymous one, not another reader's", async () => {
      // A page the page cache keeps, a search on its first visit (which the page cache does not keep), and readers' own pages.
      const search = `/tools?search=ada-${Date.now()}`;
      for (const pathname of ["/tools/chatgpt", search, "/favorites", "/settings"]) {
        await (await through(pathname)).body?.cancel();
        if (pathname === "/tools/chatgpt") {
          // The page the page cache keeps is stored in front too, for anonymous visitors, keyed by their cookies.
          const stored = await through(pathname);
          expect([fromCache(stored), stored.headers.get("vary")]).toEqual([true, "Accept-Encoding, Cookie"]);
          await stored.body?.cancel();
        }
        for (const [reader, other] of [
          [alice, bob],
          [bob, alice],
          [alice, bob],
        ] as const) {
          const response = await through(pathname, { cookie: reader.cookie });
          expect([response.status, response.headers.get("cache-control"), fromCache(response)], `${pathname} for ${reader.name}`).toEqual([200, "private, no-store", false]);
          const page = await textOf(response);
          expect(page, pathname).toContain(reader.name);
          expect(page, pathname).not.toContain(other.name);
        }
      }
      // The readers' visits did not disturb it: the anonymous visitor still gets the stored page (the page lives 2 s,
      // and stale-while-revalidate serves it once more after that).
      const stored = await through("/tools/chatgpt");
      expect(fromCache(stored)).toBe(true);
      expect(await textOf(stored)).not.toContain("Alice Cached");
      // The search's first answer was not stored at all (before, it said nothing and was kept for Varnish's 120 s).
      const searchAgain = await through(search);
      expect([fromCache(searchAgain), searchAgain.headers.get("cache-control")]).toEqual([false, "public, max-age=0, s-maxage=2, stale-while-revalidate=60"]);
    });

    it.runIf(run)("shows a new review on the public page within the page's s-maxage", async () => {
      const comment = `Varnish check ${Date.now()}: I sketch layouts with it every week.`;
      await (await through("/tools/canva")).body?.cancel();
      const stored = await through("/tools/canva");
      expect(fromCache(stored)).toBe(true);
      const review = await through("/api/reviews", {
        method: "POST",
        cookie: alice.cookie,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ toolSlug: "canva", rating: 4, comment }),
      });
      expect(review.status).toBe(201);
      // The review was written through Varnish, which does not purge: the new page is Varnish's own refetch of it.
      const { refetches, lastStoredAge } = await pollUntil("/tools/canva", async (response) => (await textOf(response)).includes(comment));
      expect(refetches).toBeGreaterThanOrEqual(1);
      expect(lastStoredAge).toBeGreaterThanOrEqual(LIFETIME_SECONDS);
    });

    it.runIf(run)("stops serving a deleted upload once its lifetime (UPLOAD_CACHE_SECONDS) has run out, and never stores the 404", async () => {
      const form = new FormData();
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#335577" } })
        .png()
        .toBuffer();
      form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "shot.png");
      const uploaded = await through("/api/uploads", { method: "POST", cookie: bob.cookie, body: form });
      expect(uploaded.status).toBe(201);
      const url = String(((await uploaded.json()) as { data: { url: string } }).data.url);
      const created = await through("/api/reviews", {
        method: "POST",
        cookie: bob.cookie,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ toolSlug: "midjourney", rating: 5, comment: "A moodboard a day, with a screenshot.", images: [url] }),
      });
      expect(created.status).toBe(201);
      const [{ id }] = (await app.query<{ id: number }>("select r.id::int as id from reviews r join users u on u.id = r.user_id where u.name = 'Bob Cached'")) as [{ id: number }];

      await (await through(url)).body?.cancel();
      const stored = await through(url);
      expect([stored.status, stored.headers.get("cache-control"), fromCache(stored)]).toEqual([200, `public, max-age=${LIFETIME_SECONDS}`, true]);
      await stored.body?.cancel();

      const removed = await through(`/api/reviews/${id}`, { method: "DELETE", cookie: bob.cookie });
      expect(removed.status).toBe(200);
      const fromApp = await app.request(url);
      expect([fromApp.status, fromApp.headers.get("cache-control")]).toEqual([404, "no-store"]);

      const { refetches, lastStoredAge } = await pollUntil(url, async (response) => {
        await response.body?.cancel();
        return response.status === 404;
      });
      expect(refetches).toBeGreaterThanOrEqual(1);
      expect(lastStoredAge).toBeGreaterThanOrEqual(LIFETIME_SECONDS);
      const again = await through(url);
      expect([again.status, fromCache(again)]).toEqual([404, false]);
    });
  },
  { env: () => ({ UPLOAD_CACHE_SECONDS: String(LIFETIME_SECONDS), SHARED_CACHE_SECONDS: String(LIFETIME_SECONDS) }) },
);
