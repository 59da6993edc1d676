import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, unlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDatabase, getDb, openDatabase, rawQuery } from "~/utils/db.server";
import { appRoot } from "~/utils/paths.server";
import { ContentError, loadEditorialContent } from "./load.server";
import { syncEditorialContent } from "./sync.server";
import { headlineRating } from "~/lib/review/headline-rating";
import type { DataFact } from "~/lib/tool/data-facts";
import { writeFactOverride } from "~/models/tool/fact-overrides.server";

/**
 * The article renderer, counted; a test stands for a change to its code by giving it another fingerprint and, when
 * `marker` is set, another output (decision 041).
 */
const renderer = vi.hoisted(() => ({ calls: 0, fingerprint: null as string | null, marker: null as string | null, fail: false }));
vi.mock("~/utils/markdown.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/utils/markdown.server")>();
  return {
    ...actual,
    renderArticle: (...args: Parameters<typeof actual.renderArticle>) => {
      renderer.calls++;
      if (renderer.fail) throw new Error("the renderer failed");
      const rendered = actual.renderArticle(...args);
      return renderer.marker ? { ...rendered, html: `${rendered.html}<!-- ${renderer.marker} -->` } : rendered;
    },
    rendererFingerprint: () => renderer.fingerprint ?? actual.rendererFingerprint(),
  };
});

const scratch = mkdtempSync(path.join(os.tmpdir(), "aitools-sync-"));
const contentDir = path.join(scratch, "content");

beforeAll(async () => {
  cpSync(path.join(appRoot(), "content"), contentDir, { recursive: true });
  await openDatabase({ dataDir: path.join(scratch, "data") });
});
afterAll(async () => {
  await closeDatabase();
  rmSync(scratch, { recursive: true, force: true });
});

describe("editorial content sync", () => {
  it("loads the whole catalogue on the first start", async () => {
    const report = await syncEditorialContent(getDb(), loadEditorialContent(contentDir));
    expect(report.tools.inserted).toBeGreaterThanOrEqual(60);
    expect(report.categories.inserted).toBe(21);
    expect(report.reviews.inserted).toBeGreaterThanOrEqual(7);
    expect(report.courseCategories.inserted).toBe(6);
    expect(report.coursePlatforms.inserted).toBe(4);
    expect(report.courses.inserted).toBeGreaterThanOrEqual(24);
    expect(report.pairVerdicts.inserted).toBe(readdirSync(path.join(contentDir, "pair-verdicts")).length);
    expect(report.tasks.inserted).toBeGreaterThanOrEqual(150);
    expect((await rawQuery<{ n: number }>("select count(*)::int as n from task_tools"))[0]!.n).toBeGreaterThanOrEqual(450);
    // Course titles and instructors join the typo lexicon ('Portilla' is an instructor's name).
    expect(await rawQuery("select word from search_words where word = 'portilla'")).toEqual([{ word: "portilla" }]);
    // The synonym table, and every task's name and synonyms with their lexemes for the search (decision 046).
    const synonyms = JSON.parse(readFileSync(path.join(contentDir, "search-synonyms.json"), "utf8")) as { groups: string[][] };
    expect(report.searchSynonyms.inserted).toBe(synonyms.groups.length);
    const tasks = readdirSync(path.join(contentDir, "tasks")).map((name) => JSON.parse(readFileSync(path.join(contentDir, "tasks", name), "utf8")) as { synonyms: string[] });
    expect(await rawQuery("select count(*)::int as n from task_phrases")).toEqual([{ n: tasks.reduce((sum, task) => sum + 1 + task.synonyms.length, 0) }]);
    expect(await rawQuery("select lexemes from task_phrases where phrase = 'background remover'")).toEqual([{ lexemes: ["background", "remov"] }]);
  });

  it("changes nothing on a second start with the same files", async () => {
    const before = await rawQuery<{ max: string }>("select max(updated_at)::text as max from tools");
    const report = await syncEditorialContent(getDb(), loadEditorialContent(contentDir));
    for (const counts of Object.values(report)) expect(counts).toEqual({ inserted: 0, updated: 0, deleted: 0 });
    expect(await rawQuery("select max(updated_at)::text as max from tools")).toEqual(before);
  });

  it("stores the structured pricing with the figures lib/tool/pricing derives, and no change date on a first insert", async () => {
    const rows = await rawQuery<{ slug: string; pricing_model: string; price_monthly_usd: string | null; is_free: boolean; added_at: string; changed: string | null }>(
      "select slug, pricing_model, price_monthly_usd, is_free, added_at::text as added_at, facts_changed_at::text as changed from tools where slug in ('chatgpt', 'surfer-seo', 'darktrace') order by slug",
    );
    expect(rows.map((row) => [row.slug, row.pricing_model, row.price_monthly_usd === null ? null : Number(row.price_monthly_usd), row.is_free])).toEqual([
      ["chatgpt", "freemium", 20, true],
      ["darktrace", "contact-sales", null, false],
      ["surfer-seo", "paid", 79, false],
    ]);
    expect(rows.map((row) => row.changed)).toEqual([null, null, null]);
    expect(rows[0]?.added_at).toBe(JSON.parse(readFileSync(path.join(contentDir, "tools", "chatgpt.json"), "utf8")).addedAt);
  });

  it("updates exactly the rows of an edited file; a change of wording is not a change of the facts", async () => {
    const file = path.join(contentDir, "tools", "chatgpt.json");
    const tool = JSON.parse(readFileSync(file, "utf8"));
    writeFileSync(file, JSON.stringify({ ...tool, tagline: "An edited tagline for the sync test" }, null, 2));
    const report = await syncEditorialContent(getDb(), loadEditorialContent(contentDir));
    expect(report.tools).toEqual({ inserted: 0, updated: 1, deleted: 0 });
    const [row] = await rawQuery<{ tagline: string; changed: string | null }>("select tagline, facts_changed_at::text as changed from tools where slug = 'chatgpt'");
    expect(row?.tagline).toBe("An edited tagline for the sync test");
    expect(row?.changed).toBeNull();
    // A file written out again in another layout holds the same facts: nothing to write.
    writeFileSync(file, JSON.stringify({ ...tool, tagline: "An edited tagline for the sync test" }));
    expect((await syncEditorialContent(getDb(), loadEditorialContent(contentDir))).tools).toEqual({ inserted: 0, updated: 0, deleted: 0 });
    expect(await rawQuery("select slug from tools where facts_changed_at is not null")).toEqual([]);
  });

  it("dates a change of a tool's prices, features or review on its row, and only that tool's", async () => {
    const file = path.join(contentDir, "tools", "chatgpt.json");
    const tool = JSON.parse(readFileSync(file, "utf8"));
    tool.pricing.plans[1].limits = `${tool.pricing.plans[1].limits} (edited for the sync test)`;
    writeFileSync(file, JSON.stringify(tool, null, 2));
    await syncEditorialContent(getDb(), loadEditorialContent(contentDir));
    expect(await rawQuery("select slug from tools where facts_changed_at is not null")).toEqual([{ slug: "chatgpt" }]);

    const reviewFile = path.join(contentDir, "reviews", "cursor.json");
    const review = JSON.parse(readFileSync(reviewFile, "utf8"));
    writeFileSync(reviewFile, JSON.stringify({ ...review, verdict: `${review.verdict} Edited for the sync test.` }, null, 2));
    const report = await syncEditorialContent(getDb(), loadEditorialContent(contentDir));
    expect(report.reviews.updated).toBe(1);
    expect(await rawQuery("select slug from tools where facts_changed_at is not null order by slug")).toEqual([{ slug: "chatgpt" }, { slug: "cursor" }]);
  });

  it("does not mark the catalogue updated when the facts hash is first filled in (a database from before the column)", async () => {
    await rawQuery("update tools set facts_hash = null, facts_changed_at = null, content_hash = 'before-facts' where source = 'editorial'");
    const report = await syncEditorialContent(getDb(), loadEditorialContent(contentDir));
    expect(report.tools.updated).toBeGreaterThanOrEqual(60);
    expect(await rawQuery("select slug from tools where facts_changed_at is not null or facts_hash is null")).toEqual([]);
  });

  it("stores our rating only for a tool with an in-depth review, and follows a review removed or added without a tool file change (issue 26)", async () => {
    const reviewed = readdirSync(path.join(contentDir, "reviews")).map((name) => name.replace(/\.json$/, ""));
    const rated = await rawQuery<{ slug: string }>("select slug from tools where rating is not null order by slug");
    expect(rated.map((row) => row.slug)).toEqual([...reviewed].sort());
    expect((await rawQuery("select slug from tools where rating is null")).length).toBeGreaterThan(100);

    const reviewFile = path.join(contentDir, "reviews", "hubspot.json");
    const review = readFileSync(reviewFile, "utf8");
    // Derived from the review's scores (decision 063): the tool file holds none.
    const fileRating = headlineRating(JSON.parse(review).ratingBreakdown);
    const ratingOf = async () => (await rawQuery<{ rating: number | null }>("select rating from tools where slug = 'hubspot'"))[0]!.rating;
    expect(await ratingOf()).toBeCloseTo(fileRating);

    unlinkSync(reviewFile);
    const removed = await syncEditorialContent(getDb(), loadEditorialContent(contentDir));
    expect([removed.reviews.deleted, removed.tools.updated]).toEqual([1, 1]);
    expect(await ratingOf()).toBeNull();

    writeFileSync(reviewFile, review);
    const added = await syncEditorialContent(getDb(), loadEditorialContent(contentDir));
    expect([added.reviews.inserted, added.tools.updated]).toEqual([1, 1]);
    expect(await ratingOf()).toBeCloseTo(fileRating);
    // A review coming or going is a change of the tool's facts (issue 26: pricing, plans, features, review), so it dates 'Updated recently'.
    expect((await rawQuery<{ changed: boolean }>("select facts_changed_at is not null as changed from tools where slug = 'hubspot'"))[0]!.changed).toBe(true);
  });

  it("records each data fact whose value a file changed as a dated change, and nothing for a reworded detail", async () => {
    const file = path.join(contentDir, "facts", "chatgpt.json");
    const facts = JSON.parse(readFileSync(file, "utf8"));
    const dpa = facts.facts.find((fact: { fact: string }) => fact.fact === "dpa");
    const before = dpa.value;
    dpa.value = before === "yes" ? "no" : "yes";
    facts.facts[0].detail = `${facts.facts[0].detail ?? ""} Reworded.`;
    writeFileSync(file, JSON.stringify(facts));
    await syncEditorialContent(getDb(), loadEditorialContent(contentDir));
    const rows = await rawQuery<{ kind: string; source: string; before: unknown; after: unknown }>(
      "select kind, c.source, before, after from tool_changes c join tools t on t.id = c.tool_id where t.slug = 'chatgpt' and kind = 'data-fact-changed'",
    );
    expect(rows).toEqual([
      { kind: "data-fact-changed", source: "content", before: { fact: "dpa", tier: dpa.tier, value: before }, after: { fact: "dpa", tier: dpa.tier, value: dpa.value } },
    ]);
  });

  it("lays a maker's accepted description and platforms over the file when the sync rewrites the tool (issue 45)", async () => {
    const [tool] = await rawQuery<{ id: number }>("select id from tools where slug = 'ada'");
    const description = "A description a maker proposed and an editor accepted, which must outlive the next change of the tool's file.";
    await rawQuery("insert into tool_listing_overrides (tool_id, field, value) values ($1, 'description', $2), ($1, 'platforms', $3)", [
      tool!.id,
      JSON.stringify(description),
      JSON.stringify(["web", "ios"]),
    ]);
    const file = path.join(contentDir, "tools", "ada.json");
    const content = JSON.parse(readFileSync(file, "utf8"));
    writeFileSync(file, JSON.stringify({ ...content, tagline: "Edited for the listing overrides' sync test" }, null, 2));
    expect((await syncEditorialContent(getDb(), loadEditorialContent(contentDir))).tools.updated).toBe(1);
    const [row] = await rawQuery<{ tagline: string; description: string; platforms: string[] }>("select tagline, description, platforms from tools where slug = 'ada'");
    expect(row).toEqual({ tagline: "Edited for the listing overrides' sync test", description, platforms: ["web", "ios"] });
    await rawQuery("delete from tool_listing_overrides where tool_id = $1", [tool!.id]);
  });

  it("lays a maker's accepted data fact over the facts file when the sync rewrites it, and keeps a tool with no file its own row (issue 45)", async () => {
    const toolOf = async (slug: string) => (await rawQuery<{ id: number }>("select id from tools where slug = $1", [slug]))[0]!.id;
    const factsOf = async (slug: string) => (await rawQuery<{ facts: DataFact[] }>("select facts from tool_data_facts where tool_slug = $1", [slug]))[0]?.facts;
    const soc2: DataFact = { fact: "soc2-type2", tier: "all", value: "yes", source: "https://chatgpt.com/security", enteredAt: "2026-12-04" };
    const api: DataFact = { fact: "api-available", tier: "all", value: "yes", source: "https://www.ada.cx/developers", enteredAt: "2026-12-04" };
    // The accept path's own write: the override and the row, with no proposal or editor behind it here.
    const ids = { chatgpt: await toolOf("chatgpt"), ada: await toolOf("ada") };
    await getDb().transaction(async (tx) => {
      await writeFactOverride(tx, { id: ids.chatgpt, slug: "chatgpt" }, soc2, { proposalId: null, editorId: null });
      await writeFactOverride(tx, { id: ids.ada, slug: "ada" }, api, { proposalId: null, editorId: null });
    });
    expect((await factsOf("chatgpt"))!.filter((fact) => fact.fact === "soc2-type2")).toContainEqual(soc2);
    expect(await factsOf("ada")).toEqual([api]);
    // A sync with the same files finds both rows as it would write them.
    expect((await syncEditorialContent(getDb(), loadEditorialContent(contentDir))).dataFacts).toEqual({ inserted: 0, updated: 0, deleted: 0 });

    // The facts file changes (a reworded detail): the row is rewritten from the file, and the maker's fact laid over it.
    const file = path.join(contentDir, "facts", "chatgpt.json");
    const original = readFileSync(file, "utf8");
    const changed = JSON.parse(original);
    changed.facts[0].detail = `${changed.facts[0].detail ?? ""} Reworded for the fact overrides' sync test.`;
    writeFileSync(file, JSON.stringify(changed));
    const changesBefore = await rawQuery("select id from tool_changes where kind = 'data-fact-changed'");
    expect((await syncEditorialContent(getDb(), loadEditorialContent(contentDir))).dataFacts).toEqual({ inserted: 0, updated: 1, deleted: 0 });
    const rewritten = (await factsOf("chatgpt"))!;
    expect(rewritten[0]!.detail).toContain("Reworded for the fact overrides' sync test.");
    expect(rewritten).toContainEqual(soc2);
    // The file's own SOC 2 fact of the business plans stays beside the maker's for all plans; nothing changed value.
    expect(rewritten.filter((fact) => fact.fact === "soc2-type2").map((fact) => fact.tier)).toEqual(["all", "business"]);
    expect(await rawQuery("select id from tool_changes where kind = 'data-fact-changed'")).toEqual(changesBefore);
    expect(await factsOf("ada")).toEqual([api]);

    // Without the overrides, the next change of the file gives the file's facts back, and the tool with no file loses its row.
    await rawQuery("delete from tool_fact_overrides");
    writeFileSync(file, original);
    expect((await syncEditorialContent(getDb(), loadEditorialContent(contentDir))).dataFacts).toEqual({ inserted: 0, updated: 1, deleted: 1 });
    expect((await factsOf("chatgpt"))!.filter((fact) => fact.fact === "soc2-type2").map((fact) => fact.tier)).toEqual(["business"]);
    expect(await factsOf("ada")).toBeUndefined();
  });

  it("leaves a maker's accepted logo in place: it is no column of the row (issue 45, decision 084)", async () => {
    const [tool] = await rawQuery<{ id: number }>("select id from tools where slug = 'ada'");
    const logo = { kind: "upload", key: `logos/${"a".repeat(32)}-1764806400000.webp` };
    await rawQuery("insert into tool_listing_overrides (tool_id, field, value) values ($1, 'logo', $2)", [tool!.id, JSON.stringify(logo)]);
    const file = path.join(contentDir, "tools", "ada.json");
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), tagline: "Edited for the logo override's sync test" }, null, 2));
    expect((await syncEditorialContent(getDb(), loadEditorialContent(contentDir))).tools.updated).toBe(1);
    expect(await rawQuery("select field, value from tool_listing_overrides where tool_id = $1", [tool!.id])).toEqual([{ field: "logo", value: logo }]);
    await rawQuery("delete from tool_listing_overrides where tool_id = $1", [tool!.id]);
  });

  it("removes a tool whose file is gone, with its editorial review and pair verdicts", async () => {
    unlinkSync(path.join(contentDir, "reviews", "midjourney.json"));
    unlinkSync(path.join(contentDir, "tools", "midjourney.json"));
    // Its data and security facts name it too (decision 081): a file naming a tool that is gone stops the load.
    unlinkSync(path.join(contentDir, "facts", "midjourney.json"));
    // A verdict naming a tool that is gone stops the load (decision 043): its file goes with the tool's.
    const verdicts = readdirSync(path.join(contentDir, "pair-verdicts")).filter((name) =>
      name
        .replace(/\.json$/, "")
        .split("-vs-")
        .includes("midjourney"),
    );
    expect(verdicts.length).toBeGreaterThan(0);
    for (const name of verdicts) unlinkSync(path.join(contentDir, "pair-verdicts", name));
    for (const name of readdirSync(path.join(contentDir, "tools"))) {
      const file = path.join(contentDir, "tools", name);
      const tool = JSON.parse(readFileSync(file, "utf8"));
      if (!tool.alternatives.includes("midjourney")) continue;
      tool.alternatives = tool.alternatives.filter((slug: string) => slug !== "midjourney");
      writeFileSync(file, JSON.stringify(tool));
    }
    // A task may list only tools of the catalogue: the tasks naming it lose it too (their ranked tools are rewritten).
    for (const name of readdirSync(path.join(contentDir, "tasks"))) {
      const file = path.join(contentDir, "tasks", name);
      const task = JSON.parse(readFileSync(file, "utf8"));
      if (!task.tools.some((tool: { slug: string }) => tool.slug === "midjourney")) continue;
      task.tools = task.tools.filter((tool: { slug: string }) => tool.slug !== "midjourney");
      if (task.tools.length >= 3) writeFileSync(file, JSON.stringify(task));
      else unlinkSync(file);
    }
    const content = loadEditorialContent(contentDir);
    const report = await syncEditorialContent(getDb(), content);
    expect(report.tools.deleted).toBe(1);
    expect(report.pairVerdicts.deleted).toBe(verdicts.length);
    expect(await rawQuery("select pair from pair_verdicts where 'midjourney' in (first_slug, second_slug)")).toEqual([]);
    expect(report.tools.updated).toBeGreaterThan(0);
    expect(report.reviews.deleted).toBe(1);
    expect(report.dataFacts.deleted).toBe(1);
    expect(await rawQuery("select tool_slug from tool_data_facts where tool_slug = 'midjourney'")).toEqual([]);
    expect(await rawQuery("select slug from tools where slug = 'midjourney'")).toEqual([]);
    expect(report.tasks.updated).toBeGreaterThan(0);
    expect(await rawQuery("select task_slug from task_tools where tool_slug = 'midjourney'")).toEqual([]);
  });

  it("keeps the synonym table, the task phrases and the typo lexicon in step with the files (decision 046)", async () => {
    const synonymsFile = path.join(contentDir, "search-synonyms.json");
    const synonyms = JSON.parse(readFileSync(synonymsFile, "utf8")) as { groups: string[][] };
    writeFileSync(synonymsFile, JSON.stringify({ groups: [...synonyms.groups, ["zebrafication", "zebra making"]] }));
    const taskFile = path.join(contentDir, "tasks", "remove-image-background.json");
    const task = JSON.parse(readFileSync(taskFile, "utf8"));
    writeFileSync(taskFile, JSON.stringify({ ...task, synonyms: [...task.synonyms, "quokkafy a photo"] }));
    const report = await syncEditorialContent(getDb(), loadEditorialContent(contentDir));
    expect(report.searchSynonyms).toEqual({ inserted: 1, updated: 0, deleted: 0 });
    expect(report.tasks).toEqual({ inserted: 0, updated: 1, deleted: 0 });
    expect(await rawQuery("select task_slug from task_phrases where phrase = 'quokkafy a photo'")).toEqual([{ task_slug: "remove-image-background" }]);
    expect(await rawQuery("select word from search_words where word in ('quokkafy', 'zebrafication') order by word")).toEqual([{ word: "quokkafy" }, { word: "zebrafication" }]);

    writeFileSync(synonymsFile, JSON.stringify(synonyms));
    writeFileSync(taskFile, JSON.stringify(task));
    const restored = await syncEditorialContent(getDb(), loadEditorialContent(contentDir));
    expect(restored.searchSynonyms).toEqual({ inserted: 0, updated: 0, deleted: 1 });
    expect(await rawQuery("select task_slug from task_phrases where phrase = 'quokkafy a photo'")).toEqual([]);
    expect(await rawQuery("select word from search_words where word in ('quokkafy', 'zebrafication')")).toEqual([]);
    // A phrase in two groups is refused, naming the file.
    writeFileSync(synonymsFile, JSON.stringify({ groups: [...synonyms.groups, ["Dictation", "xy"]] }));
    expect(() => loadEditorialContent(contentDir)).toThrow(/search-synonyms\.json: groups\.\d+\.0: must be lowercase/);
    writeFileSync(synonymsFile, JSON.stringify({ groups: [...synonyms.groups, ["dictation", "note dictating"]] }));
    expect(() => loadEditorialContent(contentDir)).toThrow(/search-synonyms\.json: groups\.\d+: "dictation" is also in group 1/);
    writeFileSync(synonymsFile, JSON.stringify(synonyms));
  });

  it("never updates or deletes a community tool, and refuses a file that would take its slug", async () => {
    // An approved submission, as models/submission/mutations.server.ts writes it.
    await rawQuery(`insert into tools (id, source, slug, name, tagline, description, category_slug, rating, website_url, pricing_url, pricing_model, plans, is_free, is_pro, has_free_trial,
      features, capabilities, use_cases, alternatives, added_at, content_hash)
      values (nextval('community_tool_ids'), 'community', 'community-writer', 'Community Writer', 'A tagline long enough', '${"A description. ".repeat(8)}',
      'content-writing', 0, 'https://community-writer.example', 'https://community-writer.example', 'free', '[{"name":"Free","price":0,"currency":"USD","period":"month","limits":"Everything"}]', true, false, false, '[]', '["Free plan"]', '[]', '[]', '2026-11-23', 'community')`);
    const [{ id } = { id: 0 }] = await rawQuery<{ id: number }>("select id from tools where slug = 'community-writer'");
    expect(id).toBeGreaterThanOrEqual(1_000_000);

    const report = await syncEditorialContent(getDb(), loadEditorialContent(contentDir));
    expect(report.tools).toEqual({ inserted: 0, updated: 0, deleted: 0 });
    // A changed editorial file and a removed one: the sync writes, and the community row stays as it was.
    const file = path.join(contentDir, "tools", "chatgpt.json");
    const tool = JSON.parse(readFileSync(file, "utf8"));
    writeFileSync(file, JSON.stringify({ ...tool, tagline: "Another edited tagline for the sync test" }, null, 2));
    const changed = await syncEditorialContent(getDb(), loadEditorialContent(contentDir));
    expect(changed.tools).toEqual({ inserted: 0, updated: 1, deleted: 0 });
    expect(await rawQuery("select id, name, source, content_hash from tools where slug = 'community-writer'")).toEqual([
      { id, name: "Community Writer", source: "community", content_hash: "community" },
    ]);

    writeFileSync(
      path.join(contentDir, "tools", "community-writer.json"),
      JSON.stringify({
        ...tool,
        id: 9999,
        slug: "community-writer",
        websiteUrl: "https://other-writer.example",
        pricingUrl: "https://other-writer.example/pricing",
        platformsSource: undefined,
      }),
    );
    await expect(syncEditorialContent(getDb(), loadEditorialContent(contentDir))).rejects.toThrow(/community-writer\.json: the slug belongs to a community tool/);
    unlinkSync(path.join(contentDir, "tools", "community-writer.json"));
    writeFileSync(
      path.join(contentDir, "tools", "high-id.json"),
      JSON.stringify({ ...tool, id: 1_000_000, slug: "high-id", websiteUrl: "https://high-id.example", platformsSource: undefined }),
    );
    expect(() => loadEditorialContent(contentDir)).toThrow(/high-id\.json: id: must be below 1000000/);
    unlinkSync(path.join(contentDir, "tools", "high-id.json"));
    expect(await rawQuery("select count(*)::int as n from tools where source = 'community'")).toEqual([{ n: 1 }]);
  });

  it("stops with a message naming the file and field when content is invalid", () => {
    const file = path.join(contentDir, "tools", "chatgpt.json");
    const tool = JSON.parse(readFileSync(file, "utf8"));
    writeFileSync(file, JSON.stringify({ ...tool, rating: 7 }));
    expect(() => loadEditorialContent(contentDir)).toThrow(ContentError);
    expect(() => loadEditorialContent(contentDir)).toThrow(/chatgpt\.json: rating:/);
    writeFileSync(file, JSON.stringify({ ...tool, categoryId: "no-such-category" }));
    expect(() => loadEditorialContent(contentDir)).toThrow(/categoryId "no-such-category" is not in categories.json/);
    writeFileSync(file, JSON.stringify(tool));
  });
});

describe("articles, rendered only for the rows the sync writes (decision 041)", () => {
  type PostRow = { slug: string; html: string; updated: string; hash: string };
  const postRows = async () =>
    new Map((await rawQuery<PostRow>("select slug, html, updated_at::text as updated, content_hash as hash from posts order by slug")).map((row) => [row.slug, row]));
  const sync = async () => {
    renderer.calls = 0;
    return (await syncEditorialContent(getDb(), loadEditorialContent(contentDir))).posts;
  };
  const articleCount = () => readdirSync(path.join(contentDir, "posts")).filter((name) => name.endsWith(".md")).length;

  it("renders no article on a start whose content is unchanged, even when the renderer would fail", async () => {
    await sync();
    expect(await sync()).toEqual({ inserted: 0, updated: 0, deleted: 0 });
    expect(renderer.calls).toBe(0);
    renderer.fail = true;
    try {
      expect(await sync()).toEqual({ inserted: 0, updated: 0, deleted: 0 });
    } finally {
      renderer.fail = false;
    }
  });

  it("renders and rewrites an article whose body changed, and only that one; a renderer failure then stops the start naming the file", async () => {
    const file = path.join(contentDir, "posts", "midjourney-vs-dall-e.md");
    const source = readFileSync(file, "utf8");
    const before = await postRows();
    writeFileSync(file, `${source.trimEnd()}\n\nA paragraph added for the sync test.\n`);
    renderer.fail = true;
    try {
      await expect(sync()).rejects.toThrow(/^content\/posts\/midjourney-vs-dall-e\.md: could not be rendered \(the renderer failed\)$/);
      await expect(sync()).rejects.toThrow(ContentError);
    } finally {
      renderer.fail = false;
    }
    expect(await sync()).toEqual({ inserted: 0, updated: 1, deleted: 0 });
    expect(renderer.calls).toBe(1);
    const after = await postRows();
    expect(after.get("midjourney-vs-dall-e")!.html).toContain("<p>A paragraph added for the sync test.</p>");
    expect(after.get("midjourney-vs-dall-e")!.updated > before.get("midjourney-vs-dall-e")!.updated).toBe(true);
    for (const [slug, row] of after) if (slug !== "midjourney-vs-dall-e") expect(row, slug).toEqual(before.get(slug));
    writeFileSync(file, source);
    expect(await sync()).toEqual({ inserted: 0, updated: 1, deleted: 0 });
  });

  it("rewrites the articles whose tool links lead elsewhere when a tool's slug changes, and only the hash of the others", async () => {
    const toolsDir = path.join(contentDir, "tools");
    const renameTool = (from: string, to: string) => {
      const tool = JSON.parse(readFileSync(path.join(toolsDir, `${from}.json`), "utf8"));
      unlinkSync(path.join(toolsDir, `${from}.json`));
      writeFileSync(path.join(toolsDir, `${to}.json`), JSON.stringify({ ...tool, slug: to }));
      const factsFile = path.join(contentDir, "facts", `${from}.json`);
      if (existsSync(factsFile)) {
        const facts = JSON.parse(readFileSync(factsFile, "utf8"));
        unlinkSync(factsFile);
        writeFileSync(path.join(contentDir, "facts", `${to}.json`), JSON.stringify({ ...facts, tool: to }));
      }
      for (const name of readdirSync(toolsDir)) {
        const other = JSON.parse(readFileSync(path.join(toolsDir, name), "utf8"));
        if (other.alternatives.includes(from))
          writeFileSync(path.join(toolsDir, name), JSON.stringify({ ...other, alternatives: other.alternatives.map((slug: string) => (slug === from ? to : slug)) }));
      }
      // The tool's pair verdicts name it too (decision 043); the new slug keeps their alphabetical order here.
      const verdictsDir = path.join(contentDir, "pair-verdicts");
      for (const name of readdirSync(verdictsDir)) {
        const verdict = JSON.parse(readFileSync(path.join(verdictsDir, name), "utf8"));
        if (!verdict.tools.includes(from)) continue;
        const tools = verdict.tools.map((slug: string) => (slug === from ? to : slug));
        unlinkSync(path.join(verdictsDir, name));
        writeFileSync(path.join(verdictsDir, `${tools.join("-vs-")}.json`), JSON.stringify({ ...verdict, tools }));
      }
      // Tasks name tools by slug too (issue 29).
      const tasksDir = path.join(contentDir, "tasks");
      for (const name of readdirSync(tasksDir)) {
        const task = JSON.parse(readFileSync(path.join(tasksDir, name), "utf8"));
        if (task.tools.some((tool: { slug: string }) => tool.slug === from))
          writeFileSync(
            path.join(tasksDir, name),
            JSON.stringify({ ...task, tools: task.tools.map((tool: { slug: string }) => (tool.slug === from ? { ...tool, slug: to } : tool)) }),
          );
      }
    };
    const before = await postRows();
    const linking = [...before.values()].filter((row) => row.html.includes('href="/go/tool/bolt-new"')).map((row) => row.slug);
    expect(linking.length).toBeGreaterThan(0);
    expect(linking.length).toBeLessThan(before.size);
    renameTool("bolt-new", "bolt-renamed");
    try {
      expect(await sync()).toEqual({ inserted: 0, updated: linking.length, deleted: 0 });
      // Which articles link the tool is known only once they are rendered: all are.
      expect(renderer.calls).toBe(articleCount());
      const after = await postRows();
      for (const [slug, row] of after) {
        if (linking.includes(slug)) {
          expect(row.html, slug).toContain('href="/go/tool/bolt-renamed"');
          expect(row.html, slug).not.toContain('href="/go/tool/bolt-new"');
          expect(row.updated > before.get(slug)!.updated, slug).toBe(true);
        } else {
          // The same page: its hash is rewritten (so the next start renders nothing) but not its date.
          expect({ ...row, hash: before.get(slug)!.hash }, slug).toEqual(before.get(slug));
          expect(row.hash, slug).not.toBe(before.get(slug)!.hash);
        }
      }
      expect(await sync()).toEqual({ inserted: 0, updated: 0, deleted: 0 });
      expect(renderer.calls).toBe(0);
    } finally {
      renameTool("bolt-renamed", "bolt-new");
    }
    expect(await sync()).toEqual({ inserted: 0, updated: linking.length, deleted: 0 });
    expect([...(await postRows()).values()].map((row) => row.html)).toEqual([...before.values()].map((row) => row.html));
  });

  it("rewrites every article when the renderer changed, and only the hashes when its output did not", async () => {
    const before = await postRows();
    renderer.fingerprint = "a changed renderer";
    renderer.marker = "changed renderer";
    try {
      expect(await sync()).toEqual({ inserted: 0, updated: articleCount(), deleted: 0 });
      expect(renderer.calls).toBe(articleCount());
      for (const [slug, row] of await postRows()) expect(row.html, slug).toBe(`${before.get(slug)!.html}<!-- changed renderer -->`);

      // Another change to its code with the same output: every article rendered, none rewritten, and none the next time.
      const rendered = await postRows();
      renderer.fingerprint = "a refactored renderer";
      expect(await sync()).toEqual({ inserted: 0, updated: 0, deleted: 0 });
      expect(renderer.calls).toBe(articleCount());
      for (const [slug, row] of await postRows()) expect({ ...row, hash: "" }, slug).toEqual({ ...rendered.get(slug), hash: "" });
      await sync();
      expect(renderer.calls).toBe(0);
    } finally {
      renderer.fingerprint = null;
      renderer.marker = null;
    }
    expect(await sync()).toEqual({ inserted: 0, updated: articleCount(), deleted: 0 });
    for (const [slug, row] of await postRows()) expect(row.html, slug).toBe(before.get(slug)!.html);
  });

  it("takes a database synced before decision 041 (a row hash alone) without rewriting an article", async () => {
    const before = await postRows();
    await rawQuery("update posts set content_hash = split_part(content_hash, ':', 2)");
    expect(await sync()).toEqual({ inserted: 0, updated: 0, deleted: 0 });
    expect(renderer.calls).toBe(articleCount());
    expect(await postRows()).toEqual(before);
    await sync();
    expect(renderer.calls).toBe(0);
  });
});
