// `npm run report:clicks [-- --days N]`: outbound (affiliate) clicks per link and per day, from the database the
// server uses (PostgreSQL when DATABASE_URL is set, else the embedded one, which needs the server stopped).
import { parseArgs } from "node:util";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { clickReportSql, formatClickReport, type ClickReportRow } from "../app/models/affiliate/report.ts";
import { CliError, readEnv, run } from "./backup/cli.ts";
import { hasPgliteDatabase, lockForScript, pgliteDir } from "./backup/pglite.ts";
import { connect } from "./backup/postgres.ts";

const USAGE = `Usage: npm run report:clicks [-- --days N]

Prints the clicks on outbound links (/go/...) per link and per day for the last N days (default 30): clicks,
distinct visitors (by the daily-salted hash, never an address) and the priority value (high=10, medium=5, other 1).
With the embedded database the server must be stopped; with DATABASE_URL it can run at any time.`;

await run("Clicks report", async () => {
  const { values } = parseArgs({ options: { days: { type: "string", default: "30" }, help: { type: "boolean", short: "h" } } });
  if (values.help) return console.log(USAGE);
  const days = Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 3660) throw new CliError(`--days must be a whole number from 1 to 3660, not "${values.days}".`);
  const env = readEnv();
  let rows: ClickReportRow[];
  if (env.DATABASE_URL) {
    const client = await connect(env.DATABASE_URL);
    try {
      rows = (await client.query<ClickReportRow>(clickReportSql(days))).rows;
    } finally {
      await client.end();
    }
  } else {
    const dataDir = path.resolve(env.DATA_DIR);
    if (!hasPgliteDatabase(dataDir)) throw new CliError(`there is no database in ${pgliteDir(dataDir)} yet (start the site once, or set DATA_DIR).`);
    const release = lockForScript(dataDir, "npm run report:clicks");
    const client = await PGlite.create(pgliteDir(dataDir));
    try {
      rows = (await client.query<ClickReportRow>(clickReportSql(days))).rows;
    } finally {
      await client.close();
      release();
    }
  }
  console.log(formatClickReport(rows, days));
});
