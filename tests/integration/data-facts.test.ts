import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { get } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";

/**
 * Data and security facts on the tool page (issue 44, decision 081): each with its tier, the vendor's page and the
 * date it was entered, said to be not yet confirmed; `unknown` as "Not published"; a fact older than 180 days marked.
 */
const content = (file: string) => JSON.parse(readFileSync(path.join(process.cwd(), "content", file), "utf8"));
const longDate = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&gt;", ">").replaceAll("&quot;", '"');
/** The block's HTML: from its heading to the end of its section. */
const block = (page: string) => page.slice(page.indexOf('id="data-security"'), page.indexOf("</section>", page.indexOf('id="data-security"')));
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describeEachBackend("data and security facts", (app: TestApp) => {
  it("shows each fact with its tier, the vendor's page and the date it was entered, not yet confirmed", async () => {
    const facts = content("facts/chatgpt.json");
    const free = facts.facts.find((fact: { fact: string; tier: string }) => fact.fact === "trains-on-content" && fact.tier === "free");
    const shown = block(await text(await get(app, "/tools/chatgpt")));
    expect(shown).toContain("Data and security");
    expect(shown).toContain("Trains its models on your content");
    expect(shown).toMatch(/<dt[^>]*>Free plan<\/dt><dd[^>]*><span[^>]*>Yes, by default<\/span>/);
    expect(shown).toContain(`How to turn it off: ${free.optOut}`);
    expect(shown).toContain(`<a href="${free.source}"`);
    expect(shown).toContain(`Entered ${longDate(free.enteredAt)}; not yet confirmed`);
    expect(shown).not.toContain("More than 180 days old");
    // Never the word a recorded check earns.
    expect(shown).not.toMatch(/\bconfirmed on\b|last confirmed|verified/i);
  });

  it("shows unknown as not published, with no source, and says so for a tool with no facts at all", async () => {
    const shown = block(await text(await get(app, "/tools/semrush")));
    expect(shown).toMatch(/<dt[^>]*>All plans<\/dt><dd[^>]*><span class="text-muted-foreground">Not published<\/span><\/dd>/);
    const noFile = (await app.query<{ slug: string }>("select slug from tools where slug not in (select tool_slug from tool_data_facts) order by slug limit 1"))[0]!.slug;
    expect(block(await text(await get(app, `/tools/${noFile}`)))).toContain('every answer here is "not published" until we do.');
  });

  it("marks a fact entered more than 180 days ago", async () => {
    const facts = content("facts/canva.json").facts.map((fact: { enteredAt: string }, index: number) => (index === 0 ? { ...fact, enteredAt: daysAgo(181) } : fact));
    await app.query("update tool_data_facts set facts = $1::jsonb where tool_slug = 'canva'", [JSON.stringify(facts)]);
    const shown = block(await text(await get(app, "/tools/canva")));
    expect(shown.match(/More than 180 days old: may be out of date/g)).toHaveLength(1);
    expect(shown).toContain(`Entered ${longDate(daysAgo(181))}; not yet confirmed`);
  });
});
