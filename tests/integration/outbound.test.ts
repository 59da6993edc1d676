import { expect, it } from "vitest";
import { uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

function click(app: TestApp, path: string, headers: Record<string, string> = {}) {
  return app.request(path, { redirect: "manual", headers: { "User-Agent": BROWSER, "X-Forwarded-For": uniqueIp(), ...headers } });
}

type ClickRow = { kind: string; target: string; program: string | null; destination: string; from_path: string | null; value: number; visitor_hash: string };
const clicksOf = (app: TestApp, target: string) => app.query<ClickRow>("select * from affiliate_clicks where target = $1 order by id", [target]);

describeEachBackend("outbound links through /go", (app) => {
  it("sends a tool's button to its stored site with the program's tracking, uncached and unindexed", async () => {
    const response = await click(app, "/go/tool/jasper-ai", { Referer: "http://localhost:3000/tools/jasper-ai?tab=reviews" });
    expect(response.status).toBe(302);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    const location = new URL(response.headers.get("location")!);
    expect(location.hostname).toMatch(/(^|\.)jasper\.ai$/);
    expect(location.searchParams.get("fpr")).toBe("aitoolsatlas");
    const [row] = await clicksOf(app, "jasper-ai");
    expect(row).toMatchObject({ kind: "tool", program: "jasper-ai", from_path: "/tools/jasper-ai?tab=reviews", value: 10 });
    expect(row!.destination).not.toContain("fpr=");
  });

  it("applies the default ref to a tool of no program and records medium value", async () => {
    const response = await click(app, "/go/tool/canva");
    const location = new URL(response.headers.get("location")!);
    expect(location.searchParams.get("ref")).toBe("aitoolsatlas");
    expect((await clicksOf(app, "canva"))[0]).toMatchObject({ program: null, value: 5, from_path: null });
  });

  it("never takes the destination from the request", async () => {
    for (const path of ["/go/tool/chatgpt?url=https://evil.example", "/go/tool/chatgpt?to=https%3A%2F%2Fevil.example&redirect=//evil.example"]) {
      const location = (await click(app, path)).headers.get("location")!;
      expect(new URL(location).hostname).not.toContain("evil");
      expect(new URL(location).hostname).toMatch(/chatgpt\.com$/);
    }
  });

  it("answers 404 for an unknown tool, kind or a URL-shaped slug, recording nothing", async () => {
    for (const path of ["/go/tool/no-such-tool", "/go/website/chatgpt", "/go/tool/https%3A%2F%2Fevil.example", "/go/tool/" + "a".repeat(250)]) {
      const response = await click(app, path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("location"), path).toBeNull();
    }
    expect(await clicksOf(app, "no-such-tool")).toHaveLength(0);
  });

  it("does not count known bots, and keeps the visitor as a daily hash, never the address", async () => {
    const bot = await click(app, "/go/tool/midjourney", { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    expect(bot.status).toBe(302);
    expect(await clicksOf(app, "midjourney")).toHaveLength(0);
    const ip = "198.51.100.77";
    await click(app, "/go/tool/midjourney", { "X-Forwarded-For": ip });
    await click(app, "/go/tool/midjourney", { "X-Forwarded-For": ip });
    const rows = await clicksOf(app, "midjourney");
    expect(rows).toHaveLength(2);
    expect(rows[0]!.visitor_hash).toBe(rows[1]!.visitor_hash);
    expect(JSON.stringify(rows)).not.toContain(ip);
  });

  it("sends a busy address on without counting every click", async () => {
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 32; attempt++) expect((await click(app, "/go/tool/claude-ai", { "X-Forwarded-For": ip })).status).toBe(302);
    expect(await clicksOf(app, "claude-ai")).toHaveLength(30);
  });

  it("marks every outbound button of a tool page as a sponsored /go link in a new tab", async () => {
    const { body } = await app.html("/tools/chatgpt");
    const outbound = [...body.matchAll(/<a [^>]*href="(https?:[^"]+|\/go\/[^"]+)"[^>]*>/g)].filter(([tag]) => tag.includes("sponsored"));
    // The tool's own buttons (header, sidebar, review) and the similar tools' cards.
    expect(outbound.filter(([, href]) => href === "/go/tool/chatgpt").length).toBeGreaterThanOrEqual(2);
    for (const [tag, href] of outbound) {
      expect(href).toMatch(/^\/go\/tool\/[a-z0-9-]+$/);
      expect(tag).toContain('target="_blank"');
      expect(tag).toContain('rel="sponsored nofollow noopener"');
    }
    // No button goes to the vendor directly; only the review's Sources list, the prices' own source (issue 41) and the
    // data and security facts' sources (issue 44) cite the vendor's pages, as plain citations (no affiliate tracking,
    // rel="noopener noreferrer", issue 26).
    const pricingSource = /<span data-testid="pricing-source">[\s\S]*?<\/span>/.exec(body)?.[0] ?? "";
    expect(pricingSource).toMatch(/<a href="https:\/\/chatgpt\.com\/[^"]*" target="_blank" rel="noopener noreferrer"/);
    const dataFacts = /<section aria-labelledby="data-security-heading"[\s\S]*?<\/section>/.exec(body)?.[0] ?? "";
    expect(dataFacts).toMatch(/<a href="https:\/\/chatgpt\.com\/[^"]*" target="_blank" rel="noopener noreferrer"/);
    for (const [tag] of dataFacts.matchAll(/<a [^>]*>/g)) {
      expect(tag).toContain('rel="noopener noreferrer"');
      expect(tag).not.toContain("sponsored");
    }
    // The page its platforms are listed on (issue 44), likewise a citation.
    const platformsSource = /<p [^>]*data-platforms-source="[a-z]+"[\s\S]*?<\/p>/.exec(body)?.[0] ?? "";
    expect(platformsSource).toMatch(/<a href="https:\/\/chatgpt\.com\/download" target="_blank" rel="noopener noreferrer"/);
    const [beforeSources, sources = ""] = body.replace(pricingSource, "").replace(dataFacts, "").replace(platformsSource, "").split('aria-labelledby="sources-heading"');
    expect(beforeSources + sources.slice(sources.indexOf("</section>"))).not.toMatch(/href="https:\/\/chatgpt\.com/);
    for (const [tag] of sources.slice(0, sources.indexOf("</section>")).matchAll(/<a [^>]*>/g)) {
      expect(tag).toContain('rel="noopener noreferrer"');
      expect(tag).not.toContain("sponsored");
    }
  });
});
