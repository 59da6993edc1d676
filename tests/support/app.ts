import { cpSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { serverBuildPath, templateDataDir } from "./paths";
import { templateDatabase } from "./templates";

type App = {
  handle: (request: Request, client?: { address?: string }) => Promise<Response>;
  /** The page cache's hit path, which server.js gives the front door (server/page-cache/hit-path.ts). */
  answerKeptPage: (request: http.IncomingMessage) => { status: number; headers: [string, string][]; body: Buffer | null } | null;
  query: TestApp["query"];
  stop: () => Promise<void>;
};

export type TestApp = {
  /** Sends a request through the real request handler, in process. */
  request: (pathname: string, init?: RequestInit) => Promise<Response>;
  html: (pathname: string) => Promise<{ response: Response; body: string }>;
  /** Runs SQL against the app's own database. */
  query: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
  dataDir: string;
  /**
   * The same app behind node:http and server.js's front door (server/front-door.ts), on a free local port: for
   * requests fetch cannot send (a malformed Host, a proxy's request line), over a bare socket
   * (support/raw-http.ts). Closed with the suite. Suites of describeEachBackend only.
   */
  listen?: () => Promise<number>;
};

export const BASE_URL = "http://localhost:3000";

/**
 * A PostgreSQL database of one suite's own: a copy of the run's template (support/templates.ts), so it starts
 * migrated and synced. Copies from one template may be made concurrently (the two workers do).
 */
export async function scratchPostgres(adminUrl: string) {
  const name = `aitools_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase()}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export const backends = ["pglite", ...(process.env.TEST_DATABASE_URL ? (["postgres"] as const) : [])] as const;
export type Backend = "pglite" | "postgres";

export type SuiteOptions = {
  /** Extra environment for the app, read just before it starts (after the file's own beforeAll hooks). */
  env?: () => Record<string, string>;
  /** Another server build to start (a fixture project's, support/fixture-project.ts), read when the suite starts. */
  serverBuild?: () => string;
  /**
   * The backends to run on, of those available (all when omitted): for a suite whose subject is not the database
   * (a Redis store, say), which the other backend would only repeat.
   */
  only?: readonly Backend[];
};

/**
 * Declares a suite once per database backend: PGlite always, PostgreSQL too
 * when TEST_DATABASE_URL is set. Each suite gets a fresh copy of the run's migrated, synced template database. The
 * body learns its backend, so a walk over everything can run in full on one and on a sample on the other
 * (support/sample.ts).
 */
export function describeEachBackend(title: string, body: (app: TestApp, backend: Backend) => void, options: SuiteOptions = {}) {
  for (const backend of backends.filter((candidate) => !options.only || options.only.includes(candidate))) {
    describe(`${title} [${backend}]`, () => {
      let app: App;
      let frontDoor: (handle: App["handle"], before: undefined, keptPage: App["answerKeptPage"]) => http.RequestListener;
      let listening: http.Server | undefined;
      let cleanup: () => Promise<void> = async () => {};
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitools-test-"));
      // TRUST_PROXY lets a test act as several clients (X-Forwarded-For) for the per-IP rate limits.
      // Passwords at the test-only cost (decision 094), as vitest.config.ts sets for the servers tests start.
      const env: Record<string, string> = { NODE_ENV: "test", LOG_LEVEL: "error", DATA_DIR: dataDir, SITE_URL: BASE_URL, TRUST_PROXY: "true", PASSWORD_HASHING: "test-only-fast" };

      beforeAll(async () => {
        if (backend === "postgres") {
          const scratch = await scratchPostgres(process.env.TEST_DATABASE_URL!);
          env.DATABASE_URL = scratch.url;
          cleanup = () => scratch.drop();
        } else {
          cpSync(templateDataDir(), dataDir, { recursive: true });
        }
        Object.assign(env, options.env?.());
        // A fresh module instance per file (Vitest isolates files), so the import is this suite's app.
        const build = await import(options.serverBuild?.() ?? serverBuildPath);
        frontDoor = build.frontDoor;
        app = await build.startApp(env);
      });

      afterAll(async () => {
        if (listening) await new Promise((resolve) => listening!.close(resolve));
        await app?.stop();
        await cleanup();
        rmSync(dataDir, { recursive: true, force: true });
      });

      const testApp: TestApp = {
        dataDir,
        request: (pathname, init) => app.handle(new Request(BASE_URL + pathname, init)),
        async html(pathname) {
          const response = await app.handle(new Request(BASE_URL + pathname));
          // React separates adjacent text nodes with empty comments; tests read the text.
          return { response, body: (await response.text()).replaceAll("<!-- -->", "") };
        },
        query: (text, params) => app.query(text, params),
        async listen() {
          // As server.js makes it: the same header limit, the same listener (static files aside).
          listening ??= http.createServer(
            { maxHeaderSize: 16 * 1024 },
            frontDoor((request, client) => app.handle(request, client), undefined, app.answerKeptPage),
          );
          if (!listening.listening) await new Promise<void>((resolve) => listening!.listen(0, "127.0.0.1", resolve));
          return (listening.address() as AddressInfo).port;
        },
      };
      body(testApp, backend);
    });
  }
}
