import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { cookiesFrom, createVerifiedUser, post } from "../support/accounts";
import type { TestApp } from "../support/app";
import { templateDataDir } from "../support/paths";
import { pgbouncerUnavailable, startPgbouncer, type Pgbouncer } from "../support/pgbouncer";
import { freePort } from "../support/ports";
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from "../support/private-postgres";
import { startServer, stopServers, waitForListening, type Started } from "../support/server-process";

/**
 * Read replicas with read-your-writes, and a transaction pooler in front (decision 089). One private primary and a
 * streaming replica of it (`pg_basebackup -R`) that applies what the primary writes 2 s late
 * (`recovery_min_apply_delay`), shared by every case: where a read ran is told by `pg_is_in_recovery()` (true on the
 * replica only), or by a row the replica does not have yet. The database module on its own first (reads in a request's
 * read scope, transactions, writes, a replica that is down, one database, PGlite); then the built server: a reader sees
 * their own write at once although the replica does not have it, and reads the replica again once the window is over;
 * then the server through PgBouncer 1.18 in transaction mode (deploy/pgbouncer.ini). Skipped, with the reason printed,
 * where PostgreSQL's server binaries (or PgBouncer, for its case) are not installed.
 */
const skipReason = privatePostgresUnavailable();
if (skipReason) console.warn(`[read-replicas] skipped: ${skipReason}`);
const bouncerSkip = skipReason ?? pgbouncerUnavailable();
if (bouncerSkip && !skipReason) console.warn(`[read-replicas] the PgBouncer case is skipped: ${bouncerSkip}`);

const APPLY_DELAY_SECONDS = 2;
/** The test's read-your-writes window: short, so that its end is reached. */
const WINDOW_SECONDS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Db = typeof import("../../app/utils/db.server");
type Routing = typeof import("../../app/utils/db-routing.server");

describe.skipIf(Boolean(skipReason))("read replicas and a pooler", () => {
  let primary: PrivatePostgres;
  let replica: PrivatePostgres;
  let db: Db;
  let routing: Routing;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-replicas-"));

  /** Whether a read made in a read scope (`primary`: a writer's) ran on the replica. */
  const onReplica = async (primaryScope: boolean, read: () => Promise<unknown>) => {
    // Awaited inside the scope: a query builder runs when awaited, not when made.
    const rows = (await routing.withReadScope(primaryScope, async () => await read())) as { standby: boolean }[] | { rows: { standby: boolean }[] };
    return (Array.isArray(rows) ? rows : rows.rows)[0]!.standby;
  };
  const standbyQuery = "select pg_is_in_recovery() as standby";
  const open = async (options: Parameters<Db["openDatabase"]>[0]) => {
    await db.closeDatabase();
    await db.openDatabase(options);
  };

  beforeAll(async () => {
    primary = await startPrivatePostgres();
    replica = await startPrivatePostgres({ replicaOf: primary, settings: [`recovery_min_apply_delay=${APPLY_DELAY_SECONDS}s`] });
    const { initEnv } = await import("../../app/utils/env.server");
    initEnv({ NODE_ENV: "test", LOG_LEVEL: "warn", DATA_DIR: dataDir, DATABASE_URL: primary.url });
    db = await import("../../app/utils/db.server");
    routing = await import("../../app/utils/db-routing.server");
    await open({ databaseUrl: primary.url, dataDir, replicaUrls: [replica.url], readYourWritesSeconds: WINDOW_SECONDS });
    // A table of the test's own, once the replica has it too.
    await db.rawQuery("create table replica_probe (id serial primary key, label text not null)");
    const direct = new pg.Client({ connectionString: replica.url });
    await direct.connect();
    while (!(await direct.query("select to_regclass('replica_probe') as found")).rows[0].found) await sleep(100);
    await direct.end();
  }, 60_000);

  afterAll(async () => {
    stopServers();
    await db?.closeDatabase();
    await replica?.destroy();
    await primary?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("reads on the replica in a reader's request: the query builder, raw SQL and planned statements", async () => {
    expect(await onReplica(false, () => db.rawQuery(standbyQuery))).toBe(true);
    expect(await onReplica(false, () => db.getDb().execute(sql.raw(standbyQuery)))).toBe(true);
    expect(await onReplica(false, () => db.askPlanned(sql`select pg_is_in_recovery() as standby, ${1}::int as n`))).toBe(true);
    // Outside any request (start, jobs, scripts), and in a writer's request: the primary.
    expect(await onReplica(true, () => db.rawQuery(standbyQuery))).toBe(false);
    expect((await db.rawQuery<{ standby: boolean }>(standbyQuery))[0]!.standby).toBe(false);
  });

  it("keeps a transaction, a write, a write's reads and a cache fill on the primary", async () => {
    // Every statement of a transaction, its reads too.
    const inTransaction = await routing.withReadScope(false, () =>
      db.getDb().transaction(async (tx) => {
        const before = await tx.execute(sql.raw(standbyQuery));
        await tx.execute(sql`insert into replica_probe (label) values ('transaction')`);
        return before.rows[0]!.standby;
      }),
    );
    expect(inTransaction).toBe(false);
    // A writing statement in a reader's scope: the primary's (the replica refuses writes outright).
    const [inserted] = await routing.withReadScope(false, () => db.rawQuery<{ id: number }>("insert into replica_probe (label) values ('reader scope') returning id"));
    expect(inserted!.id).toBeGreaterThan(0);
    // A write under way (the one write path calls `startWrite`): the rest of its request reads the primary, and its
    // cookie names when the window ends.
    const { cookie, standby } = await routing.withReadScope(false, async () => {
      const cookie = routing.startWrite(1_000_000);
      return { cookie, standby: (await db.rawQuery<{ standby: boolean }>(standbyQuery))[0]!.standby };
    });
    expect(standby).toBe(false);
    expect(cookie).toEqual({ value: String(1_000_000 + WINDOW_SECONDS * 1000), maxAge: WINDOW_SECONDS });
    // What is kept until an invalidation is filled from the primary.
    const { cached } = await import("../../app/utils/cache.server");
    const filled = await routing.withReadScope(false, () => cached("replica-probe", ["replica-probe"], () => db.rawQuery<{ standby: boolean }>(standbyQuery)));
    expect(filled[0]!.standby).toBe(false);
  });

  it("shows a writer a row the delayed replica does not have yet, and others the replica's state", async () => {
    const label = `row ${Date.now()}`;
    await routing.withReadScope(true, () => db.rawQuery("insert into replica_probe (label) values ($1)", [label]));
    const find = (primaryScope: boolean) => routing.withReadScope(primaryScope, () => db.rawQuery("select label from replica_probe where label = $1", [label]));
    expect(await find(true)).toHaveLength(1);
    expect(await find(false)).toHaveLength(0);
    // The request layer's rule: a reader whose cookie's time is not past reads the primary; after it, the replica.
    const request = (cookie: string) => new Request("http://localhost/", { headers: { cookie } });
    const now = Date.now();
    expect(routing.readsPrimary(request(`a=b; atlas.wrote=${now + 1000}`))).toBe(true);
    expect(routing.readsPrimary(request(`atlas.wrote=${now - 1}`))).toBe(false);
    expect(routing.readsPrimary(new Request("http://localhost/", { method: "POST" }))).toBe(true);
  });

  it("falls back to the primary for a replica that is down, saying so once", async () => {
    const down = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
    await open({ databaseUrl: primary.url, dataDir, replicaUrls: [down], readYourWritesSeconds: WINDOW_SECONDS });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      for (let i = 0; i < 3; i++) expect(await onReplica(false, () => db.rawQuery(standbyQuery))).toBe(false);
      expect(warn.mock.calls.filter(([line]) => String(line).includes("replica 1 failed"))).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });

  it("behaves as before with one database: no replica, no cookie, named statements", async () => {
    await open({ databaseUrl: primary.url, dataDir, replicaUrls: [], readYourWritesSeconds: WINDOW_SECONDS });
    expect(await onReplica(false, () => db.rawQuery(standbyQuery))).toBe(false);
    expect(routing.withReadScope(false, () => routing.startWrite())).toBeNull();
    await routing.withReadScope(false, () => db.askPlanned(sql`select ${"one"}::text as word`));
    const prepared = await db.rawQuery<{ n: number }>("select count(*)::int as n from pg_prepared_statements where name like 'planned-%'");
    expect(prepared[0]!.n).toBeGreaterThan(0);
  });

  it("leaves the embedded database alone", async () => {
    const pgliteDir = mkdtempSync(path.join(os.tmpdir(), "aitools-replicas-pglite-"));
    cpSync(templateDataDir(), pgliteDir, { recursive: true });
    try {
      await open({ dataDir: pgliteDir, replicaUrls: [replica.url] });
      expect(db.databaseKind()).toBe("pglite");
      expect(await onReplica(false, () => db.rawQuery(standbyQuery))).toBe(false);
      expect(routing.withReadScope(false, () => routing.startWrite())).toBeNull();
    } finally {
      await db.closeDatabase();
      rmSync(pgliteDir, { recursive: true, force: true });
    }
  });

  /** The built server on the shared primary, with `env`; a TestApp-like face for the account helpers. */
  async function serve(env: Record<string, string>): Promise<{ app: TestApp; server: Started; base: string }> {
    const port = await freePort();
    const serverDir = mkdtempSync(path.join(os.tmpdir(), "aitools-replicas-server-"));
    const server = startServer({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: serverDir, NODE_ENV: "production", LOG_LEVEL: "warn", TRUST_PROXY: "true", ...env });
    await waitForListening(server);
    const base = `http://127.0.0.1:${port}`;
    const app = {
      dataDir: serverDir,
      request: (pathname: string, init: RequestInit = {}) => fetch(base + pathname, { ...init, redirect: "manual" }),
    } as unknown as TestApp;
    return { app, server, base };
  }

  it("shows a reader their write at once through a delayed replica, and the replica again after the window", async () => {
    const { app, server } = await serve({ DATABASE_URL: primary.url, DATABASE_REPLICA_URLS: replica.url, READ_YOUR_WRITES_SECONDS: String(WINDOW_SECONDS) });
    // Stopped at the end: the next case's server shares the database, and so the job queue (and its mail) with it.
    onTestFinished(async () => {
      server.child.kill("SIGTERM");
      await server.exited;
    });
    const reader = await createVerifiedUser(app, { name: "Rita Replica" });
    // The replica has the account and its session once its delay has passed.
    await sleep((APPLY_DELAY_SECONDS + 0.5) * 1000);
    const name = `Replica list ${Date.now()}`;
    const created = await post(app, "/shortlists", { intent: "create", name }, { cookie: reader.cookie });
    expect(created.status).toBe(302);
    const wrote = cookiesFrom(created)["atlas.wrote"];
    expect(Number(wrote)).toBeGreaterThan(Date.now());
    const page = async (cookie: string) => (await app.request("/shortlists", { headers: { cookie } })).text();
    // The writer (their cookie) reads the primary: the list is there, though the replica has not applied it yet...
    expect(await page(`${reader.cookie}; atlas.wrote=${wrote}`)).toContain(name);
    // ...which the same session without that cookie shows: its reads go to the replica.
    expect(await page(reader.cookie)).not.toContain(name);
    // After the window the cookie no longer counts: a change made on the primary since is not seen until the replica applies it.
    await sleep(Math.max(0, Number(wrote) - Date.now()) + 100);
    const renamed = `${name} renamed`;
    const direct = new pg.Client({ connectionString: primary.url });
    await direct.connect();
    await direct.query("update shortlists set name = $1 where name = $2", [renamed, name]);
    await direct.end();
    const after = await page(`${reader.cookie}; atlas.wrote=${wrote}`);
    expect(after).toContain(name);
    expect(after).not.toContain(renamed);
  });

  describe.skipIf(Boolean(bouncerSkip))("through PgBouncer in transaction mode", () => {
    let bouncer: Pgbouncer | undefined;
    afterAll(() => bouncer?.stop());

    it("migrates an empty database through the pooler, in one transaction under a transaction-scoped lock", async () => {
      const admin = new pg.Client({ connectionString: primary.url });
      await admin.connect();
      await admin.query("create database fresh");
      await admin.end();
      const fresh = await startPgbouncer({ primaryPort: primary.port, replicaPort: replica.port, dbname: "fresh" });
      try {
        await open({ databaseUrl: `postgres://postgres@127.0.0.1:${fresh.port}/aitools`, dataDir, pooler: "transaction" });
        const [applied] = await db.rawQuery<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
        expect(applied!.n).toBeGreaterThan(0);
        // No lock left behind on a server connection the pooler keeps.
        const locks = await db.rawQuery("select 1 from pg_locks where locktype = 'advisory'");
        expect(locks).toEqual([]);
      } finally {
        await db.closeDatabase();
        fresh.stop();
      }
    });

    it("migrates, starts the job queue, serves planned statements and writes, without a prepared statement error", async () => {
      bouncer = await startPgbouncer({ primaryPort: primary.port, replicaPort: replica.port, dbname: "postgres" });
      const viaBouncer = (name: string) => `postgres://postgres@127.0.0.1:${bouncer!.port}/${name}`;
      // No DATABASE_DIRECT_URL: the migration's lock and the queue go through the pooler too (the harder case).
      const { app, server } = await serve({
        DATABASE_URL: viaBouncer("aitools"),
        LOG_LEVEL: "info",
        DATABASE_REPLICA_URLS: viaBouncer("aitools_replica"),
        DATABASE_POOLER: "transaction",
        READ_YOUR_WRITES_SECONDS: String(WINDOW_SECONDS),
      });
      // A write (sign-up), mail from the job queue, a confirmation, and a page of the signed-in reader.
      const reader = await createVerifiedUser(app, { name: "Pat Pooler" }).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${server.output()}\n${bouncer!.log()}`);
      });
      // The replica has the session once its delay has passed (this cookie alone does not send the reader to the primary).
      await sleep((APPLY_DELAY_SECONDS + 0.5) * 1000);
      const created = await post(app, "/shortlists", { intent: "create", name: "Pooled list" }, { cookie: reader.cookie });
      expect(created.status).toBe(302);
      // Planned statements on many connections at once: searches (each a new address, so none is kept) and the
      // signed-in reader's session read, which the pooler hands out to whichever server connection is free.
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => (i % 2 ? app.request(`/search?q=writing+${i}`) : app.request("/shortlists", { headers: { cookie: reader.cookie } }))),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      await Promise.all(answers.map((answer) => answer.text()));
      expect(server.output()).not.toMatch(/prepared statement .* (does not exist|already exists)/);
      expect(server.output()).not.toMatch(/\[error\]/);
    });
  });
});
