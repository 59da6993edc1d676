import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { freePortOn, privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from "../../tests/support/private-postgres.ts";
import { checkpoint, firstExisting, onCleanup, startChild, waitForPort, type Child } from "./processes.ts";

/**
 * The drill's hosts, one loopback address each (Linux routes all of 127.0.0.0/8 to `lo`: binding needs no setup).
 * Ports are whatever is free on each address; the roles are what docs/DEPLOY.md describes.
 */
export const HOSTS = {
  primary: "127.0.0.2",
  replica: "127.0.0.3",
  pgbouncer: "127.0.0.4",
  redis: "127.0.0.5",
  appA: "127.0.0.6",
  appB: "127.0.0.7",
  nginx: "127.0.0.8",
  edge: "127.0.0.9",
  /** A stand-in for the web outside, for what the apps fetch. */
  outside: "127.0.0.10",
} as const;

export const DATABASE = "aitools";
export const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const PGBOUNCER = firstExisting("/usr/sbin/pgbouncer", "/usr/bin/pgbouncer");
const REDIS = firstExisting("/usr/bin/redis-server", "/usr/sbin/redis-server");
const NGINX = firstExisting("/usr/sbin/nginx", "/usr/bin/nginx");
const VARNISHD = firstExisting("/usr/sbin/varnishd", "/usr/bin/varnishd");

/** Why the drill cannot run on this machine (a missing program), or undefined. */
export function drillUnavailable(projectRoot: string): string | undefined {
  const postgres = privatePostgresUnavailable();
  if (postgres) return postgres;
  if (!existsSync(path.join(PG_BIN, "pg_basebackup"))) return `no pg_basebackup in ${PG_BIN}`;
  if (!PGBOUNCER) return "pgbouncer is not installed (apt-get install pgbouncer)";
  if (!REDIS) return "redis-server is not installed (apt-get install redis-server)";
  if (!NGINX) return "nginx is not installed (apt-get install nginx-light)";
  if (!VARNISHD) return "varnishd is not installed (apt-get install varnish)";
  if (!existsSync(path.join(projectRoot, "build", "server", "index.js"))) return "the site is not built (npm run build)";
  return undefined;
}

/** Fills the `{{NAME}}` placeholders of a deploy file; one left unfilled in a setting is an error. */
export function fillTemplate(text: string, values: Record<string, string | number>): string {
  let filled = text;
  for (const [name, value] of Object.entries(values)) filled = filled.replaceAll(`{{${name}}}`, String(value));
  // Comments may name the placeholders; only what is left in a setting is an error.
  const settings = filled
    .split("\n")
    .filter((line) => !/^\s*(#|\/\/|;)/.test(line))
    .join("\n");
  const left = settings.match(/\{\{[A-Z_]+\}\}/);
  if (left) throw new Error(`placeholder ${left[0]} was not filled`);
  return filled;
}

const asRoot = process.getuid?.() === 0;
/** pgBouncer refuses to run as root: as root, it runs as the `postgres` user (who owns the database folders too). */
function postgresOwned(dir: string) {
  if (!asRoot) return;
  const id = (flag: string) => Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
  chownSync(dir, id("-u"), id("-g"));
}

export type DatabasePair = { primary: PrivatePostgres; replica: PrivatePostgres };

/** A PostgreSQL server's URL for another database than `postgres`. */
const urlOf = (server: PrivatePostgres, database: string) => server.url.replace(/\/[^/]*$/, `/${database}`);

export type AppInstance = { name: string; host: string; port: number; url: string; dataDir: string; child: Child };

export type Stack = {
  work: string;
  /** The primary and its streaming replica. */
  pair: DatabasePair;
  /** postgres://… of the app database on the primary, the replica and through pgBouncer. */
  urls: { primary: string; replica: string; pooler: string; redis: string; edge: string; nginx: string };
  apps: AppInstance[];
  children: Child[];
  ownerEmail: string;
  /** The public address: the edge. */
  site: string;
  /** Requests the apps made to the stand-in outside web (none are expected; kept for failure messages). */
  outsideRequests: string[];
  query: <T>(where: "primary" | "replica", text: string, params?: unknown[]) => Promise<T[]>;
  close: () => Promise<void>;
};

/**
 * Starts the whole topology under `work` (a temporary folder the caller removes): the database pair, pgBouncer,
 * Redis, two app instances, nginx and the edge. `log` gets one line per tier as it comes up.
 */
export async function startStack(projectRoot: string, work: string, log: (line: string) => void): Promise<Stack> {
  const children: Child[] = [];
  const pair: Partial<DatabasePair> = {};
  const closers: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const child of [...children].reverse()) await child.stop();
    for (const closer of closers.reverse()) await closer().catch(() => {});
  };
  try {
    // The database tier: tests/support/private-postgres.ts's servers, each on its own address, in the drill's folder.
    // Registered before they start: an interrupted start still stops whichever server is up (pg_ctl daemonizes them,
    // so they are no children of ours).
    const pairDir = path.join(work, "postgres");
    mkdirSync(pairDir, { recursive: true });
    const stopServersNow = () => {
      for (const folder of existsSync(pairDir) ? readdirSync(pairDir) : []) {
        const data = path.join(pairDir, folder, "data");
        if (!existsSync(path.join(data, "postmaster.pid"))) continue;
        const args = [path.join(PG_BIN, "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop"];
        spawnSync(asRoot ? "runuser" : args[0]!, asRoot ? ["-u", "postgres", "--", ...args] : args.slice(1), { stdio: "ignore" });
      }
    };
    const destroyPair = async () => {
      for (const server of [pair.replica, pair.primary]) await server?.destroy();
      stopServersNow();
    };
    const unregister = onCleanup(destroyPair, stopServersNow);
    closers.push(async () => {
      unregister();
      await destroyPair();
    });
    // pg_stat_statements tells which server ran which query (check 1); the replica's settings are the primary's.
    const settings = ["shared_preload_libraries=pg_stat_statements", "pg_stat_statements.track=top", "max_connections=80"];
    pair.primary = await startPrivatePostgres({ host: HOSTS.primary, parent: pairDir, settings });
    checkpoint();
    // The app's database and the extension, made before the copy: the replica starts with both.
    await sql(pair.primary.url, `create database ${DATABASE}`);
    await sql(urlOf(pair.primary, DATABASE), "create extension pg_stat_statements");
    pair.replica = await startPrivatePostgres({ host: HOSTS.replica, parent: pairDir, settings, replicaOf: pair.primary });
    checkpoint();
    const databasePair = pair as DatabasePair;
    const primaryUrl = urlOf(databasePair.primary, DATABASE);
    const replicaUrl = urlOf(databasePair.replica, DATABASE);
    log(`database: primary ${databasePair.primary.host}:${databasePair.primary.port}, streaming replica ${databasePair.replica.host}:${databasePair.replica.port}`);

    // pgBouncer in transaction mode in front of the primary.
    const bouncerDir = path.join(work, "pgbouncer");
    mkdirSync(bouncerDir, { recursive: true });
    postgresOwned(bouncerDir);
    const bouncerPort = await freePortOn(HOSTS.pgbouncer);
    const bouncerValues = {
      LISTEN_ADDR: HOSTS.pgbouncer,
      LISTEN_PORT: bouncerPort,
      PRIMARY_HOST: HOSTS.primary,
      PRIMARY_PORT: databasePair.primary.port,
      REPLICA_HOST: HOSTS.replica,
      REPLICA_PORT: databasePair.replica.port,
      DBNAME: DATABASE,
      AUTH_FILE: path.join(bouncerDir, "userlist.txt"),
    };
    writeFileSync(path.join(bouncerDir, "userlist.txt"), `"postgres" ""\n`);
    writeFileSync(path.join(bouncerDir, "pgbouncer.ini"), fillTemplate(readFileSync(path.join(projectRoot, "deploy", "pgbouncer.ini"), "utf8"), bouncerValues));
    const bouncerArgs = [path.join(bouncerDir, "pgbouncer.ini")];
    const bouncer = asRoot ? startChild("pgbouncer", "runuser", ["-u", "postgres", "--", PGBOUNCER!, ...bouncerArgs]) : startChild("pgbouncer", PGBOUNCER!, bouncerArgs);
    children.push(bouncer);
    await waitForPort(bouncer, HOSTS.pgbouncer, bouncerPort);
    // The pooler's two databases (deploy/pgbouncer.ini): `aitools` is the primary, `aitools_replica` the replica.
    const poolerUrl = `postgres://postgres@${HOSTS.pgbouncer}:${bouncerPort}/aitools`;
    const poolerReplicaUrl = `postgres://postgres@${HOSTS.pgbouncer}:${bouncerPort}/aitools_replica`;
    log(`pgbouncer: ${HOSTS.pgbouncer}:${bouncerPort} (transaction mode) -> aitools on the primary, aitools_replica on the replica`);

    // Redis of the drill's own, nothing kept on disk.
    const redisPort = await freePortOn(HOSTS.redis);
    const redis = startChild("redis", REDIS!, ["--port", String(redisPort), "--bind", HOSTS.redis, "--save", "", "--appendonly", "no", "--dir", work]);
    children.push(redis);
    await waitForPort(redis, HOSTS.redis, redisPort);
    const redisUrl = `redis://${HOSTS.redis}:${redisPort}`;
    log(`redis: ${HOSTS.redis}:${redisPort}`);

    // The outside web, as far as the apps are concerned: answers 200 to anything and notes it.
    const outsideRequests: string[] = [];
    const outside = http.createServer((request, response) => {
      outsideRequests.push(`${request.method} ${request.url}`);
      response.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    });
    const outsidePort = await freePortOn(HOSTS.outside);
    await new Promise<void>((resolve) => outside.listen(outsidePort, HOSTS.outside, resolve));
    closers.push(() => new Promise<void>((resolve) => (outside.closeAllConnections(), outside.close(() => resolve()))));

    // Ports first: each app needs the edge's address (SITE_URL, EDGE_PURGE_URLS) before the edge exists.
    const [portA, portB, nginxPort, edgePort] = await Promise.all([freePortOn(HOSTS.appA), freePortOn(HOSTS.appB), freePortOn(HOSTS.nginx), freePortOn(HOSTS.edge)]);
    const site = `http://${HOSTS.edge}:${edgePort}`;
    const ownerEmail = `owner-${process.pid}@drill.example`;
    const shared: Record<string, string> = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      NODE_ENV: "production",
      DATABASE_URL: poolerUrl,
      DATABASE_DIRECT_URL: primaryUrl,
      DATABASE_POOLER: "transaction",
      DATABASE_REPLICA_URLS: poolerReplicaUrl,
      REDIS_URL: redisUrl,
      EDGE_PURGE_URLS: site,
      SHARED_CACHE_SECONDS: "600",
      SITE_URL: site,
      TRUST_PROXY: "true",
      // One secret for both: a session signed by one instance is read by the other.
      AUTH_SECRET: `drill-secret-${process.pid}-0123456789abcdef`,
      OWNER_EMAILS: ownerEmail,
      LOG_LEVEL: "info",
      // Check 5: the watchers' alert jobs every minute; every other schedule off, and nothing reaches the real web.
      ALERT_INTERVAL_MINUTES: "1",
      LINK_CHECK_INTERVAL_HOURS: "0",
      PRICE_CHECK_INTERVAL_HOURS: "0",
      NEWSLETTER_SEND_INTERVAL_SECONDS: "0",
      DATA_FILES_SCHEDULE: "off",
      OUTBOUND_ALLOWED_HOSTS: `${HOSTS.outside}:${outsidePort}`,
      INDEXNOW_ENDPOINT: `http://${HOSTS.outside}:${outsidePort}/indexnow`,
      OUTBOX_POLL_MS: "500",
      JOB_HEARTBEAT_SECONDS: "10",
    };
    const apps: AppInstance[] = [];
    for (const [name, host, port] of [
      ["app-a", HOSTS.appA, portA],
      ["app-b", HOSTS.appB, portB],
    ] as const) {
      const dataDir = path.join(work, name);
      mkdirSync(dataDir, { recursive: true });
      const child = startChild(name, process.execPath, ["server.js"], { cwd: projectRoot, env: { ...shared, HOST: host, PORT: String(port), DATA_DIR: dataDir } });
      children.push(child);
      apps.push({ name, host, port, url: `http://${host}:${port}`, dataDir, child });
      // The first start migrates the empty database and syncs the content; the second finds it done.
      await waitForPort(child, host, port, 120_000);
      log(`${name}: ${host}:${port}`);
    }

    // nginx from deploy/nginx.conf.
    const nginxDir = path.join(work, "nginx");
    for (const dir of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(nginxDir, dir), { recursive: true });
    const nginxConf = path.join(nginxDir, "nginx.conf");
    writeFileSync(
      nginxConf,
      fillTemplate(readFileSync(path.join(projectRoot, "deploy", "nginx.conf"), "utf8"), {
        NGINX_LISTEN: `${HOSTS.nginx}:${nginxPort}`,
        NGINX_RUN_DIR: nginxDir,
        APP_A: `${HOSTS.appA}:${portA}`,
        APP_B: `${HOSTS.appB}:${portB}`,
        // The address the edge's connections come from: on `lo` the kernel gives every connection to 127.0.0.x the
        // source 127.0.0.1, whatever address the edge listens on (Varnish cannot choose its backend source address).
        EDGE_ADDRESS: "127.0.0.1",
      }),
    );
    const nginx = startChild("nginx", NGINX!, ["-c", nginxConf, "-p", nginxDir, "-g", "daemon off;"]);
    children.push(nginx);
    await waitForPort(nginx, HOSTS.nginx, nginxPort);
    log(`nginx: ${HOSTS.nginx}:${nginxPort} -> app-a, app-b`);

    // The edge (Varnish) from deploy/varnish.vcl, in front of nginx.
    const edgeDir = path.join(work, "varnish");
    mkdirSync(edgeDir, { recursive: true });
    const vcl = path.join(edgeDir, "drill.vcl");
    writeFileSync(vcl, fillTemplate(readFileSync(path.join(projectRoot, "deploy", "varnish.vcl"), "utf8"), { BACKEND_HOST: HOSTS.nginx, BACKEND_PORT: nginxPort }));
    const edge = startChild("varnish", VARNISHD!, ["-F", "-j", "none", "-n", path.join(edgeDir, "state"), "-a", `${HOSTS.edge}:${edgePort}`, "-f", vcl, "-s", "malloc,64m"]);
    children.push(edge);
    // The VCL is compiled to C first: seconds on a busy machine.
    await waitForPort(edge, HOSTS.edge, edgePort, 60_000);
    log(`varnish: ${HOSTS.edge}:${edgePort} -> nginx (the site: ${site})`);

    return {
      work,
      pair: databasePair,
      urls: { primary: primaryUrl, replica: replicaUrl, pooler: poolerUrl, redis: redisUrl, edge: site, nginx: `http://${HOSTS.nginx}:${nginxPort}` },
      apps,
      children,
      ownerEmail,
      site,
      outsideRequests,
      query: (where, text, params) => sql(where === "primary" ? primaryUrl : replicaUrl, text, params),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** One statement on a connection of its own (the drill's own reads must not ride on the apps' pools). */
export async function sql<T>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  // A server stopped under it (check 4) ends the connection: the query's own rejection says so.
  client.on("error", () => {});
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}
