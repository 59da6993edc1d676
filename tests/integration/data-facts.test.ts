import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { get } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { slugsIn } from "../support/catalogue";
import { certificationsOf, doesNotTrainOn, type DataFact } from "~/lib/tool/data-facts";

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

  it("filters the directory to tools whose maker says it does not train on business data, with the basis beside it", async () => {
    const files = readdirSync(path.join(process.cwd(), "content/facts")).map((name) => content(`facts/${name}`) as { tool: string; facts: DataFact[] });
    const expected = files
      .filter((file) => doesNotTrainOn(file.facts, "business"))
      .map((file) => file.tool)
      .sort();
    // Stated "no" for business plans (or all plans) only: ChatGPT's business tier says no; a tool that publishes nothing never passes.
    expect(expected).toContain("chatgpt");
    expect(expected).not.toContain("semrush");
    const page = await text(await get(app, "/tools?notrain=business&sort=name_asc"));
    expect(slugsIn(page).sort()).toEqual(expected);
    expect(page).toContain("Only tools whose maker states on its own privacy, trust or terms page that it does not use these customers' content to train its models.");
    // The active filter is a chip that removes it.
    expect(page).toMatch(/<a [^>]*href="\/tools\?sort=name_asc"[^>]*>[^<]*Does not train on business data/);
    // A tier nobody states "no" for lists no tool rather than guessing.
    const free = files.filter((file) => doesNotTrainOn(file.facts, "free")).map((file) => file.tool);
    expect(slugsIn(await text(await get(app, "/tools?notrain=free"))).sort()).toEqual(free.sort());
  });

  it("adds the facts to the comparison, one row per kind, unknown as not published, and to its CSV", async () => {
    const page = await text(await get(app, "/tools/comparison?tools=chatgpt,semrush"));
    const row = page.slice(page.indexOf('data-data-fact="trains-on-content"'), page.indexOf("</tr>", page.indexOf('data-data-fact="trains-on-content"')));
    expect(row).toContain("Trains its models on your content");
    expect(row).toContain("Free: Yes, by default; Paid: Yes, by default; Business: No; API: No");
    expect(row).toContain(">Not published<");
    const csv = await (await get(app, "/tools/comparison.csv?tools=chatgpt,semrush")).text();
    expect(csv).toContain('Trains its models on your content,"Free: Yes, by default; Paid: Yes, by default; Business: No; API: No",Not published');
  });

  it("puts the maker's stated certifications into the tool page's structured data, each with the page that states it", async () => {
    const jsonLd = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
    const withCertificates = readdirSync(path.join(process.cwd(), "content/facts"))
      .map((name) => content(`facts/${name}`) as { tool: string; facts: DataFact[] })
      // Not canva: the next test changes its facts in the database, which a kept page of it would hide.
      .find((file) => file.tool !== "canva" && certificationsOf(file.facts).length === 2)!;
    const software = jsonLd(await (await get(app, `/tools/${withCertificates.tool}`)).text()).find((data) => data["@type"] === "SoftwareApplication")!;
    expect(software.provider).toMatchObject({
      "@type": "Organization",
      hasCertification: certificationsOf(withCertificates.facts).map(({ name, url }) => ({ "@type": "Certification", name, url })),
    });
    expect(certificationsOf(withCertificates.facts).map(({ name }) => name)).toEqual(["SOC 2 Type II", "ISO/IEC 27001"]);
    // A tool whose maker states none gets no provider claim at all.
    const software2 = jsonLd(await (await get(app, "/tools/semrush")).text()).find((data) => data["@type"] === "SoftwareApplication")!;
    expect(software2.provider).toBeUndefined();
  });

  it("marks a fact entered more than 180 days ago", async () => {
    const facts = content("facts/canva.json").facts.map((fact: { enteredAt: string }, index: number) => (index === 0 ? { ...fact, enteredAt: daysAgo(181) } : fact));
    await app.query("update tool_data_facts set facts = $1::jsonb where tool_slug = 'canva'", [JSON.stringify(facts)]);
    const shown = block(await text(await get(app, "/tools/canva")));
    expect(shown.match(/More than 180 days old: may be out of date/g)).toHaveLength(1);
    expect(shown).toContain(`Entered ${longDate(daysAgo(181))}; not yet confirmed`);
  });
});
