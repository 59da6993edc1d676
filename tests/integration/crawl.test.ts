import { expect, it } from "vitest";
import { describeEachBackend } from "../support/app";

/**
 * Every page reachable from the home page by internal links, each path once (queries dropped), and the
 * status each link target answers. No link may lead to a missing page.
 */

/**
 * Paths that are files, endpoints or personal pages rather than pages to crawl. /go/... links are followed (each must
 * redirect, not 404) but their external destinations are not.
 */
const SKIPPED = /^\/(api|uploads|images|assets|resources\/theme|auth\/sign-out|settings\/export)(\/|$)|\.(csv|png|svg|xml|json|txt)$/;

describeEachBackend("a crawl of every internal link from the home page", (app) => {
  it("finds no link to a missing page (the blog's included)", { timeout: 240_000 }, async () => {
    // Each path is fetched once; `linkedFrom` remembers the first page linking to it.
    const linkedFrom = new Map<string, string>([["/", "(start)"]]);
    const queue = ["/"];
    const broken = new Map<string, string>();
    while (queue.length) {
      const path = queue.shift()!;
      const response = await app.request(path, { redirect: "manual" });
      if (response.status === 404) {
        broken.set(path, linkedFrom.get(path)!);
        continue;
      }
      const location = response.headers.get("location");
      const body = response.status === 200 ? await response.text() : "";
      const targets = [...body.matchAll(/<a [^>]*href="(\/[^"#?]*)[^"]*"/g)].map((match) => match[1]!.replaceAll("&amp;", "&"));
      if (location?.startsWith("/")) targets.push(location.split(/[?#]/)[0]!);
      for (const target of targets) {
        if (target.startsWith("//") || SKIPPED.test(target) || linkedFrom.has(target)) continue;
        linkedFrom.set(target, path);
        queue.push(target);
      }
    }
    const seen = [...linkedFrom.keys()];
    expect(Object.fromEntries(broken)).toEqual({});
    // It really walked the site: every tool, category and article page.
    expect(seen.filter((path) => path.startsWith("/blog/")).length).toBeGreaterThanOrEqual(16);
    expect(seen.filter((path) => /^\/tools\/[a-z0-9-]+$/.test(path)).length).toBeGreaterThanOrEqual(60);
    // Every course category and platform page, and their pairs.
    expect(seen.filter((path) => /^\/courses\/(category|platform)\/[a-z0-9-]+$/.test(path)).length).toBe(10);
    expect(seen.filter((path) => /^\/courses\/platform\/[a-z0-9-]+\/category\/[a-z0-9-]+$/.test(path)).length).toBe(24);
    // Including the growth pages and every outbound redirect.
    for (const path of ["/courses", "/deals", "/contact", "/newsletter", "/about", "/privacy", "/terms", "/affiliate-disclosure", "/support", "/startup-toolkit"]) {
      expect(seen, path).toContain(path);
    }
    expect(seen.filter((path) => path.startsWith("/go/")).length).toBeGreaterThanOrEqual(60);
  });
});
