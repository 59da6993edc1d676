import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { cookiesFrom, createVerifiedUser, GOOD_PASSWORD, post, uniqueEmail, uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { latestLink } from "../support/mail";

/**
 * The hardening issue's findings (13), one test each: every one answered wrongly (400, 500, an open
 * redirect, a shared image) before its fix.
 */

type Api = { ok: boolean; toast: { title: string; description?: string }; data?: Record<string, unknown>; field?: string; fieldErrors?: Record<string, string> };

async function api(app: TestApp, method: string, pathname: string, body: unknown, cookie?: string) {
  const response = await app.request(pathname, {
    method,
    headers: { "Content-Type": "application/json", "X-Forwarded-For": uniqueIp(), ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body ?? {}),
  });
  return { status: response.status, body: (await response.json()) as Api };
}

async function upload(app: TestApp, cookie: string, bytes: Uint8Array, name = "shot.png", type = "image/png") {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await app.request("/api/uploads", { method: "POST", body: form, headers: { Cookie: cookie, "X-Forwarded-For": uniqueIp() } });
  return { status: response.status, body: (await response.json()) as Api };
}

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();

/** A body that would be `chunks` x 64 KB, counting how much of it the server pulled. */
function countedBody(chunks: number) {
  const chunk = new TextEncoder().encode(`a=${"x".repeat(64 * 1024 - 2)}`);
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= chunks) return controller.close();
      pulled++;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled * chunk.byteLength };
}

describeEachBackend("hardening: bodies, input and redirects", (app) => {
  let reader: Awaited<ReturnType<typeof createVerifiedUser>>;
  beforeAll(async () => {
    reader = await createVerifiedUser(app, { name: "Hardening Reader" });
  });

  describe("2. request bodies are bounded while streaming", () => {
    it("refuses a form body over 64 KB that claims its size, without reading it", async () => {
      const body = countedBody(3200); // 200 MB if it were read
      const response = await app.request("/auth", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(200 * 1024 * 1024), "X-Forwarded-For": uniqueIp() },
        body: body.stream,
        duplex: "half",
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(body.pulled()).toBeLessThanOrEqual(128 * 1024);
    });

    it("stops reading a chunked body at the limit (forms and JSON)", async () => {
      for (const [pathname, type] of [
        ["/auth", "application/x-www-form-urlencoded"],
        ["/api/reviews", "application/json"],
      ] as const) {
        const body = countedBody(800); // 50 MB
        const response = await app.request(pathname, {
          method: "POST",
          // Signed in for the API; anonymous for /auth (which sends a signed-in reader away unread).
          headers: { "Content-Type": type, "X-Forwarded-For": uniqueIp(), ...(pathname.startsWith("/api") ? { Cookie: reader.cookie } : {}) },
          body: body.stream,
          duplex: "half",
        } as RequestInit);
        expect(response.status, pathname).toBe(413);
        // What the stream had queued when the limit was passed, not the 50 MB.
        expect(body.pulled(), pathname).toBeLessThan(1024 * 1024);
      }
    });

    it("keeps the larger limit of routes that take files", async () => {
      const { status, body } = await upload(app, reader.cookie, await png());
      expect(status).toBe(201);
      expect(body.ok).toBe(true);
    });
  });

  describe("3. no 500 from what a visitor sends", () => {
    it.each(["/tools/chat%00gpt", "/tools/category/a%00b", "/tools/compare/a%00-vs-b", "/tools/%ff%fe", `/tools/${"a".repeat(300)}`])("%s is a 404 page", async (pathname) => {
      const response = await app.request(pathname);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("not found");
    });

    it("refuses a NUL in any stored text, naming the field", async () => {
      const review = await api(app, "POST", "/api/reviews", { toolSlug: "chatgpt", rating: 4, comment: "Good\u0000bad" }, reader.cookie);
      expect(review.status).toBe(400);
      expect(review.body.toast.title).toBe("Invalid characters");
      expect(review.body.fieldErrors?.comment).toMatch(/can't store/);
      const slug = await api(app, "POST", "/api/reviews", { toolSlug: "chat\u0000gpt", rating: 4, comment: "Fine" }, reader.cookie);
      expect(slug.status).toBe(400);
      const note = await post(app, "/tools/chatgpt", { intent: "note", note: "a\u0000b", js: "1" }, { cookie: reader.cookie });
      expect(note.status).toBe(400);
      const profile = await post(app, "/profile", { intent: "profile", displayName: "Ann\u0000", username: "", website: "" }, { cookie: reader.cookie });
      expect(profile.status).toBe(400);
      expect(await profile.text()).toContain("Invalid characters");
      // Nothing of it was stored.
      expect(await app.query("select 1 from reviews where comment like '%' || chr(1) || '%' or comment like 'Good%bad'")).toHaveLength(0);
    });

    it("stores text in one Unicode form", async () => {
      const decomposed = "Cafe\u0301 menus, re\u0301sume\u0301s: it handled them well.";
      const saved = await api(app, "POST", "/api/reviews", { toolSlug: "notion-ai", rating: 4, comment: decomposed }, reader.cookie);
      expect(saved.status).toBe(201);
      const [row] = await app.query<{ comment: string }>("select comment from reviews where id = $1", [saved.body.data?.id]);
      expect(row!.comment).toBe(decomposed.normalize("NFC"));
    });

    it("answers 400 to a truncated multipart body and to a body that is not a form", async () => {
      const boundary = "----cut";
      const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsignin\r\n--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nann@exa`;
      for (const pathname of ["/auth", "/profile"]) {
        const response = await app.request(pathname, {
          method: "POST",
          headers: { "Content-Type": `multipart/form-data; boundary=${boundary}`, "X-Forwarded-For": uniqueIp(), ...(pathname === "/profile" ? { Cookie: reader.cookie } : {}) },
          body: truncated,
        });
        expect(response.status, pathname).toBe(400);
      }
      const plain = await app.request("/settings", { method: "POST", headers: { "Content-Type": "text/plain", Cookie: reader.cookie }, body: "intent=revoke-others" });
      expect(plain.status).toBe(400);
      const theme = await app.request("/resources/theme", { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=x" }, body: "--x\r\nbroken" });
      expect(theme.status).toBe(400);
    });

    it("answers a GET of a write-only API route as a visitor's mistake, without logging an error", async () => {
      const logged = vi.spyOn(console, "error");
      try {
        const response = await app.request("/api/reviews/1/helpful");
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(logged).not.toHaveBeenCalled();
      } finally {
        logged.mockRestore();
      }
    });

    it("signs in and returns to a page whose address has characters outside Latin-1", async () => {
      const email = uniqueEmail("unicode");
      await createVerifiedUser(app, { email });
      const response = await post(app, "/auth", { intent: "signin", from: "page", email, password: GOOD_PASSWORD, redirectTo: "/tools?search=日本語 café" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/tools?search=%E6%97%A5%E6%9C%AC%E8%AA%9E%20caf%C3%A9");
    });
  });

  describe("5. smaller findings", () => {
    it("theme redirects never leave the site, whatever whitespace hides in the path", async () => {
      for (const target of ["/\t/evil.example", "/\n/evil.example", " //evil.example", "/\\evil.example", "https://evil.example"]) {
        const response = await post(app, "/resources/theme", { theme: "dark", redirectTo: target });
        expect(response.status, JSON.stringify(target)).toBe(302);
        expect(response.headers.get("location"), JSON.stringify(target)).toBe("/");
      }
      const back = await post(app, "/resources/theme", { theme: "dark", redirectTo: "/tools?sort=rating" });
      expect(back.headers.get("location")).toBe("/tools?sort=rating");
    });

    it("an empty file is refused as empty, not as too large", async () => {
      const { status, body } = await upload(app, reader.cookie, new Uint8Array(0));
      expect(status).toBe(400);
      expect(body.toast.description).toMatch(/^Empty file/);
    });

    it("an upload attaches to one review only", async () => {
      const image = await upload(app, reader.cookie, await png());
      const url = String(image.body.data?.url);
      const first = await api(app, "POST", "/api/reviews", { toolSlug: "claude-ai", rating: 5, comment: "Clear answers.", images: [url] }, reader.cookie);
      expect(first.status).toBe(201);
      const second = await api(app, "POST", "/api/reviews", { toolSlug: "perplexity-ai", rating: 4, comment: "Good sources.", images: [url] }, reader.cookie);
      expect(second.status).toBe(400);
      expect(second.body.toast.description).toMatch(/belongs to another of your reviews/);
      // Editing the review that owns it keeps it.
      const edit = await api(app, "POST", "/api/reviews", { toolSlug: "claude-ai", rating: 4, comment: "Clear answers, mostly.", images: [url] }, reader.cookie);
      expect(edit.status).toBe(200);
      expect(existsSync(path.join(app.dataDir, url))).toBe(true);
    });
  });
});

// 1. Behind a TLS-terminating proxy: the socket is http, the browser and the public address are https.
describeEachBackend(
  "hardening: behind an https proxy",
  (app) => {
    const origin = "https://localhost:3000";
    const proxied = (pathname: string, fields: Record<string, string>, cookie?: string) =>
      app.request(pathname, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: origin,
          "X-Forwarded-Proto": "https",
          "X-Forwarded-For": uniqueIp(),
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: new URLSearchParams(fields).toString(),
      });

    it("signs up, confirms and signs in through the proxy, with __Host- and Secure cookies", async () => {
      const email = uniqueEmail("https");
      const signUp = await proxied("/auth", { intent: "signup", from: "dialog", name: "Proxy Reader", email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD });
      expect(signUp.status).toBe(201);
      const link = new URL(await latestLink(app.dataDir, email, "/auth/verify-email"));
      expect(link.origin).toBe(origin);
      await app.request(link.pathname + link.search, { headers: { "X-Forwarded-Proto": "https" } });

      const signIn = await proxied("/auth", { intent: "signin", from: "page", email, password: GOOD_PASSWORD, redirectTo: "/settings" });
      expect(signIn.status).toBe(302);
      expect(signIn.headers.get("location")).toBe("/settings");
      const lines = signIn.headers.getSetCookie();
      const session = lines.find((line) => line.startsWith("__Host-atlas.session_token="));
      expect(session).toMatch(/; Secure/i);
      expect(session).toMatch(/; Path=\//i);
      expect(session).not.toMatch(/Domain=/i);
      expect(session).toMatch(/HttpOnly/i);
      const flash = lines.find((line) => line.startsWith("atlas.flash="));
      expect(flash).toMatch(/; Secure/);

      const jar = cookiesFrom(signIn);
      const cookie = `__Host-atlas.session_token=${jar["__Host-atlas.session_token"]}`;
      const settings = await app.request("/settings", { headers: { Cookie: cookie, "X-Forwarded-Proto": "https" } });
      expect(settings.status).toBe(200);
      expect(await settings.text()).toContain(email);
      const forgot = await proxied("/auth", { intent: "forgot", email: "nobody@example.com" });
      expect(forgot.status).toBe(200);
    });

    it("ignores forwarded headers from a browser of another site", async () => {
      const response = await app.request("/auth", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example" },
        body: "intent=forgot&email=a@b.c",
      });
      expect(response.status).toBe(403);
    });
  },
  { env: () => ({ SITE_URL: "https://localhost:3000" }) },
);
