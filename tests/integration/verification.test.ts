import { readdirSync } from "node:fs";
import { expect, it } from "vitest";
import type { CheckResult } from "~/lib/vitals/verification";
import { describeEachBackend } from "../support/app";
import { ONE_BACKEND } from "../support/sample";

describeEachBackend(
  "/verification: the server's checks and the diagnostic pages",
  (app) => {
    it("finds the site's files and key pages in order, requesting them in process", async () => {
      const response = await app.request("/verification/run", { headers: { "X-Forwarded-For": "203.0.113.90" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, max-age=60");
      const run = (await response.json()) as { checks: CheckResult[] };
      expect(run.checks.map((check) => check.id)).toEqual(["assets", "sitemaps", "feeds", "robots", "pages"]);
      expect(run.checks.flatMap((check) => check.issues)).toEqual([]);
      const info = run.checks.flatMap((check) => check.info).join("\n");
      // The tools feed lists the tools we rated: one per in-depth review (issue 26).
      for (const text of [
        "/favicon.svg: static file",
        "/manifest.json: static file",
        "/sitemap-index.xml: valid",
        `/feed/tools.xml: ${readdirSync("content/reviews").length} items`,
        '/tools: "',
        "/courses: ",
      ]) {
        expect(info).toContain(text);
      }
    });

    it("limits runs per address (429 with Retry-After)", async () => {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let index = 0; index < 11; index++) {
        last = await app.request("/verification/run", { headers: { "X-Forwarded-For": "203.0.113.91" } });
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
      expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    });

    it("keeps /verification, /test1, /test2 and ?mode= pages out of the index and the sitemaps, and mode pages apart in the page cache", async () => {
      for (const path of ["/verification", "/test1", "/test2", "/?mode=minimal", "/tools?mode=step-test", "/?mode=loading-test"]) {
        const { response, body } = await app.html(path);
        expect(response.status, path).toBe(200);
        expect(body, path).toMatch(/<meta name="robots" content="noindex/);
      }
      const sitemaps = await Promise.all(["/sitemap.xml", "/sitemap-tools.xml", "/sitemap-blog.xml", "/sitemap-courses.xml"].map(async (path) => (await app.request(path)).text()));
      for (const path of ["/verification", "/test1", "/test2", "mode="]) expect(sitemaps.join("\n")).not.toContain(path);
      // The plain page, asked for after its minimal variant (twice, so the variant is stored), still has its scripts.
      await app.request("/?mode=minimal");
      const minimal = await (await app.request("/?mode=minimal")).text();
      expect(minimal).not.toContain('type="module"');
      const plain = await (await app.request("/")).text();
      expect(plain).toContain('type="module"');
      expect(plain).not.toMatch(/<meta name="robots" content="noindex/);
    });

    it("lets only the minimal variant be framed, by our own pages", async () => {
      const minimal = await app.request("/?mode=minimal");
      expect(minimal.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
      expect(minimal.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      const plain = await app.request("/?mode=step-test");
      expect(plain.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(plain.headers.get("x-frame-options")).toBe("DENY");
    });
  },
  ONE_BACKEND,
);
