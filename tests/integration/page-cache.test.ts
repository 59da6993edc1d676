import { createHash } from "node:crypto";
import http from "node:http";
import { brotliDecompressSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { createVerifiedUser, post, uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { routePaths } from "../support/routes";
import { isExhaustive, sample } from "../support/sample";

/**
 * The anonymous page cache (decision 011): pages are stored once, served with
 * an ETag, and a write drops exactly the pages that show what it changed. And what every answer tells the
 * caches in front of the site (decision 040), walked over every route.
 */
/** An anonymous request; `compressed` asks like a browser (bodies then need decoding, so content checks leave it off). */
const anonymous = (app: TestApp, path: string, headers: Record<string, string> = {}, compressed = false) =>
  app.request(path, { headers: { ...(compressed ? { "Accept-Encoding": "gzip, br" } : {}), "X-Forwarded-For": uniqueIp(), ...headers } });
/** The page's text as a reader sees it (React separates adjacent text with empty comments). */
const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const cacheState = async (app: TestApp, path: string) => (await anonymous(app, path)).headers.get("x-cache");

describeEachBackend("page cache", (app, backend) => {
  let reader: { cookie: string };
  beforeAll(async () => {
    reader = await createVerifiedUser(app, { name: "Cache Reader" });
  });

  it("answers a kept page over a socket from the front door's hit path, byte for byte and header for header as the pipeline does", async () => {
    const port = await app.listen!();
    const overSocket = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path, headers }, (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
    const ask = { "accept-encoding": "gzip, br", "x-request-id": "hit-path-1" };
    await anonymous(app, "/tools/perplexity-ai");
    const inProcess = await anonymous(app, "/tools/perplexity-ai", ask);
    const socket = await overSocket("/tools/perplexity-ai", ask);
    expect([inProcess.headers.get("x-cache"), socket.headers["x-cache"]]).toEqual(["HIT", "HIT"]);
    expect(socket.status).toBe(inProcess.status);
    const { connection, "keep-alive": keepAlive, date, ...sent } = socket.headers;
    expect([connection, typeof keepAlive, typeof date]).toEqual(["keep-alive", "string", "string"]);
    expect(sent).toEqual(Object.fromEntries(inProcess.headers));
    expect(Buffer.compare(socket.body, Buffer.from(await inProcess.arrayBuffer()))).toBe(0);
    // A signed-in reader is never answered from it: the pipeline fills their personal parts in (decision 054).
    expect((await overSocket("/tools/perplexity-ai", { ...ask, cookie: reader.cookie })).headers["x-cache"]).toBe("PERSONAL-PARTS");
  });

  it("stores an anonymous page once and answers the next visitors from memory, with a strong ETag and 304", async () => {
    const first = await anonymous(app, "/tools/midjourney");
    expect(first.headers.get("x-cache")).toBe("MISS");
    const second = await anonymous(app, "/tools/midjourney", {}, true);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("content-encoding")).toBe("br");
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
    expect(second.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    const etag = second.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    expect(brotliDecompressSync(Buffer.from(await second.arrayBuffer())).toString("utf8")).toContain("</html>");
    const gzipped = await anonymous(app, "/tools/midjourney", { "Accept-Encoding": "gzip" });
    expect([gzipped.headers.get("content-encoding"), gzipped.headers.get("etag")]).toEqual(["gzip", etag.replace('-br"', '-gz"')]);
    const revalidated = await anonymous(app, "/tools/midjourney", { "If-None-Match": etag, "Accept-Encoding": "gzip, br" });
    expect([revalidated.status, await revalidated.text()]).toEqual([304, ""]);
    const plain = await app.request("/tools/midjourney", { headers: { "X-Forwarded-For": uniqueIp() } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain("<h1");
  });

  it("allows exactly the cached page's inline scripts by hash, since its nonce is the same for everyone", async () => {
    await anonymous(app, "/tools/canva");
    const cachedPage = await app.request("/tools/canva", { headers: { "X-Forwarded-For": uniqueIp() } });
    const html = await cachedPage.text();
    const csp = cachedPage.headers.get("content-security-policy")!;
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes, body]) => !/src=/.test(attributes!) && body);
    expect(inline.length).toBeGreaterThan(1);
    for (const [, , body] of inline) expect(csp).toContain(`'sha256-${createHash("sha256").update(body!).digest("base64")}'`);
    expect(csp).not.toContain("unsafe-inline' 'unsafe-eval");
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
  });

  it("never caches a signed-in visitor's page, nor serves them the anonymous one", async () => {
    // A page whose loader reads the viewer (/submit asks a signed-out visitor to sign in); decision 054 is tested in personal-parts.test.ts.
    await anonymous(app, "/submit");
    const signedIn = await app.request("/submit", { headers: { Cookie: reader.cookie, "X-Forwarded-For": uniqueIp() } });
    expect(signedIn.headers.get("x-cache")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(await textOf(signedIn)).toContain("Cache Reader");
  });

  it("keeps a search page only from its second request, so queries seen once cost no memory", async () => {
    const path = `/tools?search=writing-${Date.now()}`;
    // The first from the kept directory shell (decision 074), not kept.
    expect(await cacheState(app, path)).toBe("SHELL");
    expect(await cacheState(app, path)).toBe("MISS");
    expect(await cacheState(app, path)).toBe("HIT");
  });

  it("answers If-None-Match: * with 304 for a page that exists, kept or not, and not for one that does not (RFC 9110 13.1.2)", async () => {
    const star = { "If-None-Match": "*" };
    await anonymous(app, "/tools/claude-ai");
    for (const path of ["/tools/claude-ai", `/tools?search=star-${Date.now()}`]) {
      const response = await anonymous(app, path, star);
      expect([response.status, await response.text()], path).toEqual([304, ""]);
    }
    const head = await app.request("/tools/claude-ai", { method: "HEAD", headers: { ...star, "X-Forwarded-For": uniqueIp() } });
    expect(head.status).toBe(304);
    expect((await anonymous(app, "/tools/no-such-tool", star)).status).toBe(404);
  });

  it("caches the data of client navigations too", async () => {
    const path = "/tools/category/design.data";
    await anonymous(app, path);
    const hit = await anonymous(app, path);
    expect([hit.headers.get("x-cache"), hit.headers.get("content-type")]).toEqual(["HIT", "text/x-script"]);
  });

  describe("invalidation", () => {
    it("a review drops that tool's page and no other", async () => {
      for (const path of ["/tools/grammarly", "/tools/midjourney", "/", "/tools"]) {
        await anonymous(app, path);
        expect(await cacheState(app, path), path).toBe("HIT");
      }
      const review = await app.request("/api/reviews", {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: reader.cookie, "X-Forwarded-For": uniqueIp() },
        body: JSON.stringify({ toolSlug: "grammarly", rating: 4, comment: "I tidy my client emails with it every morning." }),
      });
      expect(review.status).toBe(201);
      const fresh = await anonymous(app, "/tools/grammarly");
      expect(fresh.headers.get("x-cache")).toBe("MISS");
      expect(await textOf(fresh)).toContain("I tidy my client emails with it every morning.");
      for (const path of ["/tools/midjourney", "/", "/tools"]) expect(await cacheState(app, path), path).toBe("HIT");
    });

    it("a helpful vote and a deletion through the API drop the review's tool page", async () => {
      const [row] = await app.query<{ id: number }>("select r.id from reviews r join tools t on t.id = r.tool_id where t.slug = 'grammarly'");
      const voter = await createVerifiedUser(app, { name: "Cache Voter" });
      await anonymous(app, "/tools/grammarly");
      expect(await cacheState(app, "/tools/grammarly")).toBe("HIT");
      const vote = await post(app, "/tools/grammarly", { intent: "helpful", id: String(row!.id) }, { cookie: voter.cookie });
      expect(vote.status).toBe(302);
      const afterVote = await anonymous(app, "/tools/grammarly");
      expect(afterVote.headers.get("x-cache")).toBe("MISS");
      expect(await textOf(afterVote)).toContain("1 person found this helpful");

      const removed = await app.request(`/api/reviews/${row!.id}`, { method: "DELETE", headers: { Cookie: reader.cookie, "X-Forwarded-For": uniqueIp() } });
      expect(removed.status).toBe(200);
      const afterDelete = await anonymous(app, "/tools/grammarly");
      expect(afterDelete.headers.get("x-cache")).toBe("MISS");
      expect(await textOf(afterDelete)).not.toContain("I tidy my client emails with it every morning.");
    });

    it("a like drops the pages that list that tool among similar ones, and not the tool's own", async () => {
      const similarHost = "/tools/chatgpt";
      const host = await anonymous(app, similarHost);
      expect(await textOf(host)).toContain("Like Claude");
      await anonymous(app, "/tools/claude-ai");
      await anonymous(app, "/tools/midjourney");
      const like = await post(app, "/tools/claude-ai", { intent: "reaction", value: "1" }, { cookie: reader.cookie });
      expect(like.status).toBe(302);
      const after = await anonymous(app, similarHost);
      expect(after.headers.get("x-cache")).toBe("MISS");
      expect(await textOf(after)).toContain("Like Claude, 1");
      expect(await cacheState(app, "/tools/claude-ai")).toBe("HIT");
      expect(await cacheState(app, "/tools/midjourney")).toBe("HIT");
    });

    it("a new display name drops the pages showing the reader's reviews", async () => {
      const writer = await createVerifiedUser(app, { name: "Old Name" });
      const review = await app.request("/api/reviews", {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: writer.cookie, "X-Forwarded-For": uniqueIp() },
        body: JSON.stringify({ toolSlug: "jasper-ai", rating: 4, comment: "I draft product blurbs with it weekly." }),
      });
      expect(review.status).toBe(201);
      expect(await textOf(await anonymous(app, "/tools/jasper-ai"))).toContain("Old Name");
      expect(await cacheState(app, "/tools/jasper-ai")).toBe("HIT");
      const renamed = await post(app, "/profile", { name: "New Name", username: "new_name_cache", website: "" }, { cookie: writer.cookie });
      expect(renamed.status).toBe(302);
      const after = await anonymous(app, "/tools/jasper-ai");
      expect(after.headers.get("x-cache")).toBe("MISS");
      const page = await textOf(after);
      expect(page).toContain("New Name");
      expect(page).not.toContain("Old Name");
    });

    it("a favourite changes no public page", async () => {
      await anonymous(app, "/tools/perplexity-ai");
      await post(app, "/tools/perplexity-ai", { intent: "favorite", favorite: "true" }, { cookie: reader.cookie });
      expect(await cacheState(app, "/tools/perplexity-ai")).toBe("HIT");
    });
  });

  describe("what every route tells the caches in front (decision 040)", () => {
    /** A page of each route that exists, where a placeholder would only reach its not-found answer. */
    const EXAMPLES: Record<string, string> = {
      "tools/compare/:pair": "/tools/compare/chatgpt-vs-claude-ai",
      "tools/category/:slug": "/tools/category/design",
      "tools/:slug": "/tools/chatgpt",
      "tools/:slug/alternatives": "/tools/chatgpt/alternatives",
      "tools/:slug/claim": "/tools/chatgpt/claim",
      "images/tools/:file": "/images/tools/chatgpt.svg",
      "images/posts/:file": "/images/posts/ai-coding-assistants-compared.png",
      "blog/category/:slug?": "/blog/category/tutorials",
      "blog/:slug": "/blog/ai-coding-assistants-compared",
      "courses/category/:category": "/courses/category/ai",
      "courses/platform/:platform": "/courses/platform/udemy",
      "courses/platform/:platform/category/:category": "/courses/platform/udemy/category/ai",
      "go/:kind/:slug": "/go/tool/chatgpt",
      "og/:file": "/og/default.png",
      "og/:kind/:file": "/og/tool/chatgpt.png",
      "admin/prices/:slug": "/admin/prices/chatgpt",
      "admin/screenshots/:slug": "/admin/screenshots/chatgpt",
      // A key no upload has (or a deleted one's): 404, which no cache may keep.
      "uploads/*": `/uploads/reviews/${"0".repeat(32)}-1700000000000.webp`,
    };
    const urlOf = (route: string) => EXAMPLES[route] ?? `/${route.replace(/:[a-zA-Z]+\??/g, "x").replace("*", "x")}`;
    // Every route once, and the answers the findings named: a search's first visit, a 404.
    // The policy is decided above the database: the second backend walks a dozen routes (support/sample.ts).
    const urls = sample(new Set([...routePaths.map(urlOf), `/tools?search=ada-${Date.now()}`, "/no-such-page"]), { exhaustive: isExhaustive(backend), perKind: 12 });

    /** Every URL's answer (headers only), four at a time: as many as the server renders at once. */
    async function walk(cookie?: string): Promise<[string, Response][]> {
      const answers: [string, Response][] = [];
      for (let start = 0; start < urls.length; start += 4) {
        const batch = urls.slice(start, start + 4).map(async (url): Promise<[string, Response]> => {
          const response = await app.request(url, { headers: { "X-Forwarded-For": uniqueIp(), ...(cookie ? { Cookie: cookie } : {}) } });
          await response.body?.cancel();
          return [url, response];
        });
        answers.push(...(await Promise.all(batch)));
      }
      return answers;
    }

    // About 100 renders each: a few seconds on an idle machine, far more on a busy one.
    it("signed out: every answer says how it may be cached, shareable ones only with Vary: Cookie, errors and sign-in redirects never", { timeout: 120_000 }, async () => {
      const problems: string[] = [];
      for (const [url, response] of await walk()) {
        const cacheControl = response.headers.get("cache-control");
        const vary = response.headers.get("vary") ?? "";
        const location = response.headers.get("location") ?? "";
        const stored = cacheControl !== null && !/no-store/.test(cacheControl);
        if (!cacheControl) problems.push(`${url}: ${response.status} without Cache-Control`);
        else if (response.headers.has("set-cookie") && cacheControl !== "private, no-store") problems.push(`${url}: sets a cookie with ${cacheControl}`);
        else if ((response.status >= 400 || /^\/auth\b/.test(location)) && cacheControl !== "no-store")
          problems.push(`${url}: ${response.status} ${location} with ${cacheControl}`);
        else if (stored && !/\bCookie\b/.test(vary)) problems.push(`${url}: ${cacheControl} without Vary: Cookie`);
      }
      expect(problems).toEqual([]);
    });

    it("signed in: no answer is public or stored anywhere", { timeout: 120_000 }, async () => {
      const owner = await createVerifiedUser(app, { name: "Walking Owner" });
      // An owner reaches every admin page, the most personal answers there are.
      await app.query("update users set role = 'owner' where email = $1", [owner.email]);
      const problems: string[] = [];
      for (const [url, response] of await walk(owner.cookie)) {
        const cacheControl = response.headers.get("cache-control");
        if (cacheControl !== "private, no-store") problems.push(`${url}: ${response.status} with ${cacheControl}`);
      }
      expect(problems).toEqual([]);
    });
  });
});
