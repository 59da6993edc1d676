import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { firstLoadFiles, kb, measure, readManifest, routeIdsFor } from "../../scripts/first-load.js";
import { describeEachBackend } from "../support/app";
import { ONE_BACKEND } from "../support/sample";
import { projectRoot } from "../support/paths";

/**
 * First-load JavaScript budgets (issue 12), read from the build's React Router manifest: what a first
 * visit to each page downloads before it is interactive, gzip -9. Byte sizes are deterministic, so
 * going over is a failure, not a flake.
 *
 * The issue asks for 100 KB gzip. React DOM 19 and React Router 8 alone, in one chunk, are 105 KB
 * gzip (91 KB brotli), so no page can meet that: each budget is the page's first load in this build
 * plus about 1.5 KB of room. Lower a budget when a change makes its page lighter.
 */
const BUDGETS = [
  // 126 KB before the marketing sections of issue 15, which may add at most 5 KB (they add 4.0: deal
  // cards with the coupon Copy button, partner cards, the writing tools table). The newsletter box of every
  // page's footer (issue 16, one form posting in place) adds 0.9-1.3 KB to every page, this one included.
  // Issue 18's mobile featured-tool carousel (spec part 1 §2.3: touch swipe, wrap, buttons) and the category
  // icons took the home page 0.9 KB past its budget; the logo and category icon, moved into the `card` chunk,
  // cost the category page 0.1 KB and the site search 0.4 KB more than their room.
  // Issue 26 (prices with their terms, ratings with their basis) adds 0.1-1.3 KB to the pages that print prices and
  // ratings: the terms grammar of lib/tool/pricing, the rating and provenance words (lib/words.ts, 0.5 KB), and two
  // routes' manifest entries (/how-we-review, /admin/prices) on every page.
  // Issue 30 (decision 050): the wide tables' scroll box in the shell (it was a request of its own on five pages) and
  // primary buttons marked for the 44 px target rule add about 0.1 KB to every page, 0.2 KB to those with a table.
  { page: "/", route: "routes/home", gzipKB: 134.4 },
  // Main at 8df75db (after issue 18's brand marks and carousel) was already over these four budgets by 0.1-1.0 KB
  // (/tools 130.7, category 130.8, tool page 138.5, /sitemap-download 125.0); the alternatives route adds one
  // manifest entry (about 0.1 KB on every page) and the tool page's link to it.
  // Issue 30: see the home page.
  { page: "/tools", route: "routes/tools", gzipKB: 132.4 },
  // Issue 27: Follow on the category page (a fetcher form with its optimistic state, 0.6 KB), and four routes'
  // manifest entries on every page (/changes, its feed, /admin/prices/<slug>, /unsubscribe/alerts: 0.1-0.2 KB).
  // Issue 29 (the category's verdict pairs, tools from secondary categories) adds 1.3 KB.
  // Main at a8641f6 was at 134.4, 0.1 KB over; issue 30: see the home page.
  { page: "/tools/category/ai-assistant", route: "routes/tools.category", gzipKB: 134.5 },
  // Moderation (issue 19, decision 023) adds about 2 KB: replies under each review with the editor's and maker's
  // form, the author's proof-of-use form (both disclosures that work without JavaScript), the verified filter.
  // Issue 27 adds 3.2 KB: Watch beside Add to Favorites (a fetcher form with optimistic state), the Pricing history
  // timeline and its change sentences (lib/tool/change-words, with the link-health words a dark site is told in).
  // Issue 29 adds 1.4 KB: the tool's tasks with their reasons, its verdict pairs and 'Also in' its secondary categories.
  // Issue 30: see the home page (the plans table is in the scroll box).
  { page: "/tools/chatgpt", route: "routes/tools.detail", gzipKB: 145.7 },
  // Issue 18's alternatives page: tool cards and a GET filter form, nothing of its own to run.
  // Issue 27's four route manifest entries (see the category page) took it 0.1 KB past its room.
  // Issue 30: see the home page.
  { page: "/tools/surfer-seo/alternatives", route: "routes/tools.alternatives", gzipKB: 126 },
  { page: "/tools/comparison", route: "routes/tools.comparison", gzipKB: 131 },
  { page: "/blog", route: "routes/blog", gzipKB: 124.4 },
  // Issue 30: see the home page.
  { page: "/blog/midjourney-vs-dall-e", route: "routes/blog.post", gzipKB: 126.6 },
  // Issue 27's four route manifest entries (see the category page) took it 0.1 KB past its room.
  // Issue 30: see the home page.
  { page: "/search", route: "routes/search", gzipKB: 129.1 },
  // Issue 17's shell additions (the ?mode= diagnostics, the one-reload chunk recovery, the sampled and lazily
  // loaded web-vitals reporter, the catalogue's IndexNow messages) add 0.8 KB to every page.
  // Issue 29's /tasks and /tasks/<slug> manifest entries and the palette's Tasks entry: about 0.1-0.2 KB on every page.
  // Issue 30: see the home page.
  { page: "/resources/ai-tools-comparison-matrix", route: "routes/resources.ai-tools-comparison-matrix", gzipKB: 123.8 },
  // The audience pages' courses section (the course card, now its own chunk shared with /courses) adds 1.9 KB
  // to them and 0.5 KB to /courses, which no longer has the card inside its route chunk.
  { page: "/startup-toolkit", route: "startup-toolkit", gzipKB: 129.3 },
  { page: "/courses", route: "courses", gzipKB: 128.3 },
  { page: "/courses/category/ai", route: "courses-category", gzipKB: 128.3 },
  // The owner's sitemap tools (issue 17): the validator (fast-xml-parser) loads only when the files are checked.
  { page: "/sitemap-download", route: "routes/sitemap-download", gzipKB: 125.3 },
  // Its IndexNow submissions are the admin area's one table component (issue 25): the table's chunk and the
  // numbered pages it imports (the `listing` chunk) add 2.1 KB to a page that had no room left.
  { page: "/sitemap-dashboard", route: "routes/sitemap-dashboard", gzipKB: 127.3 },
];

const clientDir = path.join(projectRoot, "build/client");
const manifest = readManifest(clientDir);
const pages = BUDGETS.map((budget) => {
  const routeIds = routeIdsFor(manifest, budget.page);
  const files = firstLoadFiles(manifest, routeIds);
  const size = measure(clientDir, files);
  return { ...budget, routeIds, files, count: files.length, gzip: kb(size.gzip), brotli: kb(size.brotli), raw: kb(size.raw) };
});
console.log(
  `First-load JavaScript:\n${pages.map((page) => `  ${page.page.padEnd(30)} ${page.gzip} KB gzip, ${page.brotli} KB brotli, ${page.raw} KB raw, ${page.count} files`).join("\n")}`,
);

describe("first-load JavaScript budget", () => {
  it.each(pages)("$page: $gzip KB gzip ($brotli KB brotli, $count files), budget $gzipKB KB gzip", (page) => {
    expect(page.routeIds).toEqual(["root", page.route]);
    expect(page.gzip).toBeLessThanOrEqual(page.gzipKB);
  });

  it("keeps what a first view does not need out of the first load", () => {
    // Loaded on demand (import()): sonner with the first toast, Radix with a dialog, menu or popover,
    // cmdk with the command palette. Icons are a sprite, not script.
    const markers = { sonner: "data-sonner-toaster", Radix: "radix-", cmdk: "cmdk-", "lucide-react": "lucide" };
    const found = [...new Set(pages.flatMap((page) => page.files))].flatMap((file) => {
      const code = readFileSync(path.join(clientDir, file), "utf8");
      return Object.entries(markers)
        .filter(([, marker]) => code.includes(marker))
        .map(([library]) => `${library} in ${file}`);
    });
    expect(found).toEqual([]);
  });
});

// The manifest's list is what the pages really preload.
describeEachBackend(
  "first-load JavaScript as the pages preload it",
  (app) => {
    it.each(pages)("$page preloads exactly the manifest's first-load files", async ({ page, files }) => {
      const { body } = await app.html(page);
      const preloaded = [...body.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)].map((match) => match[1]);
      expect(preloaded.sort()).toEqual([...files].sort());
    });
  },
  ONE_BACKEND,
);
