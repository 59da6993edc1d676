import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, unlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, getDb, openDatabase, rawQuery } from "~/utils/db.server";
import { appRoot } from "~/utils/paths.server";
import { ContentError, loadEditorialContent } from "./load.server";
import { syncEditorialContent } from "./sync.server";

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
    // Course titles and instructors join the typo lexicon ('Portilla' is an instructor's name).
    expect(await rawQuery("select word from search_words where word = 'portilla'")).toEqual([{ word: "portilla" }]);
  });

  it("changes nothing on a second start with the same files", async () => {
    const before = await rawQuery<{ max: string }>("select max(updated_at)::text as max from tools");
    const report = await syncEditorialContent(getDb(), loadEditorialContent(contentDir));
    for (const counts of Object.values(report)) expect(counts).toEqual({ inserted: 0, updated: 0, deleted: 0 });
    expect(await rawQuery("select max(updated_at)::text as max from tools")).toEqual(before);
  });

  it("stores the structured pricing with the figures lib/pricing derives, and no change date on a first insert", async () => {
    const rows = await rawQuery<{ slug: string; pricing_model: string; price_monthly_usd: string | null; is_free: boolean; added_at: string; changed: string | null }>(
      "select slug, pricing_model, price_monthly_usd, is_free, added_at::text as added_at, content_changed_at::text as changed from tools where slug in ('chatgpt', 'surfer-seo', 'darktrace') order by slug",
    );
    expect(rows.map((row) => [row.slug, row.pricing_model, row.price_monthly_usd === null ? null : Number(row.price_monthly_usd), row.is_free])).toEqual([
      ["chatgpt", "freemium", 20, true],
      ["darktrace", "contact-sales", null, false],
      ["surfer-seo", "paid", 79, false],
    ]);
    expect(rows.map((row) => row.changed)).toEqual([null, null, null]);
    expect(rows[0]?.added_at).toBe(JSON.parse(readFileSync(path.join(contentDir, "tools", "chatgpt.json"), "utf8")).addedAt);
  });

  it("updates exactly the rows of an edited file, recording when its content changed", async () => {
    const file = path.join(contentDir, "tools", "chatgpt.json");
    const tool = JSON.parse(readFileSync(file, "utf8"));
    writeFileSync(file, JSON.stringify({ ...tool, tagline: "An edited tagline for the sync test" }, null, 2));
    const report = await syncEditorialContent(getDb(), loadEditorialContent(contentDir));
    expect(report.tools).toEqual({ inserted: 0, updated: 1, deleted: 0 });
    const [row] = await rawQuery<{ tagline: string; changed: string | null }>("select tagline, content_changed_at::text as changed from tools where slug = 'chatgpt'");
    expect(row?.tagline).toBe("An edited tagline for the sync test");
    expect(row?.changed).not.toBeNull();
    expect(await rawQuery("select slug from tools where content_changed_at is not null")).toEqual([{ slug: "chatgpt" }]);
  });

  it("removes a tool whose file is gone, with its editorial review", async () => {
    unlinkSync(path.join(contentDir, "reviews", "midjourney.json"));
    unlinkSync(path.join(contentDir, "tools", "midjourney.json"));
    for (const name of readdirSync(path.join(contentDir, "tools"))) {
      const file = path.join(contentDir, "tools", name);
      const tool = JSON.parse(readFileSync(file, "utf8"));
      if (!tool.alternatives.includes("midjourney")) continue;
      tool.alternatives = tool.alternatives.filter((slug: string) => slug !== "midjourney");
      writeFileSync(file, JSON.stringify(tool));
    }
    const content = loadEditorialContent(contentDir);
    const report = await syncEditorialContent(getDb(), content);
    expect(report.tools.deleted).toBe(1);
    expect(report.tools.updated).toBeGreaterThan(0);
    expect(report.reviews.deleted).toBe(1);
    expect(await rawQuery("select slug from tools where slug = 'midjourney'")).toEqual([]);
  });

  it("never updates or deletes a community tool, and refuses a file that would take its slug", async () => {
    // An approved submission, as models/submission/mutations.server.ts writes it.
    await rawQuery(`insert into tools (id, source, slug, name, tagline, description, category_slug, rating, website_url, pricing_model, plans, is_free, is_pro, has_free_trial,
      features, capabilities, use_cases, alternatives, last_checked, added_at, content_hash)
      values (nextval('community_tool_ids'), 'community', 'community-writer', 'Community Writer', 'A tagline long enough', '${"A description. ".repeat(8)}',
      'content-writing', 0, 'https://community-writer.example', 'free', '[{"name":"Free","price":0,"currency":"USD","period":"month","limits":"Everything"}]', true, false, false, '[]', '["Free plan"]', '[]', '[]', '2026-11-23', '2026-11-23', 'community')`);
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
      JSON.stringify({ ...tool, id: 9999, slug: "community-writer", websiteUrl: "https://other-writer.example" }),
    );
    await expect(syncEditorialContent(getDb(), loadEditorialContent(contentDir))).rejects.toThrow(/community-writer\.json: the slug belongs to a community tool/);
    unlinkSync(path.join(contentDir, "tools", "community-writer.json"));
    writeFileSync(path.join(contentDir, "tools", "high-id.json"), JSON.stringify({ ...tool, id: 1_000_000, slug: "high-id", websiteUrl: "https://high-id.example" }));
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
