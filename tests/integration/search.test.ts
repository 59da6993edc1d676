import path from "node:path";
import { expect, it } from "vitest";
import { loadEditorialContent } from "../../app/models/content/load.server";
import { describeEachBackend } from "../support/app";
import { projectRoot } from "../support/paths";
import { isExhaustive, sample } from "../support/sample";

/** The reference: the content files, read by the loader the sync uses. */
const content = loadEditorialContent(path.join(projectRoot, "content"));

const toolsListed = (body: string) => [...body.matchAll(/<article data-tool-slug="([^"]+)"/g)].map((match) => match[1]!);
const postsListed = (body: string) => [...body.matchAll(/<article data-post-slug="([^"]+)"/g)].map((match) => match[1]!);
const search = (q: string, extra = "") => `/search?q=${encodeURIComponent(q)}${extra}`;

/** The counts the tabs show, by label. */
function tabCounts(body: string) {
  const nav = body.match(/<nav aria-label="Result types".*?<\/nav>/s)?.[0] ?? "";
  return Object.fromEntries([...nav.matchAll(/>(All|Blog Posts|AI Tools)<span[^>]*>(\d+)<\/span>/g)].map((match) => [match[1]!, Number(match[2])]));
}

/** Every page of one tab, following the Next links, as the visitor would. */
async function everyPage(app: { html: (path: string) => Promise<{ body: string }> }, q: string, tab: "tools" | "posts") {
  const slugs: string[] = [];
  for (let page = 1; page < 50; page++) {
    const { body } = await app.html(search(q, `&tab=${tab}&page=${page}`));
    slugs.push(...(tab === "tools" ? toolsListed(body) : postsListed(body)));
    if (!body.includes(">Next</a>")) return { slugs, pages: page };
  }
  throw new Error("no last page");
}

// Every tool's and article's name searched on PGlite; eight of each, first to last, on PostgreSQL (support/sample.ts).
describeEachBackend("the site search", (app, backend) => {
  const exhaustive = isExhaustive(backend);
  it("ranks a tool named exactly like the search first among tools, for every tool", async () => {
    for (const tool of sample(content.tools, { exhaustive, perKind: 8 })) {
      const { body } = await app.html(search(tool.name, "&tab=tools"));
      expect(toolsListed(body)[0], tool.name).toBe(tool.slug);
    }
  });

  it("ranks the article with that title first among articles, for every article", async () => {
    for (const post of sample(content.posts, { exhaustive, perKind: 8 })) {
      const { body } = await app.html(search(post.title, "&tab=posts"));
      expect(postsListed(body)[0], post.title).toBe(post.slug);
    }
    // A title holding every word comes before articles that only mention them.
    const { body } = await app.html(search("ChatGPT", "&tab=posts"));
    expect(postsListed(body)[0]).toBe(content.posts.find((post) => post.title.startsWith("ChatGPT Alternatives"))!.slug);
  });

  it("corrects typos: 'midjorney' finds the Midjourney tool and the Midjourney article", async () => {
    const { response, body } = await app.html(search("midjorney"));
    expect(response.status).toBe(200);
    expect(toolsListed(body)[0]).toBe("midjourney");
    expect(postsListed(body)).toContain("midjourney-vs-dall-e");
    expect(body).toContain("Showing results for <strong>“midjourney”</strong>");
    expect(body).toContain("Search Results for &quot;midjorney&quot;");
  });

  it("leads the All tab with the task page a search names, counted, and keeps it off the other tabs (decision 046)", async () => {
    const { body } = await app.html(search("remove background"));
    expect(body.match(/<article data-(task|tool)-slug="([^"]+)"/)?.slice(1)).toEqual(["task", "remove-image-background"]);
    expect(body).toMatch(/<h3[^>]*><a href="\/tasks\/remove-image-background"[^>]*>Remove an image background<\/a><\/h3>/);
    // Why it is here, and what the task page ranks.
    expect(body).toContain("Matches “background remover”");
    expect(body).toContain("3 tools ranked: Canva (Magic Studio), Recraft and DALL·E (OpenAI image generation)");
    const tasks = [...body.matchAll(/<article data-task-slug=/g)].length;
    const counts = tabCounts(body);
    expect(counts.All).toBe(tasks + counts["Blog Posts"]! + counts["AI Tools"]!);
    expect(body).toContain(`Found ${counts.All} results for &quot;remove background&quot;`);
    for (const tab of ["tools", "posts"]) expect((await app.html(search("remove background", `&tab=${tab}`))).body, tab).not.toContain("data-task-slug");
    // The task's tools the search finds (Canva and Recraft; DALL·E's text names no background) lead the tools, in
    // the task's order, before tools that only share a word (Krisp's background noise); the palette ranks the same.
    const toolSlugs = [...body.matchAll(/<article data-tool-slug="([^"]+)"/g)].map((match) => match[1]);
    expect(toolSlugs.slice(0, 3)).toEqual(["canva", "recraft", "krisp"]);
    const palette = (await (await app.request("/api/search?q=remove%20background")).json()) as { tools: { slug: string }[] };
    expect(palette.tools.slice(0, 3).map((tool) => tool.slug)).toEqual(["canva", "recraft", "krisp"]);
    // A tool's name (or its first word) is the tool's; a kind of tool ('video editor'), a word a few task phrases
    // share ('seo'), and a word beside the job of a phrase ('prompts', not 'prompt to app') name none.
    for (const q of ["ChatGPT", "hemingway", "video editor", "copilot", "seo", "prompts"]) expect((await app.html(search(q))).body, q).not.toContain("data-task-slug");
    // Word order counts: the same words the other way round are another job.
    const speech = [...(await app.html(search("speech to text"))).body.matchAll(/<article data-task-slug="([^"]+)"/g)].map((match) => match[1]);
    expect(speech[0]).toBe("transcribe-an-audio-or-video-file");
    expect(speech).not.toContain("turn-text-into-speech");
  });

  it("shows each tab with its count, the All tab both kinds, and 'Found n results'", async () => {
    const { body } = await app.html(search("seo"));
    const counts = tabCounts(body);
    expect(counts["Blog Posts"]).toBeGreaterThan(0);
    expect(counts["AI Tools"]).toBeGreaterThan(0);
    expect(counts.All).toBe(counts["Blog Posts"]! + counts["AI Tools"]!);
    expect(body).toContain(`Found ${counts.All} results for &quot;seo&quot;`);
    expect(postsListed(body).length).toBe(Math.min(3, counts["Blog Posts"]!));
    expect(toolsListed(body).length).toBe(Math.min(6, counts["AI Tools"]!));
    expect(body).toMatch(/<a aria-current="page"[^>]*href="\/search\?q=seo"|<a[^>]*href="\/search\?q=seo"[^>]*aria-current="page"/);

    const tools = await everyPage(app, "seo", "tools");
    expect(new Set(tools.slugs).size).toBe(tools.slugs.length);
    expect(tools.slugs).toHaveLength(counts["AI Tools"]!);
    const posts = await everyPage(app, "seo", "posts");
    expect(new Set(posts.slugs).size).toBe(posts.slugs.length);
    expect(posts.slugs).toHaveLength(counts["Blog Posts"]!);

    const onlyPosts = await app.html(search("seo", "&tab=posts"));
    expect(toolsListed(onlyPosts.body)).toEqual([]);
    const onlyTools = await app.html(search("seo", "&tab=tools"));
    expect(postsListed(onlyTools.body)).toEqual([]);
    expect(tabCounts(onlyTools.body)).toEqual(counts);
    // An unknown tab is the All tab.
    expect(tabCounts((await app.html(search("seo", "&tab=nonsense"))).body)).toEqual(counts);
  });

  it("pages tools six at a time with numbered pages, Previous and Next only when needed", async () => {
    const { body: first } = await app.html(search("ai", "&tab=tools"));
    const total = tabCounts(first)["AI Tools"]!;
    expect(total).toBeGreaterThan(12);
    expect(toolsListed(first)).toHaveLength(6);
    expect(first).toContain('aria-label="Pagination"');
    expect(first).not.toContain(">Previous</a>");
    expect(first).toContain('href="/search?q=ai&amp;tab=tools&amp;page=2"');
    const lastPage = Math.ceil(total / 6);
    const { body: last } = await app.html(search("ai", `&tab=tools&page=${lastPage}`));
    expect(toolsListed(last)).toHaveLength(total - (lastPage - 1) * 6);
    expect(last).toContain(">Previous</a>");
    expect(last).not.toContain(">Next</a>");
    // Past the end shows the last page.
    const pastTheEnd = (await app.html(search("ai", "&tab=tools&page=199"))).body;
    expect(toolsListed(pastTheEnd)).toEqual(toolsListed(last));
    // Its counts are the search's, though no row of page 199 came with them; so are a later page's on each tab.
    expect(tabCounts(pastTheEnd)).toEqual(tabCounts(first));
    expect(tabCounts((await app.html(search("ai", "&tab=posts&page=99"))).body)).toEqual(tabCounts(first));
    expect(tabCounts((await app.html(search("ai", `&page=${lastPage}`))).body)).toEqual(tabCounts(first));
    // The All tab pages through the tools too, with the articles on its first page only.
    const allSecond = await app.html(search("ai", "&page=2"));
    expect(toolsListed(allSecond.body)).toEqual(toolsListed((await app.html(search("ai", "&tab=tools&page=2"))).body));
    expect(postsListed(allSecond.body)).toEqual([]);
    // One page: no pagination at all.
    const { body: single } = await app.html(search("Midjourney", "&tab=tools"));
    expect(toolsListed(single).length).toBeLessThanOrEqual(6);
    expect(single).not.toContain('aria-label="Pagination"');
  });

  it("asks to start a search for an empty or blank query, indexable at /search; result pages are noindex", async () => {
    for (const url of ["/search", "/search?q=", "/search?q=%20%20%20", "/search?q=%20&tab=tools&page=3"]) {
      const { response, body } = await app.html(url);
      expect(response.status, url).toBe(200);
      expect(body, url).toContain("Start Your Search");
      expect(body, url).not.toContain('aria-label="Result types"');
      expect(body, url).toContain("<title>Search | AI Tools Atlas</title>");
      expect(body, url).toContain('<link rel="canonical" href="http://localhost:3000/search"/>');
      expect(body, url).not.toContain("noindex");
    }
    const { body } = await app.html(search("  chatgpt  "));
    expect(body).toContain("Search Results for &quot;chatgpt&quot;");
    expect(body).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(body).toContain('<link rel="canonical" href="http://localhost:3000/search"/>');
    expect(body).toContain('value="chatgpt"');
  });

  it("says 'No results found' with links to the blog and the tools", async () => {
    const { response, body } = await app.html(search("zzqxv qqqzz"));
    expect(response.status).toBe(200);
    expect(body).toContain("No results found");
    expect(body).toContain("Found 0 results for &quot;zzqxv qqqzz&quot;");
    expect(body).toMatch(/<a[^>]*href="\/blog"[^>]*>.*?Browse Blog<\/a>/s);
    expect(body).toMatch(/<a[^>]*href="\/tools"[^>]*>.*?Browse Tools<\/a>/s);
    expect(toolsListed(body)).toEqual([]);
    expect(postsListed(body)).toEqual([]);
  });

  it("has the header search box submit q to /search", async () => {
    const { body } = await app.html("/");
    const form = body.match(/<form role="search"[^>]*>.*?<\/form>/s)?.[0] ?? "";
    expect(form).toMatch(/action="\/search" method="get"/);
    expect(form).toContain('name="q"');
  });

  it("answers the palette's JSON: at most five tools and five articles, typo-tolerant, cacheable", async () => {
    const typo = await app.request("/api/search?q=midjorney");
    expect(typo.status).toBe(200);
    expect(typo.headers.get("content-type")).toMatch(/^application\/json/);
    expect(typo.headers.get("cache-control")).toBe("public, max-age=300");
    const found = (await typo.json()) as { correctedSearch: string; tasks: unknown[]; tools: { slug: string; href: string }[]; posts: { slug: string; href: string }[] };
    expect(found.correctedSearch).toBe("midjourney");
    expect(found.tools[0]).toMatchObject({ slug: "midjourney", href: "/tools/midjourney", name: "Midjourney" });
    expect(found.posts.map((post) => post.href)).toContain("/blog/midjourney-vs-dall-e");

    expect(found.tasks).toEqual([]);
    const task = (await (await app.request("/api/search?q=tool%20to%20remove%20image%20background")).json()) as { tasks: { slug: string; href: string; name: string }[] };
    expect(task.tasks[0]).toEqual({ slug: "remove-image-background", name: "Remove an image background", category: "Design", href: "/tasks/remove-image-background" });

    const common = (await (await app.request("/api/search?q=ai")).json()) as { tools: unknown[]; posts: unknown[] };
    expect(common.tools).toHaveLength(5);
    expect(common.posts).toHaveLength(5);
    for (const q of ["", "%20%20", "zzqxv"]) {
      const empty = (await (await app.request(`/api/search?q=${q}`)).json()) as { tools: unknown[]; posts: unknown[] };
      expect(empty, q).toMatchObject({ tasks: [], tools: [], posts: [] });
    }
    expect((await app.request("/api/search")).status).toBe(200);
  });
});
