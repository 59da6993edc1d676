// Inserts a synthetic catalogue of N tools into the app's database for load
// and speed tests. Never shipped as content: the next content sync removes it.
import { readFileSync } from "node:fs";
import { comparableMonthlyUsd } from "../app/lib/tool/pricing.ts";
import { teamCostTerms } from "../app/lib/tool/team-cost.ts";

const WORDS = [
  "Nova",
  "Quill",
  "Pixel",
  "Echo",
  "Atlas",
  "Flux",
  "Lumen",
  "Vector",
  "Orbit",
  "Prism",
  "Spark",
  "Cobalt",
  "Rune",
  "Helix",
  "Drift",
  "Forge",
  "Mosaic",
  "Pulse",
  "Tandem",
  "Vista",
];
const SUFFIX = ["AI", "Studio", "Writer", "Labs", "Copilot", "Assist", "Genie", "Flow", "Pro", "Hub"];
const TOPICS = [
  "blog posts",
  "product images",
  "sales emails",
  "podcast audio",
  "code reviews",
  "meeting notes",
  "social captions",
  "SEO briefs",
  "video clips",
  "support replies",
];
// Structured pricing as content files have it (decisions 025 and 030), with every term a plan can carry (per seat
// and its minimum, billed annually, yearly, one-time, usage, use on top, euros and pounds); the figures the sync
// stores come from lib/tool/pricing.ts itself (comparableMonthlyUsd → price_monthly_usd; a price-0 plan → is_free).
const RATES = JSON.parse(readFileSync(new URL("../content/currency-rates.json", import.meta.url), "utf8"));
const plan = (name, price, period = "month", extra = {}) => ({
  name,
  price,
  ...(price === null ? {} : { currency: "USD", period }),
  ...extra,
  limits: "Synthetic plan",
});
// Ten shapes, as before decision 030: a tool's shape follows `i` as its name's suffix does, so the benchmark's
// queries meet the same mix they were measured with; the terms ride on the same shapes.
const PRICING = [
  { model: "free", plans: [plan("Free", 0)] },
  { model: "freemium", plans: [plan("Free", 0), plan("Pro", 29), plan("Studio", 295, "one-time")] },
  { model: "paid", plans: [plan("Starter", 9), plan("Team", 49, "month", { per: "user", plusUsage: true })] },
  { model: "pay-per-use", plans: [plan("API", 0.5, "usage", { unit: "per 1,000 requests" })] },
  { model: "paid", plans: [plan("Pro", 19, "month", { billedAnnually: true })] },
  { model: "contact-sales", plans: [plan("Enterprise", null)] },
  { model: "freemium", plans: [plan("Free", 0), plan("Plus", 15), plan("Teams", 100, "year", { per: "person", minSeats: 3 }), plan("Enterprise", null)] },
  { model: "paid", plans: [plan("Business", 99, "month", { per: "seat", minSeats: 5, billedAnnually: true }), plan("Enterprise", null)] },
  { model: "paid", plans: [plan("Licence", 249, "year", { currency: "GBP", per: "user" })] },
  { model: "freemium", plans: [plan("Free", 0), plan("Pro", 49, "month", { currency: "EUR" })] },
].map((pricing) => ({ ...pricing, priceMonthlyUsd: comparableMonthlyUsd(pricing, RATES), teamCostTerms: teamCostTerms(pricing, RATES) }));

function* syntheticTools(count, categories, firstId) {
  for (let i = 0; i < count; i++) {
    const id = firstId + i;
    const name = `${WORDS[i % WORDS.length]} ${WORDS[Math.floor(i / WORDS.length) % WORDS.length]} ${SUFFIX[i % SUFFIX.length]} ${id}`;
    const topic = TOPICS[(i * 7) % TOPICS.length];
    yield {
      id,
      slug: `gen-${id}`,
      name,
      tagline: `Generates ${topic} for small teams.`,
      description: `${name} is a synthetic benchmark entry that helps with ${topic}. It exists only to measure how the directory behaves with a large catalogue.`,
      category: categories[i % categories.length],
      rating: Math.round((3 + ((i * 37) % 20) / 10) * 10) / 10,
      pricing: PRICING[(i * 7) % PRICING.length],
      addedAt: `2026-${String(1 + (i % 10)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`,
      hasFreeTrial: i % 5 === 0,
      featured: false,
    };
  }
}

/** Inserts `count` tools in batches of 1,000 through the app's own connection. */
export async function generateCatalogue(app, count) {
  const categories = (await app.query("select slug from categories order by sort_order")).map((row) => row.slug);
  const [{ max }] = await app.query("select coalesce(max(id), 0)::int as max from tools");
  const batch = [];
  const flush = async () => {
    if (!batch.length) return;
    const values = [];
    const params = [];
    for (const tool of batch) {
      const base = params.length;
      values.push(`(${Array.from({ length: 17 }, (_, k) => `$${base + k + 1}`).join(",")}, '[]', '[]', '[]', '[]', 'generated')`);
      params.push(
        tool.id,
        tool.slug,
        tool.name,
        tool.tagline,
        tool.description,
        tool.category,
        tool.rating,
        `https://example.com/${tool.slug}`,
        `https://example.com/${tool.slug}/pricing`,
        tool.pricing.model,
        JSON.stringify(tool.pricing.plans),
        tool.pricing.priceMonthlyUsd,
        tool.pricing.plans.some((p) => p.price === 0),
        tool.pricing.plans.some((p) => p.price !== 0),
        tool.hasFreeTrial,
        tool.addedAt,
        JSON.stringify(tool.pricing.teamCostTerms),
      );
    }
    await app.query(
      `insert into tools (id, slug, name, tagline, description, category_slug, rating, website_url, pricing_url, pricing_model, plans, price_monthly_usd, is_free, is_pro,
                          has_free_trial, added_at, team_cost_terms, features, capabilities, use_cases, alternatives, content_hash) values ${values.join(",")}`,
      params,
    );
    batch.length = 0;
  };
  // Loaded without the table's secondary indexes (the trigram and sort indexes), then they are built again from their
  // own definitions: building each once costs about a third of keeping all of them up to date row by row (20,000 tools
  // measured on 2026-12-06: 18 s of CPU on PGlite, 12.5 s on PostgreSQL, against 8 s and 5 s). The directory-plans
  // test finds them in its plans. Unique indexes and those of constraints stay throughout.
  const secondary = await app.query(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition from pg_index i
      where i.indrelid = 'tools'::regclass and not i.indisunique and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  for (const index of secondary) await app.query(`drop index ${index.name}`);
  for (const tool of syntheticTools(count, categories, max + 1000)) {
    batch.push(tool);
    if (batch.length === 1000) await flush();
  }
  await flush();
  for (const index of secondary) await app.query(index.definition);
  await app.query("refresh materialized view search_words");
  await app.query("analyze tools");
}
