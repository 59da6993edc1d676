// Process entry: serves static files, hands every other request to the app's
// fetch-style handler, and shuts down gracefully on SIGTERM/SIGINT.
// With --cluster (or WEB_CONCURRENCY=N) it runs one app process per core on
// one port (node:cluster): PostgreSQL only, see docs/DEPLOY.md.
import cluster from "node:cluster";
import http from "node:http";
import os from "node:os";
import sirv from "sirv";

// React and React Router pick their production builds from NODE_ENV; unset means production here.
process.env.NODE_ENV ??= "production";
const dev = process.env.NODE_ENV === "development";

const workers = process.argv.includes("--cluster") ? Number(process.env.WEB_CONCURRENCY) || os.availableParallelism() : Number(process.env.WEB_CONCURRENCY) || 1;
if (cluster.isPrimary && workers > 1) {
  await runPrimary(workers);
} else {
  await runServer();
}

/**
 * Starts one worker, waits until it listens (so migrations and the content sync
 * run once, without races), then the others; replaces a worker that dies, and
 * passes SIGTERM/SIGINT on so every worker finishes its requests.
 */
async function runPrimary(count) {
  if (!process.env.DATABASE_URL) {
    console.error(
      "Could not start: several processes need a database server (DATABASE_URL); the embedded database serves one process. Start without --cluster, or set DATABASE_URL.",
    );
    process.exit(1);
  }
  let stopping = false;
  const fork = () =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      worker.once("listening", () => resolve(worker));
      worker.once("exit", (code) => reject(new Error(`worker exited with code ${code} before listening`)));
    });
  try {
    await fork();
    await Promise.all(Array.from({ length: count - 1 }, fork));
  } catch (error) {
    console.error(`Could not start: ${error.message}`);
    process.exit(1);
  }
  console.log(`Cluster of ${count} processes is listening`);
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    console.error(`Worker ${worker.process.pid} stopped (${signal ?? code}): starting another`);
    cluster.fork();
  });
  const stopAll = (signal) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    cluster.on("exit", () => Object.keys(cluster.workers ?? {}).length === 0 && process.exit(0));
  };
  process.on("SIGTERM", () => stopAll("SIGTERM"));
  process.on("SIGINT", () => stopAll("SIGINT"));
}

async function loadApp() {
  if (!dev) return { module: await import("./build/server/index.js"), middleware: null };
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  return { module: await viteServer.ssrLoadModule("./server/app.ts"), middleware: viteServer.middlewares };
}

/** One app process: static files, the app, graceful shutdown. */
async function runServer() {
  let app;
  let middleware;
  let frontDoor;
  let methods;
  // The last line of defence (server/last-resort.ts): an error nothing caught is one line in the log. A connection's
  // stream error lets the process go on; anything else stops it after the requests in flight (exit 1, and the
  // cluster's primary or the supervisor starts another). Before the app is loaded, every such error stops it.
  let judgeUncaught = (error) => {
    console.error(`Stopping: an unexpected error nothing caught (${error instanceof Error ? error.message : error})`);
    return "exit";
  };
  let shutdown = () => process.exit(1);
  process.on("uncaughtException", (error) => {
    if (judgeUncaught(error) === "exit") void shutdown("Stopping after an unexpected error", 1);
  });
  try {
    const loaded = await loadApp();
    middleware = loaded.middleware;
    ({ frontDoor, METHODS: methods, judgeUncaught } = loaded.module);
    app = await loaded.module.startApp(process.env);
  } catch (error) {
    // Configuration and content errors are written for people: print the message, not a stack.
    console.error(`Could not start: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }

  const staticFiles = sirv("build/client", {
    dev,
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders(res, pathname) {
      res.setHeader("X-Content-Type-Options", "nosniff");
      // Hashed build assets never change; everything else may.
      res.setHeader("Cache-Control", pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600");
    },
  });
  // sirv lists build/client once at start and pipes each file to the response without an error handler: a file
  // removed since (a deploy rebuilding build/ under a running server) would end the process with an unhandled
  // 'error'. That response is cut off instead (its headers are sent already), and the server goes on.
  const serveStatic = (req, res, next) => {
    const onPipe = (source) =>
      source.once("error", (error) => {
        console.error(`Could not send ${req.url}: ${error.message}`);
        res.destroy();
      });
    res.on("pipe", onPipe);
    try {
      staticFiles(req, res, next);
    } finally {
      // sirv pipes synchronously; a later pipe into this response is the app's, with its own handling.
      res.off("pipe", onPipe);
    }
  };
  // 405 for methods nothing answers and 400 for a request line or Host no address can be made of (server/front-door.ts),
  // then static files, then a page the page cache keeps, then the app.
  const listener = frontDoor(
    (request, client) => app.handle(request, client),
    middleware ? (req, res, next) => middleware(req, res, () => serveStatic(req, res, next)) : serveStatic,
    app.answerKeptPage,
  );
  const server = http.createServer({ maxHeaderSize: 16 * 1024 }, listener);
  // CONNECT never reaches the request handler: Node hands over the raw socket (a proxy tunnel we are not).
  server.on("connect", (_req, socket) =>
    socket.end(`HTTP/1.1 405 Method Not Allowed\r\nAllow: ${[...methods].join(", ")}\r\nContent-Length: 0\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n`),
  );
  server.keepAliveTimeout = 5000;
  // A client that trickles its headers or body (slowloris) is cut off: 15 s for the headers, two minutes
  // for the whole request (a 15 MB review with three images on a slow phone connection).
  server.headersTimeout = 15_000;
  server.requestTimeout = 120_000;

  server.listen(app.env.PORT, app.env.HOST, () => {
    console.log(`Listening on http://${app.env.HOST}:${app.env.PORT} (public URL ${app.env.SITE_URL})`);
  });

  let stopping = false;
  /** Stops taking requests, finishes those in flight, then exits with `code` (0 for a signal, 1 after an error). */
  shutdown = async (reason, code = 0) => {
    if (stopping) return;
    stopping = true;
    console.log(`${reason}: finishing in-flight requests`);
    const forced = setTimeout(() => {
      console.error(`Requests still running after ${app.env.SHUTDOWN_TIMEOUT_MS} ms: exiting anyway`);
      process.exit(1);
    }, app.env.SHUTDOWN_TIMEOUT_MS);
    forced.unref();
    // Stop accepting; close() calls back once every in-flight request has ended.
    server.close(async () => {
      await app.stop();
      console.log(code === 0 ? "Shut down cleanly" : "Shut down after the error above");
      process.exit(code);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM received"));
  process.on("SIGINT", () => shutdown("SIGINT received"));
}
