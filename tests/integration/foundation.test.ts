import { ALLOWED_IMAGE_HOSTS } from "~/lib/image-hosts";
import { MESSAGES } from "~/lib/messages";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, it } from "vitest";
import { SPEC_REDIRECTS } from "../fixtures/spec-redirects";
import { describeEachBackend } from "../support/app";

const REDIRECTS: Array<[string, string]> = [...SPEC_REDIRECTS, ["/tools/", "/tools"], ["/blog/some-post/", "/blog/some-post"], ["/about/?ref=x", "/about?ref=x"]];

describeEachBackend("foundation", (app) => {
  it("server-renders the home page with header, footer, title and description", async () => {
    const { response, body } = await app.html("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(body).toMatch(/<header[\s>]/);
    expect(body).toMatch(/<footer[\s>]/);
    for (const label of ["Home", "AI Tools", "Tool Comparison", "Blog", "Courses", "Contact"]) expect(body).toContain(`>${label}</a>`);
    expect(body).toMatch(/<title>[^<]{10,60}<\/title>/);
    expect(body).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(body).toContain(`© ${new Date().getFullYear()}`);
    expect(body).toContain('rel="canonical" href="http://localhost:3000/"');
  });

  it("shows catalogue figures computed from the database", async () => {
    const [row] = await app.query<{ count: number }>("select count(*)::int as count from tools");
    const count = row!.count;
    expect(count).toBeGreaterThan(50);
    const { body } = await app.html("/");
    expect(body).toContain(`${count} AI tools across`);
  });

  it.each(REDIRECTS)("redirects %s with a 301 to %s", async (from, to) => {
    const response = await app.request(from, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(to);
  });

  it("never redirects to another host", async () => {
    const response = await app.request("//evil.example/", { redirect: "manual" });
    expect(response.headers.get("location")).toBe("/evil.example");
  });

  it("answers an unknown path with 404, noindex and the not-found page", async () => {
    const { response, body } = await app.html("/this-page-does-not-exist");
    expect(response.status).toBe(404);
    expect(body).toContain('<meta name="robots" content="noindex, follow"');
    expect(body).toContain("Page not found");
    expect(body).toContain('href="/tools/category/ai-assistant"');
  });

  // Pages rendered per request (/auth is never cached) carry a fresh nonce; cached pages allow their scripts by hash (page-cache.test.ts).
  it("sends an enforced CSP whose nonce matches the page's scripts", async () => {
    const { response, body } = await app.html("/auth");
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(response.headers.get("content-security-policy-report-only")).toBeNull();
    expect(csp).toContain("frame-ancestors 'none'");
    // Images an article may show (the sanitiser's allow-list) are the images the policy lets load.
    const imageSources = csp.match(/img-src ([^;]*)/)?.[1]?.split(" ") ?? [];
    for (const host of ALLOWED_IMAGE_HOSTS) expect(imageSources).toContain(`https://${host}`);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const scriptNonces = [...body.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]);
    expect(scriptNonces.length).toBeGreaterThan(0);
    for (const value of scriptNonces) expect(value).toBe(nonce);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("uses a new nonce for every request", async () => {
    const nonceOf = async () => (await app.request("/auth")).headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
    expect(await nonceOf()).not.toBe(await nonceOf());
  });

  it("puts security headers on redirects and 404s too", async () => {
    for (const path of ["/tos", "/missing"]) {
      const response = await app.request(path, { redirect: "manual" });
      expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    }
  });

  it("compresses pages rendered per request for clients that accept it (brotli where taken, else gzip), and only for them", async () => {
    const zipped = await app.request("/auth", { headers: { "Accept-Encoding": "gzip" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toContain("Accept-Encoding");
    const html = gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString("utf8");
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain("</html>");
    const brotli = await app.request("/auth", { headers: { "Accept-Encoding": "gzip, br" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString("utf8")).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>$/);
    const plain = await app.request("/auth");
    expect(plain.headers.get("content-encoding")).toBeNull();
  });

  it("reports health from a real database round trip", async () => {
    const response = await app.request("/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { status: string; responseTimeMs: number; responseTime: string };
    expect(body.status).toBe("healthy");
    expect(body.responseTimeMs).toBeGreaterThanOrEqual(0);
    expect(body.responseTime).toBe("good");
  });

  it("stores the theme in a cookie and returns only to same-site paths", async () => {
    const form = new URLSearchParams({ theme: "dark", redirectTo: "https://evil.example/" });
    const response = await app.request("/resources/theme", { method: "POST", body: form, redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.get("set-cookie")).toMatch(/^theme=dark;/);
    const { body } = await app.html("/");
    expect(body).not.toContain('class="dark"');
    // The in-page toggle (JavaScript) posts without redirectTo and stays on the page.
    const inPage = await app.request("/resources/theme", { method: "POST", body: new URLSearchParams({ theme: "light" }), redirect: "manual" });
    expect(inPage.status).toBe(200);
    expect(inPage.headers.get("set-cookie")).toMatch(/^theme=light;/);
    // Through the one write path (utils/write.server.ts): its reply, with the catalogue's words.
    expect(await inPage.json()).toEqual({ ok: true, toast: MESSAGES.themeSaved, data: { theme: "light" } });
    const dark = await app.request("/", { headers: { Cookie: "theme=dark" } });
    expect(await dark.text()).toContain('<html lang="en" class="dark"');
  });

  it("shows the error screen, not a stack trace, when the database is gone", async () => {
    await app.query("alter table tools rename to tools_gone");
    try {
      // /tools always queries the database (the home page's catalogue reads are cached).
      const { response, body } = await app.html("/tools");
      expect(response.status).toBe(500);
      expect(body).toContain("Something went wrong");
      expect(body).not.toMatch(/at .*\.js:\d+/);
      const health = await app.request("/api/health");
      expect(health.status).toBe(200);
    } finally {
      await app.query("alter table tools_gone rename to tools");
    }
  });
});
