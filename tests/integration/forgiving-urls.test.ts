import { expect, it } from "vitest";
import { uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";

/**
 * URLs that forgive (issue 29, decision 047): a tool, category, task or pair path in other letter cases is a 301 to
 * the canonical address with its query string; an unknown tool or task is a 404 listing the nearest names (pg_trgm,
 * so on both backends) and the site search for what was typed, escaped, and never redirected anywhere.
 */

/** An anonymous GET as a client of its own, redirects not followed. */
const get = (app: TestApp, path: string) => app.request(path, { redirect: "manual", headers: { "X-Forwarded-For": uniqueIp() } });
/** React separates adjacent text nodes with empty comments; tests read the text. */
const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
/** The not-found page's 'Did you mean' links, as [href, name] in order. */
const nearNames = (body: string) => {
  const list = body.match(/<ul[^>]*data-near-names="true"[^>]*>([\s\S]*?)<\/ul>/)?.[1] ?? "";
  return [...list.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map(([, href, name]) => [href, name]);
};

describeEachBackend("URLs that forgive", (app) => {
  it("answers a tool, category, task or pair path in other letter cases with a 301 to the canonical one, query kept", async () => {
    const cases: Array<[asked: string, canonical: string]> = [
      ["/tools/ChatGPT", "/tools/chatgpt"],
      ["/tools/CHATGPT?reviews=2&verified=1", "/tools/chatgpt?reviews=2&verified=1"],
      ["/tools/ChatGPT/alternatives?free=1", "/tools/chatgpt/alternatives?free=1"],
      ["/tools/category/SEO-Tools?sort=name_asc", "/tools/category/seo-tools?sort=name_asc"],
      ["/tasks/Transcribe-Meetings?free=1", "/tasks/transcribe-meetings?free=1"],
      ["/tools/compare/Claude-AI-vs-ChatGPT?utm_source=news", "/tools/compare/chatgpt-vs-claude-ai?utm_source=news"],
      ["/tools/compare/chatgpt-vs-claude-ai".toUpperCase() + "?a=%22b%22", "/tools/compare/chatgpt-vs-claude-ai?a=%22b%22"],
      // A visitor's query never turns the Location into another site's address.
      ["/tools/ChatGPT?next=//evil.example/&x=https://evil.example", "/tools/chatgpt?next=//evil.example/&x=https://evil.example"],
      // The articles' redirect is the same one (decision 047): it keeps the query too.
      ["/blog/Midjourney-VS-Dall-E?utm_source=news", "/blog/midjourney-vs-dall-e?utm_source=news"],
    ];
    for (const [asked, canonical] of cases) {
      const response = await get(app, asked);
      expect([response.status, response.headers.get("location")], asked).toEqual([301, canonical]);
      // The site's cache policy (decision 040): an anonymous redirect may be stored but is asked again each time.
      expect(response.headers.get("cache-control"), asked).toBe("public, max-age=0, must-revalidate");
      const landed = await get(app, canonical);
      expect(landed.status, canonical).toBe(200);
    }
  });

  it("answers an unknown tool with a 404 listing the nearest names, ChatGPT first for 'chatgtp', and the site search", async () => {
    const response = await get(app, "/tools/chatgtp");
    expect(response.status).toBe(404);
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await textOf(response);
    expect(body).toContain("Tool not found");
    expect(body).toContain('<meta name="robots" content="noindex, follow"/>');
    const names = nearNames(body);
    expect(names[0]).toEqual(["/tools/chatgpt", "ChatGPT"]);
    expect(names.length).toBeLessThanOrEqual(3);
    expect(body).toMatch(/<a [^>]*href="\/search\?q=chatgtp"[^>]*>.*Search the site for “chatgtp”<\/a>/);
  });

  it("answers an unknown task with a 404 listing the nearest task names and the site search", async () => {
    const response = await get(app, "/tasks/transcrbe-meetings");
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = await textOf(response);
    expect(body).toContain("Task not found");
    const names = nearNames(body);
    expect(names[0]).toEqual(["/tasks/transcribe-meetings", "Transcribe meetings"]);
    expect(names.length).toBeLessThanOrEqual(3);
    expect(body).toContain('href="/search?q=transcrbe-meetings"');
    expect(body).toContain('href="/tasks"');
  });

  it("offers no near names for junk, only the search", async () => {
    const body = await textOf(await get(app, "/tools/zzqxvwk"));
    expect(nearNames(body)).toEqual([]);
    expect(body).not.toContain("Did you mean");
    expect(body).toContain('href="/search?q=zzqxvwk"');
  });

  it("does not redirect an unknown slug in capitals: it is not found as it is", async () => {
    for (const path of [
      "/tools/NoSuchTool",
      "/tools/NoSuchTool/alternatives",
      "/tools/category/No-Such-Category",
      "/tasks/No-Such-Task",
      "/tools/compare/NoSuch-vs-Tool",
      "/tools/ChatGPT-Nope",
    ]) {
      const response = await get(app, path);
      expect([response.status, response.headers.get("location")], path).toEqual([404, null]);
    }
  });

  it("escapes a typed slug that looks like markup, and never redirects it", async () => {
    for (const typed of ['"><svg onload=alert(1)>', '"><SVG ONLOAD=alert(1)>', "</script><script>alert(1)</script>"]) {
      for (const prefix of ["/tools/", "/tasks/"]) {
        const path = prefix + encodeURIComponent(typed);
        const response = await get(app, path);
        expect([response.status, response.headers.get("location")], path).toEqual([404, null]);
        const body = await textOf(response);
        // Neither the page nor the data it hydrates from carries the markup as markup.
        expect(body, path).not.toMatch(/<svg onload/i);
        expect(body, path).not.toContain("<script>alert(1)");
        expect(body, path).toContain(`Search the site for “${typed.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;")}”`);
        expect(body, path).toContain(`href="/search?q=${encodeURIComponent(typed).replaceAll("'", "&#x27;")}"`);
      }
    }
  });

  it("keeps the canonical page in the page cache whatever its other spellings and near misses answered", async () => {
    const state = async (path: string) => {
      const response = await get(app, path);
      return [response.status, response.headers.get("x-cache"), response.headers.get("location")];
    };
    // Other spellings and misses first, twice each: none is kept under its own spelling, nor in the canonical page's place.
    for (let round = 0; round < 2; round++) {
      expect(await state("/tools/MidJourney")).toEqual([301, null, "/tools/midjourney"]);
      expect(await state("/tools/midjurney")).toEqual([404, null, null]);
      expect(await state("/tools/MidJourney.data")).not.toContain(200);
    }
    // The redirect of the capitals rendered and kept the page it names (decision 062): the canonical page is kept.
    expect(await state("/tools/midjourney")).toEqual([200, "HIT", null]);
    expect(await state("/tools/midjourney")).toEqual([200, "HIT", null]);
    const page = await textOf(await get(app, "/tools/midjourney"));
    expect(page).toMatch(/<h1[^>]*>Midjourney/);
    expect(page).not.toContain("Tool not found");
    // And the kept page is not what the other spelling answers now.
    expect(await state("/tools/MidJourney")).toEqual([301, null, "/tools/midjourney"]);
    expect(await state("/tools/midjourney.data")).toEqual([200, "MISS", null]);
  });
});
