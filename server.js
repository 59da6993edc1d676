// Process entry: serves static files, hands every other request to the app's
// fetch-style handler, and shuts down gracefully on SIGTERM/SIGINT.
import http from "node:http";
import { createRequestListener } from "@remix-run/node-fetch-server";
import sirv from "sirv";

// React and React Router pick their production builds from NODE_ENV; unset means production here.
process.env.NODE_ENV ??= "production";
const dev = process.env.NODE_ENV === "development";

async function loadApp() {
  if (!dev) return { module: await import("./build/server/index.js"), middleware: null };
  const vite = await import("vite");
  const viteServer = await vite.createServer({ server: { middlewareMode: true } });
  return { module: await viteServer.ssrLoadModule("./server/app.ts"), middleware: viteServer.middlewares };
}

let app;
let middleware;
try {
  const loaded = await loadApp();
  middleware = loaded.middleware;
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
const handleWithApp = createRequestListener((request, client) => app.handle(request, client));

const server = http.createServer((req, res) => {
  const next = () => handleWithApp(req, res);
  if (middleware) return middleware(req, res, () => staticFiles(req, res, next));
  staticFiles(req, res, next);
});
server.keepAliveTimeout = 5000;

server.listen(app.env.PORT, app.env.HOST, () => {
  console.log(`Listening on http://${app.env.HOST}:${app.env.PORT} (public URL ${app.env.SITE_URL})`);
});

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing in-flight requests`);
  const forced = setTimeout(() => {
    console.error(`Requests still running after ${app.env.SHUTDOWN_TIMEOUT_MS} ms: exiting anyway`);
    process.exit(1);
  }, app.env.SHUTDOWN_TIMEOUT_MS);
  forced.unref();
  // Stop accepting; close() calls back once every in-flight request has ended.
  server.close(async () => {
    await app.stop();
    console.log("Shut down cleanly");
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
