// Inserts a synthetic catalogue of N tools into the app's database for load
// and speed tests. Never shipped as content: the next content sync removes it.
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
const PRICING = [
  "free",
  "freemium",
  "paid",
  "pay-per-use",
  "From $9/month",
  "From $19/month",
  "Free plan; Pro $29/month",
  "From $49/month",
  "$0",
  "From $99/month",
  "From $249/month",
  "Free trial, then $15/month",
];

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
      pricing: PRICING[(i * 5) % PRICING.length],
      isFree: i % 3 === 0,
      isPro: i % 4 === 0,
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
      values.push(`(${Array.from({ length: 12 }, (_, k) => `$${base + k + 1}`).join(",")}, '[]', '[]', '[]', '[]', '2026-11-22', 'generated')`);
      params.push(
        tool.id,
        tool.slug,
        tool.name,
        tool.tagline,
        tool.description,
        tool.category,
        tool.rating,
        `https://example.com/${tool.slug}`,
        tool.pricing,
        tool.isFree,
        tool.isPro,
        tool.hasFreeTrial,
      );
    }
    await app.query(
      `insert into tools (id, slug, name, tagline, description, category_slug, rating, website_url, pricing, is_free, is_pro, has_free_trial,
                          features, capabilities, use_cases, alternatives, last_checked, content_hash) values ${values.join(",")}`,
      params,
    );
    batch.length = 0;
  };
  for (const tool of syntheticTools(count, categories, max + 1000)) {
    batch.push(tool);
    if (batch.length === 1000) await flush();
  }
  await flush();
  await app.query("refresh materialized view search_words");
  await app.query("analyze tools");
}
