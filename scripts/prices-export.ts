// `npm run prices:export [-- --clear] [-- --content-dir DIR]`: writes editors' pricing overrides (decision 036) into
// their content/tools/<slug>.json, from the database the server uses (PostgreSQL when DATABASE_URL is set, else the
// embedded one, which needs the server stopped).
import { parseArgs } from "node:util";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { exportOverride, fileMatches, type Override } from "../app/models/content/pricing-export.ts";
import type { Plan, PricingModel } from "../app/lib/tool/pricing.ts";
import { CliError, readEnv, run } from "./backup/cli.ts";
import { hasPgliteDatabase, lockForScript, pgliteDir } from "./backup/pglite.ts";
import { connect } from "./backup/postgres.ts";

const USAGE = `Usage: npm run prices:export [-- --clear] [-- --content-dir DIR]

Writes each editor's pricing override (made in /admin/prices/<slug>) into its tool's file, content/tools/<slug>.json:
the pricing, hasFreeTrial, isFree, isPro and the 'Free plan'/'Free trial' capabilities, the rest of the file as it
was. Review the change with git diff, commit and deploy it. Then run it again with --clear: it deletes the overrides
whose file now says the same (an override whose file differs is kept). With the embedded database the server must be
stopped; with DATABASE_URL it can run at any time.`;

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

async function withDatabase<T>(work: (query: Query) => Promise<T>): Promise<T> {
  const env = readEnv();
  if (env.DATABASE_URL) {
    const client = await connect(env.DATABASE_URL);
    try {
      return await work(async (text, params) => (await client.query(text, params)).rows);
    } finally {
      await client.end();
    }
  }
  const dataDir = path.resolve(env.DATA_DIR);
  if (!hasPgliteDatabase(dataDir)) throw new CliError(`there is no database in ${pgliteDir(dataDir)} yet (start the site once, or set DATA_DIR).`);
  const release = lockForScript(dataDir, "npm run prices:export");
  const client = await PGlite.create(pgliteDir(dataDir));
  try {
    return await work(async (text, params) => (await client.query(text, params)).rows as never);
  } finally {
    await client.close();
    release();
  }
}

type Row = { tool_id: number; slug: string; pricing_model: PricingModel; plans: Plan[]; has_free_trial: boolean; updated_at: string; editor: string | null; note: string | null };

await run("Prices export", async () => {
  const { values } = parseArgs({ options: { clear: { type: "boolean" }, "content-dir": { type: "string", default: "content" }, help: { type: "boolean", short: "h" } } });
  if (values.help) return console.log(USAGE);
  const contentDir = path.resolve(values["content-dir"]);
  await withDatabase(async (query) => {
    const rows = await query<Row>(
      `select o.tool_id, t.slug, o.pricing_model, o.plans, o.has_free_trial, o.updated_at::text, u.email as editor, o.note
       from tool_pricing_overrides o join tools t on t.id = o.tool_id left join users u on u.id = o.editor_id
       where t.source = 'editorial' order by t.slug`,
    );
    if (!rows.length) return console.log("No pricing overrides: every editorial tool's prices are its file's.");
    const cleared: number[] = [];
    for (const row of rows) {
      const override: Override = { slug: row.slug, pricingModel: row.pricing_model, plans: row.plans, hasFreeTrial: row.has_free_trial };
      const outcome = exportOverride(contentDir, override);
      const by = `${row.updated_at.slice(0, 10)}${row.editor ? ` by ${row.editor}` : ""}${row.note ? `: ${row.note}` : ""}`;
      const file = path.relative(process.cwd(), path.join(contentDir, "tools", `${row.slug}.json`));
      console.log(`${file}: ${outcome === "written" ? "written" : outcome === "unchanged" ? "already says it" : "no such file"} (override of ${by})`);
      if (values.clear && fileMatches(contentDir, override)) cleared.push(row.tool_id);
    }
    if (values.clear && cleared.length) await query("delete from tool_pricing_overrides where tool_id = any($1::int[])", [cleared]);
    if (values.clear) console.log(`${cleared.length} override(s) deleted: their files say the same now.`);
  });
});
