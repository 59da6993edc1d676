import { beforeAll, describe, expect, it } from "vitest";
import { CACHE_CLASSES, type CacheClass } from "~/lib/route-handle";
import { uniqueIp } from "../support/accounts";
import { describeEachBackend } from "../support/app";
import { serverBuildPath } from "../support/paths";
import { routePaths } from "../support/routes";

/**
 * Each route declares its cache class (decision 067), read by the page cache from the server build's route tree.
 * The addresses here are made from app/routes.ts, so a new route is walked without touching this file.
 */
type Built = {
  routes: Record<string, { id: string; module: { handle?: { cache?: unknown } } } | undefined>;
  routeCacheClasses: (routes: unknown) => (pathname: string) => CacheClass;
};
let built: Built;
beforeAll(async () => {
  built = (await import(serverBuildPath)) as Built;
});

/** The list of paths the page cache never kept before the declarations (fe615cf's server/page-cache-step.ts). */
const FORMER_PERSONAL_PATHS = /^\/(api|auth|profile|favorites|my-reviews|settings|uploads|resources\/theme|images|go|admin)(\/|\.|$)/;

/** An address of each route: its pattern with a value for each parameter, an optional one left out. */
const addressOf = (pattern: string) =>
  `/${pattern
    .replace(/\/:[\w-]+\?/g, "")
    .replace(/:[\w-]+/g, "x")
    .replace(/\*$/, "x/y")}`;

describe("route cache classes", () => {
  it("are declared by every route of the build, each one of the three", () => {
    const undeclared = Object.values(built.routes)
      .filter((route) => route && route.id !== "root" && !CACHE_CLASSES.includes(route.module.handle?.cache as CacheClass))
      .map((route) => route!.id);
    expect(undeclared).toEqual([]);
    expect(Object.keys(built.routes).length).toBeGreaterThan(routePaths.length);
  });

  it("classify representative addresses as pinned here, a client navigation's data as its page", () => {
    const classOf = built.routeCacheClasses(built.routes);
    const pinned: Record<CacheClass, string[]> = {
      "shared-with-personal-parts": [
        "/",
        "/_.data",
        "/tools",
        "/tools.data",
        "/tools?search=chat",
        "/tools/chatgpt",
        "/tools/chatgpt/alternatives",
        "/tools/category/ai-assistant",
        "/tools/compare/a-vs-b",
        "/search",
        "/blog",
        "/blog/x",
        "/courses/platform/x/category/y",
        "/resources/ai-tools-comparison-matrix",
        "/newsletter/x",
        "/about",
      ],
      shared: ["/feed.xml", "/feed/blog.xml", "/sitemap.xml", "/robots.txt", "/llms.txt", "/tools/comparison.csv", "/og/x", "/badges/x.svg", "/contact", "/submit"],
      personal: [
        "/profile",
        "/favorites",
        "/my-reviews",
        "/settings",
        "/settings/export",
        "/auth",
        "/auth/sign-out",
        "/api/search",
        "/mcp",
        "/api/reviews/1/helpful",
        "/uploads/a/b.webp",
        "/resources/theme",
        "/images/tools/x.png",
        "/go/tool/chatgpt",
        "/admin",
        "/admin.data",
        "/admin/roles",
        "/admin/proofs/1/image",
        "/dashboard/bookmarks",
        "/verification/run",
        "/newsletter/unsubscribe?token=x",
        "/unsubscribe/alerts?token=x",
        "/404",
        "/no-such-page",
        "/api/no-such-thing",
        "/admin/no-such-page",
      ],
    };
    for (const [expected, addresses] of Object.entries(pinned)) for (const address of addresses) expect([address, classOf(address)]).toEqual([address, expected]);
  });

  it("never keep what the former list of personal paths never kept; the only addresses it allowed that are not kept now are never kept anyway", () => {
    const classOf = built.routeCacheClasses(built.routes);
    const addresses = [...new Set(routePaths.map(addressOf))].flatMap((address) => [address, `${address === "/" ? "/_" : address}.data`]);
    const nowKept = addresses.filter((address) => classOf(address) !== "personal");
    expect(nowKept.filter((address) => FORMER_PERSONAL_PATHS.test(address))).toEqual([]);
    // A sign-in redirect for anonymous visitors, JSON, and the not-found page (404): none was ever kept (200, a kept type).
    // The two unsubscribe pages were kept, per token: they show the address a token is for, which is no shared page's to
    // hold (nor a CDN's), and a kept one went on offering to unsubscribe an address already unsubscribed. A tool's claim
    // page (issue 45) came after the list: it is a signed-in reader's own, and a sign-in redirect for anyone else; so are
    // the maker's pages, /maker and /maker/tools/<slug> (issue 45, decision 084), and a proposed logo's image, which only
    // editors and the maker who proposed it may see. The MCP server (issue 46) answers JSON-RPC to POSTs, and its GET a 405.
    // The open-data files (/data/<file>, issue 46): a 2 MB file read from disk, which browsers and CDNs keep an hour and
    // the page cache does not hold in memory. A reader's shortlists (issue 47), their print pages and CSV are theirs
    // alone, and a shared list's link (/s/<token>) stops working the moment its owner stops sharing: never kept.
    const formerlyKept = addresses.filter((address) => !FORMER_PERSONAL_PATHS.test(address) && classOf(address) === "personal");
    expect(formerlyKept).toEqual([
      "/tools/x/claim",
      "/tools/x/claim.data",
      "/maker",
      "/maker.data",
      "/maker/tools/x",
      "/maker/tools/x.data",
      "/maker/proposals/x/logo",
      "/maker/proposals/x/logo.data",
      "/dashboard/bookmarks",
      "/dashboard/bookmarks.data",
      "/mcp",
      "/mcp.data",
      "/shortlists",
      "/shortlists.data",
      "/shortlists/add",
      "/shortlists/add.data",
      "/shortlists/x",
      "/shortlists/x.data",
      "/shortlists/x/print",
      "/shortlists/x/print.data",
      "/shortlists/x/export.csv",
      "/shortlists/x/export.csv.data",
      "/s/x",
      "/s/x.data",
      "/s/x/print",
      "/s/x/print.data",
      "/s/x/export.csv",
      "/s/x/export.csv.data",
      "/data/x",
      "/data/x.data",
      "/newsletter/unsubscribe",
      "/newsletter/unsubscribe.data",
      "/unsubscribe/alerts",
      "/unsubscribe/alerts.data",
      "/verification/run",
      "/verification/run.data",
      "/404",
      "/404.data",
      "/x/y",
      "/x/y.data",
    ]);
  });
});

describeEachBackend("route cache classes at work", (app) => {
  it("keep no answer of a route the former list allowed and its declaration does not: a sign-in redirect, a 404", async () => {
    for (const address of ["/dashboard/bookmarks", "/no-such-page"]) {
      const answers = [];
      for (let i = 0; i < 2; i++) answers.push(await app.request(address, { headers: { "X-Forwarded-For": uniqueIp() } }));
      expect(answers.map((answer) => [answer.status, answer.headers.get("x-cache")])).toEqual(
        address === "/no-such-page"
          ? [
              [404, null],
              [404, null],
            ]
          : [
              [302, null],
              [302, null],
            ],
      );
    }
  });
});
