import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planFieldName, pricingFormValues } from "../../app/lib/tool/pricing-edit";
import { createVerifiedUser, post, uniqueIp } from "../support/accounts";
import { describeEachBackend, scratchPostgres, type TestApp } from "../support/app";
import { projectRoot } from "../support/paths";
import { freePort } from "../support/ports";
import { startVarnish, VARNISHD } from "../support/varnish";

/**
 * Purge by tag at the edge (decision 091): Varnish with the site's own VCL (deploy/varnish.vcl) in front of the built
 * site, which may keep pages for ten minutes (SHARED_CACHE_SECONDS=600) because every change purges the pages it
 * touches (EDGE_PURGE_URLS). Each wait below is for an event, bounded by the test's timeout (30 s), far below the
 * ten minutes the edge would otherwise keep a page: a page that changes there within the test was purged.
 */
const EDGE_SECONDS = 600;

/** X-Varnish names one transaction for an answer from the backend, two (this one and the stored object's) for a hit. */
const xVarnish = (response: Response) => (response.headers.get("x-varnish") ?? "").trim().split(/\s+/);
const fromCache = (response: Response) => xVarnish(response).length > 1;
/** The transaction that stored the object a hit was served from: the same one twice is the same stored page. */
const storedBy = (response: Response) => xVarnish(response)[1];
const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An edge that only listens: every PURGE it is sent, by its Surrogate-Key. A second EDGE_PURGE_URLS entry, to count purges. */
async function startRecorder() {
  const purges: string[] = [];
  const server = http.createServer((request, response) => {
    if (request.method === "PURGE") purges.push(String(request.headers["surrogate-key"] ?? ""));
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    purges,
    /** The purges whose Surrogate-Key names `tag`. */
    naming: (tag: string) => purges.filter((key) => key.split(" ").includes(tag)),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** A PURGE sent from `localAddress` (127.0.0.2 is this machine too, but not in the VCL's `acl purgers`). */
function purgeFrom(edge: string, surrogateKey: string, localAddress = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${edge}/`, { method: "PURGE", headers: { "Surrogate-Key": surrogateKey }, localAddress }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.once("error", reject);
    request.end();
  });
}

/** Asks `edge` for `pathname` (anonymous) until `done` says so, at most `tries` times: a purge arrives within milliseconds. */
async function edgeUntil(edge: string, pathname: string, done: (body: string) => boolean, tries = 100) {
  for (let attempt = 0; attempt < tries; attempt++) {
    const body = await textOf(await fetch(edge + pathname, { headers: { "X-Forwarded-For": uniqueIp() } }));
    if (done(body)) return true;
    await pause(100);
  }
  return false;
}

const chatgpt = JSON.parse(readFileSync(path.join(projectRoot, "content", "tools", "chatgpt.json"), "utf8"));
/** The price form as the editor's page fills it for ChatGPT's file, with Plus at `plusPrice` (tests/integration/pricing-editor.test.ts). */
function chatgptEdit(plusPrice: string) {
  const values = pricingFormValues(chatgpt.pricing, true);
  values[planFieldName(1, "price")] = plusPrice;
  return values;
}

if (!VARNISHD) {
  describe("purge by tag at the edge", () => {
    it.skip("skipped: varnishd is not installed (`apt-get install varnish`; npm test installs it when run as root)", () => {});
  });
}

/** Chosen before the app starts: its EDGE_PURGE_URLS names them. */
let edgePort = 0;
let recorder: Awaited<ReturnType<typeof startRecorder>> | undefined;
beforeAll(async () => {
  edgePort = await freePort();
  recorder = await startRecorder();
});
afterAll(() => recorder?.close());

describeEachBackend(
  "purge by tag at the edge",
  (app) => {
    const run = Boolean(VARNISHD);
    let work = "";
    let varnish: ChildProcess | undefined;
    let edge = "";
    let alice: { cookie: string };
    let editor: { cookie: string; email: string };

    beforeAll(async () => {
      if (!run) return;
      work = mkdtempSync(path.join(os.tmpdir(), "aitools-edge-"));
      edge = `http://127.0.0.1:${edgePort}`;
      // The app as server.js serves it (the front door and its hit path), on a port for Varnish to fetch from.
      varnish = await startVarnish(work, { port: edgePort, backendPort: await app.listen!() });
      [alice, editor] = await Promise.all([createVerifiedUser(app, { name: "Alice Edge" }), createVerifiedUser(app, { name: "Edie Edge" })]);
      await app.query("update users set role = 'editor' where email = $1", [editor.email]);
    });

    afterAll(() => {
      varnish?.kill();
      if (work) rmSync(work, { recursive: true, force: true });
    });

    const through = (pathname: string) => fetch(edge + pathname, { headers: { "X-Forwarded-For": uniqueIp() } });
    /** Asks the edge twice: the second answer is the stored page. */
    async function stored(pathname: string) {
      await (await through(pathname)).body?.cancel();
      const response = await through(pathname);
      await response.body?.cancel();
      expect(fromCache(response), pathname).toBe(true);
      return response;
    }

    it.runIf(run)("tells the edge each kept page's tags, HTML and .data alike, and the edge keeps them from browsers", async () => {
      for (const pathname of ["/tools/chatgpt", "/tools/chatgpt.data"]) {
        // From the app: the page's tags, space-separated, and a lifetime the edge may use because it is purged.
        await (await app.request(pathname)).body?.cancel();
        const kept = await app.request(pathname);
        await kept.body?.cancel();
        expect(kept.headers.get("x-cache"), pathname).toBe("HIT");
        expect(kept.headers.get("surrogate-key")?.split(" "), pathname).toEqual(expect.arrayContaining(["catalogue", "tool:chatgpt"]));
        expect(kept.headers.get("cache-control"), pathname).toBe(`public, max-age=0, s-maxage=${EDGE_SECONDS}, stale-while-revalidate=60`);
        // From the edge: the same page, stored, without the tags.
        const fromEdge = await stored(pathname);
        expect(fromEdge.headers.has("surrogate-key"), pathname).toBe(false);
      }
      // A signed-in reader's answer is theirs alone: no tags for a cache.
      const personal = await app.request("/tools/chatgpt", { headers: { Cookie: alice.cookie } });
      await personal.body?.cancel();
      expect([personal.headers.get("cache-control"), personal.headers.has("surrogate-key")]).toEqual(["private, no-store", false]);
    });

    it.runIf(run)("purges a tool's page at once when a review changes it, once, and leaves another tool's page stored", async () => {
      const comment = `Edge check ${Date.now()}: I draft release notes with it every Friday.`;
      await stored("/tools/chatgpt");
      const canva = storedBy(await stored("/tools/canva"));
      const before = recorder!.naming("tool:chatgpt").length;

      const review = await app.request("/api/reviews", {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: alice.cookie, "X-Forwarded-For": uniqueIp() },
        body: JSON.stringify({ toolSlug: "chatgpt", rating: 4, comment }),
      });
      expect(review.status).toBe(201);

      expect(await edgeUntil(edge, "/tools/chatgpt", (body) => body.includes(comment))).toBe(true);
      // Canva's page does not show ChatGPT's reviews: the edge still serves the object it stored before the review.
      const canvaAfter = await through("/tools/canva");
      await canvaAfter.body?.cancel();
      expect([fromCache(canvaAfter), storedBy(canvaAfter)]).toEqual([true, canva]);
      // One PURGE per edge for the write (its tags in one batch), and no other for it after a while.
      await pause(300);
      expect(recorder!.naming("tool:chatgpt").length - before).toBe(1);
    });

    it.runIf(run)("shows an editor's price edit through the edge at once, on the page and its .data", async () => {
      const page = await stored("/tools/chatgpt");
      const data = storedBy(await stored("/tools/chatgpt.data"));
      expect(await textOf(await through("/tools/chatgpt"))).not.toContain("$23/month");
      expect(fromCache(page)).toBe(true);

      const saved = await post(app, "/admin/prices/chatgpt", { intent: "save", note: "Plus went up", ...chatgptEdit("23") }, { cookie: editor.cookie });
      expect(saved.status).toBe(200);

      expect(await edgeUntil(edge, "/tools/chatgpt", (body) => body.includes("$23/month"))).toBe(true);
      // The client navigations' answer was dropped with the page: the edge fetched it again.
      const dataAfter = await through("/tools/chatgpt.data");
      await dataAfter.body?.cancel();
      expect(storedBy(dataAfter)).not.toBe(data);
    });

    it.runIf(run)("refuses a PURGE from an address outside its purgers, and tags it could not match as words", async () => {
      const canva = storedBy(await stored("/tools/canva"));
      expect(await purgeFrom(edge, "tool:canva catalogue", "127.0.0.2")).toBe(403);
      expect(await purgeFrom(edge, "tool:can.*")).toBe(400);
      const after = await through("/tools/canva");
      await after.body?.cancel();
      expect([fromCache(after), storedBy(after)]).toEqual([true, canva]);
      // The same purge from an address in the ACL drops it: a tag matches whole words only ("tool:can" would not).
      expect(await purgeFrom(edge, "tool:can")).toBe(200);
      expect(storedBy(await stored("/tools/canva"))).toBe(canva);
      expect(await purgeFrom(edge, "tool:canva")).toBe(200);
      const purged = await through("/tools/canva");
      await purged.body?.cancel();
      expect(fromCache(purged)).toBe(false);
    });
  },
  {
    // What the edge does with the app's headers does not depend on the database: PGlite only (the cluster below runs on PostgreSQL).
    only: ["pglite"],
    env: () => ({ SHARED_CACHE_SECONDS: String(EDGE_SECONDS), EDGE_PURGE_URLS: `http://127.0.0.1:${edgePort},${recorder!.url}` }),
  },
);

/**
 * Two instances over one PostgreSQL and one Redis, the edge in front of instance B: a write on instance A purges the
 * edge once (A's purge; B hears the change on the cache bus and drops its own copy without purging), and the edge's
 * next request finds the new page on B.
 */
describe.runIf(Boolean(VARNISHD && process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL))("purge by tag at the edge, two instances", () => {
  let work = "";
  let database: Awaited<ReturnType<typeof scratchPostgres>> | undefined;
  const instances: ChildProcess[] = [];
  let varnish: ChildProcess | undefined;
  let edge = "";
  let a = "";
  let counting: Awaited<ReturnType<typeof startRecorder>>;

  function startInstance(env: Record<string, string>): Promise<ChildProcess> {
    const child = spawn(process.execPath, ["server.js"], { cwd: projectRoot, env: { PATH: process.env.PATH!, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    instances.push(child);
    return new Promise((resolve, reject) => {
      const timer = setInterval(() => {
        if (output.includes("Listening on")) resolve(child);
        else if (child.exitCode !== null) reject(new Error(`an instance did not start:\n${output}`));
        else return;
        clearInterval(timer);
      }, 100);
    });
  }

  beforeAll(async () => {
    work = mkdtempSync(path.join(os.tmpdir(), "aitools-edge-cluster-"));
    database = await scratchPostgres(process.env.TEST_DATABASE_URL!);
    counting = await startRecorder();
    const [portA, portB, portEdge] = [await freePort(), await freePort(), await freePort()];
    [a, edge] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portEdge}`];
    const shared = {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      DATABASE_URL: database.url,
      REDIS_URL: process.env.TEST_REDIS_URL!,
      DATA_DIR: path.join(work, "data"),
      SITE_URL: a,
      TRUST_PROXY: "true",
      AUTH_SECRET: "edge-cluster-test-secret-0123456789abcdef",
      LOG_LEVEL: "warn",
      LINK_CHECK_INTERVAL_HOURS: "0",
      PRICE_CHECK_INTERVAL_HOURS: "0",
      DATA_FILES_SCHEDULE: "off",
      SHARED_CACHE_SECONDS: String(EDGE_SECONDS),
      EDGE_PURGE_URLS: `${edge},${counting.url}`,
    };
    varnish = await startVarnish(work, { port: portEdge, backendPort: portB });
    await startInstance({ ...shared, PORT: String(portA) });
    await startInstance({ ...shared, PORT: String(portB) });
  }, 120_000);

  afterAll(async () => {
    varnish?.kill();
    await Promise.all(
      instances.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGTERM");
          }),
      ),
    );
    await counting?.close();
    await database?.drop();
    if (work) rmSync(work, { recursive: true, force: true });
  }, 60_000);

  it("a review written on instance A purges the edge in front of instance B once, and the edge then shows it", async () => {
    // Instance A over HTTP, as the account helpers expect an app.
    const onA: TestApp = {
      dataDir: path.join(work, "data"),
      request: (pathname, init) => fetch(a + pathname, { ...init, redirect: "manual" }),
      html: async () => {
        throw new Error("unused");
      },
      query: async () => {
        throw new Error("unused");
      },
    };
    const reader = await createVerifiedUser(onA, { name: "Rita Edge" });
    const through = (pathname: string) => fetch(edge + pathname, { headers: { "X-Forwarded-For": uniqueIp() } });
    await (await through("/tools/claude-ai")).body?.cancel();
    const stored = await through("/tools/claude-ai");
    await stored.body?.cancel();
    expect(fromCache(stored)).toBe(true);

    const comment = `Two instances ${Date.now()}: I check contracts with it before every call.`;
    const review = await onA.request("/api/reviews", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: reader.cookie, "X-Forwarded-For": uniqueIp() },
      body: JSON.stringify({ toolSlug: "claude-ai", rating: 5, comment }),
    });
    expect(review.status).toBe(201);

    // The edge dropped its page (A's purge) and B no longer had its own (the cache bus): the next fetch shows the review.
    expect(await edgeUntil(edge, "/tools/claude-ai", (body) => body.includes(comment))).toBe(true);
    // B heard the change too, and did not purge it again.
    await pause(500);
    expect(counting.naming("tool:claude-ai")).toHaveLength(1);
  });
});
