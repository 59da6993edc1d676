import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { loadEditorialContent } from "../../app/models/content/load.server";
import { uniqueIp } from "../support/accounts";
import { BASE_URL, describeEachBackend, type TestApp } from "../support/app";
import { ONE_BACKEND } from "../support/sample";
import { projectRoot } from "../support/paths";

const escapeHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

/** The reference for the team: the authors file itself, read by the loader the sync uses. */
const { authors } = loadEditorialContent(path.join(projectRoot, "content"));

type Page = { body: string; status: number; headers: Headers };

/** An anonymous visitor of their own (fresh address), so pages come from, and go into, the page cache. */
async function visit(app: TestApp, pathname: string): Promise<Page> {
  const response = await app.request(pathname, { headers: { "X-Forwarded-For": uniqueIp() } });
  return { body: (await response.text()).replaceAll("<!-- -->", ""), status: response.status, headers: response.headers };
}

const h1Of = (body: string) => body.match(/<h1[^>]*>(.*?)<\/h1>/s)?.[1];
const titleOf = (body: string) => body.match(/<title>(.*?)<\/title>/s)?.[1];
const canonicalOf = (body: string) => [...body.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((match) => match[1]);
const robotsOf = (body: string) => body.match(/<meta name="robots" content="([^"]+)"/)?.[1];
const jsonLd = (body: string) => [...body.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
const links = (body: string) => new Set([...body.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => match[1]!));
/** The levels of the page's headings in order: each may go at most one level deeper than the one before. */
const headingLevels = (body: string) => [...body.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]));

const PAGES = [
  { path: "/about", h1: "About AI Tools Atlas", title: "About Us | AI Tools Atlas", crumb: "About", canonical: "/about", type: "Organization" },
  { path: "/terms", h1: "Terms of Service", title: "Terms of Service | AI Tools Atlas", crumb: "Terms of Service", canonical: "/terms", type: "WebPage" },
  { path: "/privacy", h1: "Privacy Policy", title: "Privacy Policy | AI Tools Atlas", crumb: "Privacy Policy", canonical: "/privacy", type: "WebPage" },
  {
    path: "/affiliate-disclosure",
    h1: "Affiliate Disclosure",
    title: "Affiliate Disclosure | AI Tools Atlas",
    crumb: "Affiliate Disclosure",
    canonical: "/affiliate-disclosure",
    type: "WebPage",
  },
];

/** Spec part 2 §2.8: where the not-found page sends a visitor. */
const NOT_FOUND_LINKS = [
  "/tools",
  "/tools/category/ai-assistant",
  "/tools/category/content-writing",
  "/tools/category/image-generation",
  "/tools/category/productivity",
  "/",
  "/blog",
  "/tools/comparison",
  "/contact",
];

describeEachBackend(
  "static pages",
  (app) => {
    it.each(PAGES)("$path answers 200 with its heading, title, canonical URL and structured data", async (page) => {
      const { status, body } = await visit(app, page.path);
      expect(status).toBe(200);
      expect(h1Of(body)).toBe(page.h1);
      expect(titleOf(body)).toBe(page.title);
      expect(body).toMatch(/<meta name="description" content="[^"]{50,}"/);
      expect(canonicalOf(body)).toEqual([BASE_URL + page.canonical]);
      expect(robotsOf(body)).toBeUndefined();
      const blocks = jsonLd(body);
      const main = blocks.find((block) => block["@type"] === page.type);
      expect(main).toMatchObject({ "@context": "https://schema.org", url: page.type === "Organization" ? `${BASE_URL}/` : BASE_URL + page.canonical });
      // The visible trail and the structured one end at the page.
      expect(blocks.find((block) => block["@type"] === "BreadcrumbList")).toMatchObject({ itemListElement: [{ item: `${BASE_URL}/` }, { item: BASE_URL + page.canonical }] });
      expect(body).toMatch(new RegExp(`<nav aria-label="Breadcrumb".*?<span aria-current="page"[^>]*>${page.crumb}</span>`, "s"));
      // Headings descend one level at a time.
      const levels = headingLevels(body.slice(body.indexOf('<main id="main"')));
      expect(levels[0]).toBe(1);
      for (let index = 1; index < levels.length; index++) expect(levels[index], `heading ${index}`).toBeLessThanOrEqual(levels[index - 1]! + 1);
    });

    // Spec part 1 §2.2 sends the long forms to the canonical page with a 301, which also serves them (part 2 §2.1).
    it.each([
      ["/terms-of-service", "/terms", "Terms of Service"],
      ["/tos", "/terms", "Terms of Service"],
      ["/privacy-policy", "/privacy", "Privacy Policy"],
    ])("%s is the page %s, reached by a permanent redirect", async (alias, canonical, h1) => {
      const response = await app.request(alias, { redirect: "manual" });
      expect(response.status).toBe(301);
      expect(response.headers.get("location")).toBe(canonical);
      const page = await visit(app, response.headers.get("location")!);
      expect([page.status, h1Of(page.body), canonicalOf(page.body)]).toEqual([200, h1, [BASE_URL + canonical]]);
    });

    it("dates the legal pages: the terms and disclosure 23 November 2026, the privacy policy 26 November 2026", async () => {
      for (const [pathname, date, spoken] of [
        ["/terms", "2026-11-23", "23 November 2026"],
        ["/privacy", "2026-11-26", "26 November 2026"],
        ["/affiliate-disclosure", "2026-11-23", "23 November 2026"],
      ] as const) {
        const { body } = await visit(app, pathname);
        expect(body, pathname).toContain(`Last updated <time dateTime="${date}">${spoken}</time>`);
        expect(
          jsonLd(body).find((block) => block["@type"] === "WebPage"),
          pathname,
        ).toMatchObject({ dateModified: date });
      }
    });

    it("names the real controls of the privacy rights: Account Settings, its download and delete buttons", async () => {
      const { body } = await visit(app, "/privacy");
      expect(links(body)).toContain("/settings");
      expect(links(body)).toContain("/contact");
      // The labels the settings page really uses.
      const settings = readFileSync(path.join(projectRoot, "app/routes/settings.tsx"), "utf8");
      for (const label of ["Download my data", "Delete my account", "Account Settings", "Where you're signed in"]) {
        expect(settings, label).toContain(label);
        expect(body.replaceAll("’", "'"), label).toContain(label);
      }
      for (const promise of ["within one month", "GDPR", "CCPA", "children under 13"]) expect(body, promise).toContain(promise);
      // The session limit the server enforces (SESSION_MAX_AGE_DAYS, 90 by default) and how reset links are kept.
      expect(body).toContain("never beyond 90 days after you signed in");
      expect(body).toContain("of a reset link we store only a one-way hash (SHA-256)");
    });

    it("lists every author of content/authors.json on the about page, with the Organization founded the day the catalogue opened and no claim of testing", async () => {
      const { body } = await visit(app, "/about");
      expect(authors.length).toBeGreaterThan(0);
      for (const author of authors) {
        expect(body).toContain(`<h3 class="text-lg font-semibold">${author.name}</h3>`);
        // As the HTML prints it: a reading page carries no loader data with the raw text (decision 049).
        expect(body).toContain(escapeHtml(author.bio));
      }
      const organization = jsonLd(body).find((block) => block["@type"] === "Organization")!;
      const [opening] = await app.query<{ opened: string }>("select min(added_at)::text as opened from tools");
      const opened = opening!.opened;
      expect(organization).toMatchObject({ name: "AI Tools Atlas", foundingDate: opened });
      // Members are the named editors; the editorial team as a whole (the shipped byline, issue 26) is the Organization itself.
      const people = authors.filter((author) => author.kind === "person");
      if (people.length) expect(organization.member).toEqual(people.map((author) => ({ "@type": "Person", name: author.name })).sort((a, b) => a.name.localeCompare(b.name)));
      else expect(organization.member).toBeUndefined();
      expect(body).not.toMatch(/test(s|ed)? (the )?tools|use the tools|try each tool/i);
      for (const value of ["Transparency", "Accuracy", "Integrity", "Accessibility"]) expect(body).toContain(`>${value}</h3>`);
      expect(links(body)).toContain("/affiliate-disclosure");
      expect(links(body)).toContain("/contact");
    });

    it("links the affiliate disclosure to /contact, /tools and /blog, and explains /go/ links", async () => {
      const { body } = await visit(app, "/affiliate-disclosure");
      for (const href of ["/contact", "/tools", "/blog"]) expect(links(body), href).toContain(href);
      expect(body).toContain("/go/");
      expect(body).toContain("sponsored nofollow");
    });

    it("keeps every static page in the page cache for anonymous visitors, the about page's client data too", async () => {
      for (const pathname of [...PAGES.map((page) => page.path), "/about.data"]) {
        await visit(app, pathname);
        const again = await visit(app, pathname);
        expect(again.headers.get("x-cache"), pathname).toBe("HIT");
      }
    });

    it.each(["/404", "/no/such/page"])("%s answers 404 with noindex, canonical /404 and the links of spec §2.8", async (pathname) => {
      const { status, body, headers } = await visit(app, pathname);
      expect(status).toBe(404);
      expect(headers.get("x-cache")).not.toBe("HIT");
      expect(robotsOf(body)).toMatch(/^noindex\b/);
      expect(canonicalOf(body)).toEqual([`${BASE_URL}/404`]);
      expect(h1Of(body)).toBe("Page not found");
      for (const href of NOT_FOUND_LINKS) expect(links(body), href).toContain(href);
      // Go Back needs JavaScript and a previous page: the server never renders a button that would do nothing.
      expect(body).not.toContain("Go Back");
    });
  },
  ONE_BACKEND,
);
