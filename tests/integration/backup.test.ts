import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedUser, signIn, uniqueIp } from "../support/accounts";
import { backends, BASE_URL, scratchPostgres, type TestApp } from "../support/app";
import { projectRoot, serverBuildPath, templateDataDir } from "../support/paths";

type App = { handle: (request: Request) => Promise<Response>; query: TestApp["query"]; stop: () => Promise<void> };

/** Runs a script as the operator would (`npm run db:backup` runs the same file): its own process, settings from the environment only. */
function run(file: string, args: string[], env: Record<string, string>) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(DATABASE_URL|S3_|AUTH_SECRET|DATA_DIR)/.test(key)));
  const child = spawn(process.execPath, [file, ...args], { cwd: projectRoot, env: { ...base, ...env } });
  // Never left running: a server that should have refused to start would otherwise hang the test.
  const timer = setTimeout(() => child.kill("SIGKILL"), 90_000);
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise<{ code: number | null; output: string }>((resolve) => child.on("close", (code) => (clearTimeout(timer), resolve({ code, output }))));
}

const script = (name: "db-backup" | "db-restore", args: string[], env: Record<string, string>) => run(path.join("scripts", `${name}.ts`), args, env);

/**
 * The job queue's tables (schema `pgboss`, decision 065) change by themselves at every start: the instance, its
 * schedules' and maintenance's times, the jobs a start puts on the queue. They are compared by name (each came back),
 * and the jobs by id (every job of before is there after), not row for row.
 */
const QUEUE_SCHEMA = "pgboss";

/** Every table's row count and a hash of all its rows: any row lost or changed by the round trip changes it. */
async function snapshot(query: TestApp["query"]) {
  const tables = await query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  const result: Record<string, { rows: number; hash: string }> = {};
  for (const { schema, name } of tables) {
    if (schema === QUEUE_SCHEMA) {
      result[`${schema}.${name}`] = { rows: -1, hash: "the queue's own" };
      continue;
    }
    const [row] = await query<{ rows: number; hash: string }>(
      `select count(*)::int as rows, coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as hash from "${schema}"."${name}" t`,
    );
    result[`${schema}.${name}`] = row!;
  }
  return result;
}

function filesUnder(root: string) {
  if (!existsSync(root)) return {};
  const files: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files[path.relative(root, full)] = createHash("sha256").update(readFileSync(full)).digest("hex");
  }
  return files;
}

const png = (background: string) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background } })
    .png()
    .toBuffer();

async function json(app: TestApp, pathname: string, body: unknown, cookie: string) {
  const response = await app.request(pathname, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie, "X-Forwarded-For": uniqueIp() },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data?: { url?: string } } };
}

async function uploadImage(app: TestApp, cookie: string, background: string) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(await png(background))], { type: "image/png" }), "shot.png");
  const response = await app.request("/api/uploads", { method: "POST", body: form, headers: { Cookie: cookie, "X-Forwarded-For": uniqueIp() } });
  expect(response.status).toBe(201);
  return String(((await response.json()) as { data: { url: string } }).data.url);
}

for (const backend of backends) {
  describe(`backup and restore [${backend}]`, () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-backup-"));
    const backupDir = mkdtempSync(path.join(os.tmpdir(), "aitools-backups-"));
    const env: Record<string, string> = { NODE_ENV: "test", LOG_LEVEL: "error", DATA_DIR: dataDir, SITE_URL: BASE_URL, TRUST_PROXY: "true" };
    let scratch: Awaited<ReturnType<typeof scratchPostgres>> | undefined;
    let running: App | undefined;

    const testApp: TestApp = {
      dataDir,
      request: (pathname, init) => running!.handle(new Request(BASE_URL + pathname, init)),
      async html(pathname) {
        const response = await running!.handle(new Request(BASE_URL + pathname));
        return { response, body: (await response.text()).replaceAll("<!-- -->", "") };
      },
      query: (text, params) => running!.query(text, params),
    };
    async function start() {
      const { startApp } = await import(serverBuildPath);
      running = (await startApp(env)) as App;
    }
    async function stop() {
      await running?.stop();
      running = undefined;
    }
    /** The disaster: the database and everything in DATA_DIR are gone. */
    async function wipe() {
      rmSync(dataDir, { recursive: true, force: true });
      if (!scratch) return;
      const name = new URL(scratch.url).pathname.slice(1);
      await scratch.drop();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
    }

    beforeAll(async () => {
      if (backend === "postgres") {
        scratch = await scratchPostgres(process.env.TEST_DATABASE_URL!);
        env.DATABASE_URL = scratch.url;
      } else {
        cpSync(templateDataDir(), dataDir, { recursive: true });
      }
      await start();
    });

    afterAll(async () => {
      await stop();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(backupDir, { recursive: true, force: true });
    });

    it("restores every row and uploaded file after the database and DATA_DIR are lost", { timeout: 240_000 }, async () => {
      const reader = await createVerifiedUser(testApp, { name: "Backup Reader" });
      expect((await json(testApp, "/api/favorites", { toolSlug: "midjourney", favorite: true }, reader.cookie)).status).toBe(200);
      const images = [await uploadImage(testApp, reader.cookie, "#aa3355"), await uploadImage(testApp, reader.cookie, "#3355aa")];
      const review = await json(testApp, "/api/reviews", { toolSlug: "jasper-ai", rating: 4, comment: "Kept through a restore.", images }, reader.cookie);
      expect(review.status).toBe(201);

      const before = await snapshot(testApp.query);
      const jobIds = async () => (await testApp.query<{ id: string }>(`select id::text from ${QUEUE_SCHEMA}.job`)).map((row) => row.id);
      const jobsBefore = await jobIds();
      // Guards against a vacuous pass: the data this test is about is really there.
      expect(before["public.users"]!.rows).toBeGreaterThanOrEqual(1);
      for (const table of ["public.favorites", "public.reviews", "public.sessions"]) expect(before[table]!.rows).toBe(1);
      expect(before["public.uploads"]!.rows).toBe(images.length);
      const filesBefore = filesUnder(path.join(dataDir, "uploads"));
      expect(Object.keys(filesBefore).sort()).toEqual(images.map((url) => url.replace(/^\/uploads\//, "")).sort());
      const secretBefore = readFileSync(path.join(dataDir, "auth-secret"), "utf8");

      const file = path.join(backupDir, `${backend}.tar.gz`);
      if (backend === "pglite") {
        // The embedded database allows one process: with the server running the backup refuses and writes nothing.
        const refused = await script("db-backup", [file], env);
        expect(refused.code).toBe(1);
        expect(refused.output).toContain(`process ${process.pid} (server`);
        expect(refused.output).toContain("Stop the server first");
        expect(existsSync(file)).toBe(false);
        // The same lock keeps a second server off the open database (it stops before it would listen).
        const second = await run("server.js", [], { ...env, PORT: "1" });
        expect(second.code).toBe(1);
        expect(second.output).toContain(`Could not start: process ${process.pid} (server`);
        await stop();
      }
      // The password in DATABASE_URL never reaches the output, whether the script succeeds or fails.
      const password = `pw-${process.pid}-never-printed`;
      const withPassword = (database?: string) => {
        const url = new URL(env.DATABASE_URL!);
        url.password = password;
        if (database) url.pathname = `/${database}`;
        return url.toString();
      };
      const backupEnv = scratch ? { ...env, DATABASE_URL: withPassword() } : env;
      if (scratch) {
        const failed = await script("db-backup", [file], { ...env, DATABASE_URL: withPassword("no_such_database") });
        expect(failed.code).toBe(1);
        const shown = new URL(withPassword("no_such_database"));
        shown.password = "";
        expect(failed.output).toContain(`could not connect to ${shown}: database "no_such_database" does not exist`);
        expect(failed.output).not.toContain(password);
      }
      // PostgreSQL is backed up live, from one snapshot, while the app keeps running.
      const backup = await script("db-backup", [file], backupEnv);
      expect(backup.output).not.toContain(password);
      expect(backup.output).not.toMatch(/ at .*\.ts:\d+/);
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain(`Backed up to ${file}`);
      expect(backup.output).toMatch(/users \d+, reviews 1, favorites 1/);
      expect(backup.output).toContain("uploads: 2 files");
      expect(backup.output).toContain("auth secret: included");
      await stop();

      await wipe();
      const restore = await script("db-restore", [file], env);
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toContain(`Restored ${file}`);
      expect(restore.output).toMatch(/users \d+, reviews 1, favorites 1/);
      expect(restore.output).toContain(`uploads: 2 files`);

      // A second restore would overwrite what is now there: refused without --force, and nothing changes.
      const again = await script("db-restore", [file], env);
      expect(again.code).toBe(1);
      expect(again.output).toContain("nothing was changed");
      expect(again.output).toContain("Pass --force");
      const forced = await script("db-restore", [file, "--force"], env);
      expect(forced.code, forced.output).toBe(0);

      await start();
      expect(await snapshot(testApp.query)).toEqual(before);
      expect(await jobIds()).toEqual(expect.arrayContaining(jobsBefore));
      expect(filesUnder(path.join(dataDir, "uploads"))).toEqual(filesBefore);
      expect(readFileSync(path.join(dataDir, "auth-secret"), "utf8")).toBe(secretBefore);

      // And the site sees it all: the session cookie from before still signs in, the images are served byte for byte.
      const favourites = await testApp.request("/favorites", { headers: { Cookie: reader.cookie } });
      expect(await favourites.text()).toContain("Midjourney");
      const page = (await testApp.html("/tools/jasper-ai")).body;
      expect(page).toContain("Kept through a restore.");
      for (const url of images) {
        const served = await testApp.request(url);
        expect(served.status).toBe(200);
        const hash = createHash("sha256")
          .update(Buffer.from(await served.arrayBuffer()))
          .digest("hex");
        expect(hash).toBe(filesBefore[url.replace(/^\/uploads\//, "")]);
      }
      expect((await signIn(testApp, reader.email, reader.password)).response.status).toBe(302);
    });
  });
}
