import { matchRoutes, type RouteObject } from "react-router";
import { beforeAll, expect, it } from "vitest";
import routes from "../../app/routes";
import { SECTION_SITEMAPS } from "~/lib/seo/sitemaps";
import { createVerifiedUser, get, post } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { routeIdOf, routesWithParts } from "../support/routes-with-parts";
import { comparable } from "../support/filled-pages";

/**
 * The equivalence of a kept page filled with a reader's parts and the page rendered for that reader (decisions 054,
 * 066), for every page route of app/routes.ts whose module renders a part (tests/support/routes-with-parts.ts derives
 * them from the route list and the modules' imports). A part added to another page adds that page here, with no line
 * of this file changed. Each route is asked at one real address: its own path, or for a route with parameters the
 * first address of the sitemaps that React Router routes to it.
 */

type RouteEntry = { id?: string; file: string; path?: string; index?: boolean; children?: RouteEntry[] };
const withIds = (entries: RouteEntry[]): RouteObject[] =>
  entries.map((entry) => ({ id: routeIdOf(entry), path: entry.path, index: entry.index, children: entry.children && withIds(entry.children) }) as RouteObject);
const ROUTES = withIds(routes as RouteEntry[]);

/** The route id an address lands on, as React Router matches it. */
const leafRouteOf = (pathname: string) => matchRoutes(ROUTES, pathname)?.at(-1)?.route.id;

/** Keeps a page for anonymous visitors (a page with a query is kept on its second request). */
async function keep(app: TestApp, path: string) {
  for (let i = 0; i < 2; i++) await get(app, path);
  expect((await get(app, path)).headers.get("x-cache"), `${path} kept`).toBe("HIT");
}

const ROUTES_WITH_PARTS = routesWithParts();

describeEachBackend(
  "every page with parts, filled for a reader, is the page rendered for them",
  (app) => {
    let reader: { cookie: string };
    let sitemapAddresses: string[] = [];

    beforeAll(async () => {
      reader = await createVerifiedUser(app, { name: "Equivalent Reader" });
      // Personal data on every kind of page: a saved tool, a followed category, a saved article, a review.
      const writes: [string, Record<string, string>][] = [
        ["/tools/chatgpt", { intent: "favorite", favorite: "true", redirectTo: "/tools" }],
        ["/tools/category/ai-assistant", { intent: "follow", follow: "true", redirectTo: "/tools/category/ai-assistant" }],
        ["/blog/midjourney-vs-dall-e", { intent: "bookmark", slug: "midjourney-vs-dall-e", saved: "true" }],
      ];
      for (const [path, fields] of writes) expect((await post(app, path, fields, { cookie: reader.cookie })).status, path).toBe(302);
      for (const sitemap of SECTION_SITEMAPS) {
        const xml = await (await get(app, sitemap.path)).text();
        sitemapAddresses.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!.replaceAll("&amp;", "&")).pathname));
      }
      sitemapAddresses = [...new Set(sitemapAddresses)];
    });

    it("derives a non-empty list from app/routes.ts: the tool page and the directory are in it", () => {
      expect(ROUTES_WITH_PARTS.map((route) => route.id)).toEqual(expect.arrayContaining(["routes/home", "routes/tools", "routes/tools.detail"]));
    });

    it.each(ROUTES_WITH_PARTS.map((route) => [route.id, route]))("%s", async (id, route) => {
      const address = route.path.includes(":") ? sitemapAddresses.find((pathname) => leafRouteOf(pathname) === id) : `/${route.path}`;
      expect(address, `an address of ${id} (${route.path}) in the sitemaps`).toBeDefined();
      // With a query, so that the reader's first request is rendered for them (a page with a query is kept from its
      // second request on), then served to them from the kept page with their parts.
      const path = `${address}?ref=parts`;
      const rendered = await get(app, path, reader.cookie);
      expect(rendered.headers.get("x-cache"), "rendered for the reader before the page is kept").toBeNull();
      const own = await rendered.text();
      await keep(app, path);
      const served = await get(app, path, reader.cookie);
      expect(served.headers.get("x-cache"), `${path} served with the reader's parts`).toBe("PERSONAL-PARTS");
      const html = await served.text();
      expect(html).toContain('id="personal-data"');
      expect(comparable(html)).toBe(comparable(own));
    });
  },
  { only: ["pglite"] },
);
