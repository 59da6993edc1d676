import path from "node:path";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { BLOG_PAGE_SIZE } from "../../app/lib/blog/blog-filters";
import { loadEditorialContent, renderPost } from "../../app/models/content/load.server";
import { createVerifiedUser, post, uniqueIp } from "../support/accounts";
import { describeEachBackend } from "../support/app";
import { ONE_BACKEND } from "../support/sample";
import { projectRoot } from "../support/paths";

/** The page of a load-more listing that shows all `count` items. */
const allPages = (count: number) => Math.max(1, Math.ceil(count / BLOG_PAGE_SIZE));

/** The reference: the article files themselves, read by the same loader the sync uses. */
const { posts } = loadEditorialContent(path.join(projectRoot, "content"));
const newestFirst = [...posts].sort((a, b) => b.published.localeCompare(a.published) || a.slug.localeCompare(b.slug));

/** Article slugs a list page shows, in order. */
const listed = (body: string) => [...body.matchAll(/<article data-post-slug="([^"]+)"/g)].map((match) => match[1]!);

const allTags = [...new Set(posts.flatMap((post) => post.tags))].sort();
const CATEGORIES = ["ai-tools", "machine-learning", "business", "content-creation", "cybersecurity", "education", "tutorials"];

describeEachBackend(
  "the blog",
  (app) => {
    it("lists every article, the featured one first, six a page, with Load More adding pages", async () => {
      const first = await app.html("/blog");
      expect(first.response.status).toBe(200);
      const featured = posts.find((post) => post.featured)!;
      expect(listed(first.body)[0]).toBe(featured.slug);
      expect(listed(first.body)).toHaveLength(6);
      expect(first.body).toContain(`${posts.length} articles`);
      expect(first.body).toContain(">Load More<");
      const all = await app.html(`/blog?page=${Math.ceil(posts.length / 6)}`);
      expect(listed(all.body)).toEqual([featured.slug, ...newestFirst.filter((post) => post !== featured).map((post) => post.slug)]);
      expect(all.body).not.toContain(">Load More<");
    });

    it("filters by category and by every chosen tag in the database, as the files say", async () => {
      const combos: { query: string; expected: string[] }[] = [];
      for (const category of CATEGORIES)
        combos.push({ query: `category=${category}`, expected: newestFirst.filter((post) => post.category === category).map((post) => post.slug) });
      for (const tag of allTags) combos.push({ query: `tags=${tag}`, expected: newestFirst.filter((post) => post.tags.includes(tag)).map((post) => post.slug) });
      for (const [a, b] of [allTags.slice(0, 2), allTags.slice(2, 4), ["comparison", "guide"]] as [string, string][]) {
        combos.push({ query: `tags=${a},${b}`, expected: newestFirst.filter((post) => post.tags.includes(a) && post.tags.includes(b)).map((post) => post.slug) });
      }
      combos.push({
        query: "category=ai-tools&tags=comparison",
        expected: newestFirst.filter((post) => post.category === "ai-tools" && post.tags.includes("comparison")).map((post) => post.slug),
      });
      for (const { query, expected } of combos) {
        // ?page=N shows the first N pages: the last page shows them all (a page past it is a 404).
        const { body } = await app.html(`/blog?${query}&page=${allPages(expected.length)}`);
        expect(listed(body), query).toEqual(expected);
        if (expected.length === 0) expect(body, query).toContain("No articles found");
      }
    });

    it("searches the full text, best match first, and corrects typos", async () => {
      const exact = await app.html(`/blog?search=${encodeURIComponent("Midjourney vs DALL·E")}`);
      expect(listed(exact.body)[0]).toBe("midjourney-vs-dall-e");
      const typo = await app.html("/blog?search=midjorney");
      expect(listed(typo.body)).toContain("midjourney-vs-dall-e");
      expect(typo.body).toContain("Showing results for <strong>midjourney</strong>");
      const nothing = await app.html("/blog?search=zzqxv");
      expect(nothing.body).toContain("No articles found");
      const blank = await app.html("/blog?search=%20%20");
      expect(listed(blank.body)).toHaveLength(6);
    });

    it("shows an article with its table of contents, FAQ, structured data and cover", async () => {
      const post = posts.find((item) => item.slug === "midjourney-vs-dall-e")!;
      const { response, body } = await app.html(`/blog/${post.slug}`);
      expect(response.status).toBe(200);
      expect(body).toContain(`<h1 class="mt-3 text-3xl font-bold leading-tight sm:text-4xl">${post.title.replaceAll("&", "&amp;")}</h1>`);
      for (const entry of renderPost(post).toc) expect(body).toContain(`href="#${entry.id}"`);
      expect(body).toContain("Professional Review");
      const blocks = [...body.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));
      const article = blocks.find((block) => block["@type"] === "BlogPosting");
      expect(article).toMatchObject({
        headline: post.title,
        datePublished: post.published,
        dateModified: post.lastReviewed,
        author: { "@type": "Organization", name: "AI Tools Atlas editorial team" },
      });
      expect(blocks.find((block) => block["@type"] === "FAQPage").mainEntity).toHaveLength(3);
      expect(blocks.find((block) => block["@type"] === "BreadcrumbList").itemListElement.map((item: { name: string }) => item.name)).toEqual([
        "Home",
        "Blog",
        "AI Tools",
        post.title,
      ]);
      expect(body).toMatch(/<meta property="og:image" content="[^"]+\/images\/posts\/midjourney-vs-dall-e\.png\?v=[0-9a-f]{8}"/);
      expect(body).toContain('<meta property="og:type" content="article"/>');
      expect(body.match(/property="og:type"/g)).toHaveLength(1);
      // The provider's site is linked through our counted redirect, as an affiliate link; the redirect knows the tool.
      expect(body).toContain('<a href="/go/tool/midjourney" target="_blank" rel="sponsored nofollow noopener">midjourney.com</a>');
      expect(body).not.toContain('href="https://www.midjourney.com"');
      const outbound = await app.request("/go/tool/midjourney", { headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/120" } });
      expect([outbound.status, outbound.headers.get("location")]).toEqual([302, expect.stringMatching(/^https:\/\/www\.midjourney\.com/)]);
      const cover = await app.request("/images/posts/midjourney-vs-dall-e.png");
      expect(cover.headers.get("content-type")).toBe("image/png");
      const pngBytes = Buffer.from(await cover.arrayBuffer());
      expect(await sharp(pngBytes).metadata()).toMatchObject({ width: 1200, height: 630, format: "png" });
      // The page shows the WebP drawing of the same card (a third of the bytes), the PNG for browsers without WebP.
      expect(body).toContain('<picture><source type="image/webp" srcSet="/images/posts/midjourney-vs-dall-e.webp"/><img src="/images/posts/midjourney-vs-dall-e.png"');
      const webp = await app.request("/images/posts/midjourney-vs-dall-e.webp");
      expect([webp.status, webp.headers.get("content-type"), webp.headers.get("etag")]).toEqual([200, "image/webp", cover.headers.get("etag")]);
      const webpBytes = Buffer.from(await webp.arrayBuffer());
      expect(await sharp(webpBytes).metadata()).toMatchObject({ width: 1200, height: 630, format: "webp" });
      expect(webpBytes.length).toBeLessThan(pngBytes.length / 2);
      expect((await app.request("/images/posts/midjourney-vs-dall-e.gif")).status).toBe(404);
    });

    it("sends other spellings of a slug to the canonical address with a 301", async () => {
      for (const asked of ["Midjourney-VS-Dall-E", "midjourney-vs-dall", "vs-dall-e"]) {
        const response = await app.request(`/blog/${asked}`, { redirect: "manual" });
        expect(response.status, asked).toBe(301);
        expect(response.headers.get("location"), asked).toBe("/blog/midjourney-vs-dall-e");
      }
      // 'ai-tools' is in several slugs: nothing to choose, so not found.
      expect((await app.request("/blog/ai-tools", { redirect: "manual" })).status).toBe(404);
    });

    it("answers an unknown article with 'Article Not Found', the slug and three popular articles", async () => {
      const { response, body } = await app.html("/blog/no-such-article-here");
      expect(response.status).toBe(404);
      expect(body).toContain("Article Not Found");
      expect(body).toContain("no-such-article-here");
      expect(body).toContain('name="robots" content="noindex, follow"');
      const suggestions = [...body.matchAll(/<li class="rounded-xl border p-4"><a href="\/blog\/([^"]+)"[^>]*>[^<]+<\/a><p[^>]*>([^<]*)<\/p>/g)];
      expect(suggestions).toHaveLength(3);
      for (const [, , excerpt] of suggestions) expect(excerpt!.length).toBeLessThanOrEqual(100);
    });

    it("has a page per category with computed counts, and a 404 for an unknown one", async () => {
      for (const category of CATEGORIES) {
        const expected = newestFirst.filter((post) => post.category === category);
        const { body } = await app.html(`/blog/category/${category}?page=${allPages(expected.length)}`);
        expect(listed(body), category).toEqual(expected.map((post) => post.slug));
        expect(body).toContain(`${expected.length} article${expected.length === 1 ? "" : "s"}`);
      }
      const unknown = await app.html("/blog/category/gossip");
      expect(unknown.response.status).toBe(404);
      expect(unknown.body).toContain("Category Not Found");
      expect(unknown.body).toContain("View All Articles");
      expect((await app.html("/blog/category")).body).toContain("Blog Categories");
    });

    it("shows 'Content Loading Error' for an article whose body is missing or a placeholder", async () => {
      await app.query(
        `insert into posts (slug, title, excerpt, category, author_id, published_at, last_reviewed_at, keywords, tags, featured, faq, html, toc, body_text, read_minutes, content_hash)
       values ('coming-soon', 'Coming soon', 'Soon.', 'tutorials', 'editorial-team', '2026-11-01', '2026-11-01', '["soon"]', '[]', false, '[]', '<p>We are preparing this article. Check back soon.</p>', '[]', 'We are preparing this article. Check back soon.', 1, 'x')`,
      );
      const { response, body } = await app.html("/blog/coming-soon");
      expect(response.status).toBe(200);
      expect(body).toContain('data-code="CONTENT_MISSING"');
      expect(body).toContain("Content Loading Error");
      expect(body).not.toContain("We are preparing this article");
      const real = await app.html("/blog/midjourney-vs-dall-e");
      expect(real.body).not.toContain("CONTENT_MISSING");
    });

    it("shows the five newest articles on the home page, the first one wide, two keywords each, and a labelled house slot", async () => {
      const { body } = await app.html("/");
      const section = body.slice(body.indexOf('id="insights-heading"'), body.indexOf('id="why-heading"'));
      expect(listed(section)).toEqual(newestFirst.slice(0, 5).map((post) => post.slug));
      expect(section).toMatch(/<li class="md:col-span-2"><article data-post-slug="[^"]+"/);
      const topics = [...section.matchAll(/<ul class="mt-3 flex flex-wrap gap-1.5" aria-label="Topics">(.*?)<\/ul>/g)].map((match) => (match[1]!.match(/<li/g) ?? []).length);
      expect(topics).toEqual([2, 2, 2, 2, 2]);
      expect(section).toContain("View All Articles");
      expect(section).toContain("Advertisement · our own");
    });

    it("keeps each reader's saved articles to themselves, in the export, and gone with the account", async () => {
      const ann = await createVerifiedUser(app, { name: "Ann Reader" });
      const bob = await createVerifiedUser(app, { name: "Bob Reader" });
      // Without JavaScript: a form post, back to the article.
      const saved = await post(app, "/blog/midjourney-vs-dall-e", { intent: "bookmark", saved: "true" }, { cookie: ann.cookie });
      expect(saved.status).toBe(302);
      expect(saved.headers.get("location")).toBe("/blog/midjourney-vs-dall-e");
      expect((await app.html("/blog/midjourney-vs-dall-e")).body).toMatch(/aria-pressed="false">(?:(?!<\/button>).)*>Save<\/span><\/button>/s);
      const annPage = await app.request("/blog/midjourney-vs-dall-e", { headers: { Cookie: ann.cookie } });
      expect(await annPage.text()).toMatch(/aria-pressed="true">(?:(?!<\/button>).)*>Saved<\/span><\/button>/s);
      // The slug comes from the URL: a posted one cannot save another article.
      await post(app, "/blog/ai-tools-for-students", { intent: "bookmark", saved: "true", slug: "trending-ai-tools" }, { cookie: ann.cookie });
      const imported = await app.request("/api/bookmarks/import", {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: ann.cookie, "X-Forwarded-For": uniqueIp() },
        body: JSON.stringify({ slugs: ["ai-seo-tools-compared", "no-such-article"] }),
      });
      expect(imported.status).toBe(200);

      const dashboard = await app.request("/dashboard/bookmarks", { headers: { Cookie: ann.cookie } });
      expect(listed(await dashboard.text()).sort()).toEqual(["ai-seo-tools-compared", "ai-tools-for-students", "midjourney-vs-dall-e"]);
      const bobs = await app.request("/dashboard/bookmarks", { headers: { Cookie: bob.cookie } });
      expect(await bobs.text()).toContain("No saved articles yet");
      const sidebar = await app.request("/blog", { headers: { Cookie: ann.cookie } });
      expect(await sidebar.text()).toContain("All saved articles");

      const exported = await (await app.request("/settings/export", { headers: { Cookie: ann.cookie } })).json();
      expect(exported.bookmarks.map((bookmark: { article: string }) => bookmark.article).sort()).toEqual([
        "ai-seo-tools-compared",
        "ai-tools-for-students",
        "midjourney-vs-dall-e",
      ]);

      // With JavaScript (React Router's .data request): answered in place.
      const removed = await post(app, "/blog/midjourney-vs-dall-e.data", { intent: "bookmark", saved: "false" }, { cookie: ann.cookie });
      expect(removed.status).toBe(200);
      const [userRow] = await app.query<{ id: string }>("select id from users where email = $1", [ann.email]);
      expect(await app.query("select post_slug from bookmarks where user_id = $1 order by post_slug", [userRow!.id])).toEqual([
        { post_slug: "ai-seo-tools-compared" },
        { post_slug: "ai-tools-for-students" },
      ]);
      await app.query("delete from users where id = $1", [userRow!.id]);
      expect(await app.query("select 1 from bookmarks where user_id = $1", [userRow!.id])).toEqual([]);
    });

    it("asks a signed-out visitor without JavaScript to sign in to save, and keeps the dashboard private", async () => {
      const response = await post(app, "/blog/midjourney-vs-dall-e", { intent: "bookmark", saved: "true" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/^\/auth\?redirectTo=%2Fblog%2Fmidjourney-vs-dall-e/);
      const dashboard = await app.request("/dashboard/bookmarks", { redirect: "manual" });
      expect(dashboard.status).toBe(302);
      expect(dashboard.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    });

    it("says 'Unable to load articles' with Refresh Page when the list cannot be read", async () => {
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      await app.query("alter table posts rename to posts_away");
      try {
        const { response, body } = await app.html("/blog?search=anything-new");
        expect(response.status).toBe(500);
        expect(body).toContain("Unable to load articles");
        expect(body).toContain("Refresh Page");
      } finally {
        await app.query("alter table posts_away rename to posts");
        logged.mockRestore();
      }
    });

    it("counts reads on the server, once per reader and article in ten minutes", async () => {
      const ip = uniqueIp();
      const read = () => app.request("/api/posts/ai-tools-for-students/read", { method: "POST", headers: { "X-Forwarded-For": ip } });
      expect((await read()).status).toBe(200);
      expect((await read()).status).toBe(429);
      expect((await app.request("/api/posts/no-such-post/read", { method: "POST", headers: { "X-Forwarded-For": uniqueIp() } })).status).toBe(200);
      const rows = await app.query<{ post_slug: string; reads: number }>("select post_slug, reads from post_reads");
      expect(rows).toEqual([{ post_slug: "ai-tools-for-students", reads: 1 }]);
    });
  },
  ONE_BACKEND,
);

describe("blog content", () => {
  it("has at least 16 articles across at least six of the seven categories", () => {
    expect(posts.length).toBeGreaterThanOrEqual(16);
    expect(new Set(posts.map((post) => post.category)).size).toBeGreaterThanOrEqual(6);
  });
});
