// `npm run user:role -- EMAIL ROLE`: makes an account a reader, editor or owner, in the database the server uses
// (PostgreSQL when DATABASE_URL is set, else the embedded one, which needs the server stopped).
import { parseArgs } from "node:util";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { isRole, ROLES } from "../app/lib/account/roles.ts";
import { CliError, readEnv, run } from "./backup/cli.ts";
import { hasPgliteDatabase, lockForScript, pgliteDir } from "./backup/pglite.ts";
import { connect } from "./backup/postgres.ts";

const USAGE = `Usage: npm run user:role -- EMAIL ROLE

Gives the account with this email address the role ${ROLES.join(", ")} (each includes the ones before it).
Addresses in OWNER_EMAILS are made owners again at every start. With the embedded database the server must be
stopped; with DATABASE_URL it can run at any time (the new role applies to the next request).`;

type Query = <T>(text: string, params: unknown[]) => Promise<T[]>;

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
  const release = lockForScript(dataDir, "npm run user:role");
  const client = await PGlite.create(pgliteDir(dataDir));
  try {
    return await work(async (text, params) => (await client.query(text, params)).rows as never);
  } finally {
    await client.close();
    release();
  }
}

await run("Role change", async () => {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { help: { type: "boolean", short: "h" } } });
  if (values.help) return console.log(USAGE);
  const [email, role] = positionals;
  if (!email || !role || positionals.length > 2) throw new CliError(`give an email address and a role.\n\n${USAGE}`);
  if (!isRole(role)) throw new CliError(`"${role}" is not a role: use one of ${ROLES.join(", ")}.`);
  const changed = await withDatabase(async (query) => {
    const [before] = await query<{ email: string; role: string }>("select email, role from users where lower(email) = lower($1)", [email.trim()]);
    if (!before) throw new CliError(`no account has the email address ${email} (it must have signed up first).`);
    await query("update users set role = $1, updated_at = now() where lower(email) = lower($2)", [role, email.trim()]);
    return before;
  });
  console.log(changed.role === role ? `${changed.email} is already ${role}.` : `${changed.email} is now ${role} (was ${changed.role}).`);
});
