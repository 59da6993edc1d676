import { copyFileSync, cpSync, existsSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { projectRoot } from "../support/paths";
import { requestInFlight, scratchDir, startOnTemplate, startServer, stopServers } from "../support/server-process";

afterEach(stopServers);

/** The project with a build of its own (copied, so that a test may remove a file from it); the rest linked. */
function projectWithOwnBuild() {
  const root = scratchDir("aitools-build-copy-");
  cpSync(path.join(projectRoot, "build"), path.join(root, "build"), { recursive: true });
  copyFileSync(path.join(projectRoot, "server.js"), path.join(root, "server.js"));
  for (const name of ["node_modules", "drizzle", "content", "package.json", "package-lock.json"]) symlinkSync(path.join(projectRoot, name), path.join(root, name));
  return root;
}

describe("the server process", () => {
  it("keeps running when a static file it listed at start is removed, cutting off only that response", { timeout: 120_000 }, async () => {
    const root = projectWithOwnBuild();
    const assets = path.join(root, "build/client/assets");
    const script = readdirSync(assets).find((name) => name.endsWith(".js") && existsSync(path.join(assets, `${name}.br`)))!;
    const { port, started } = await startOnTemplate({ cwd: root });
    const asset = (encoding: string) => fetch(`http://127.0.0.1:${port}/assets/${script}`, { headers: { "accept-encoding": encoding } });
    expect((await asset("br")).headers.get("content-encoding")).toBe("br");
    rmSync(path.join(assets, `${script}.br`));
    await expect(asset("br").then((response) => response.arrayBuffer())).rejects.toThrow();
    expect((await asset("identity")).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/about`)).status).toBe(200);
    expect(started.child.exitCode).toBeNull();
    expect(started.output()).toContain(`Could not send /assets/${script}`);
  });

  it("finishes an in-flight request on SIGTERM, refuses new ones, and exits 0", { timeout: 120_000 }, async () => {
    const { port, started } = await startOnTemplate();

    // A slow client: the form body arrives in two parts, with SIGTERM in between.
    const inFlight = await requestInFlight(port);
    started.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));

    const probeRefused = () =>
      new Promise<boolean>((resolve) => {
        const probe = net.connect(port, "127.0.0.1");
        probe.once("connect", () => (probe.destroy(), resolve(false)));
        probe.once("error", () => resolve(true));
      });
    // On a loaded machine the signal may take a moment to be handled: poll rather than sample once.
    await expect.poll(probeRefused, { timeout: 5000, interval: 100 }).toBe(true);

    const reply = await inFlight.finish();
    expect(reply).toMatch(/^HTTP\/1\.1 302/);
    expect(reply).toMatch(/location: \/about/i);
    expect(await started.exited).toBe(0);
    expect(started.output()).toContain("Shut down cleanly");
  });

  it(
    "answers TRACE and other methods with 405, a bad Host or a proxy's request line with 400, an over-long URL with 414 and an oversized body with 413, and keeps serving",
    { timeout: 120_000 },
    async () => {
      const { port, started } = await startOnTemplate();

      /** One raw HTTP exchange: the status line of the answer. */
      const exchange = (head: string) =>
        new Promise<string>((resolve, reject) => {
          const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
          let reply = "";
          socket.on("data", (chunk) => {
            reply += chunk;
            if (reply.includes("\r\n")) {
              socket.destroy();
              resolve(reply);
            }
          });
          socket.once("error", reject);
          socket.once("close", () => resolve(reply));
        });
      for (const method of ["TRACE", "CONNECT", "PROPFIND"]) {
        const target = method === "CONNECT" ? "localhost:443" : "/";
        const reply = await exchange(`${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
        expect(reply, method).toMatch(/^HTTP\/1\.1 405/);
      }
      // server.js puts the front door (server/front-door.ts) before static files and the app: no Request is made of these.
      for (const head of [
        "GET /search HTTP/1.1\r\nHost: a b",
        "GET /assets/x.js HTTP/1.1\r\nHost: localhost:99999",
        "GET http://evil.example/ HTTP/1.1\r\nHost: localhost",
        "OPTIONS * HTTP/1.1\r\nHost: localhost",
      ])
        expect(await exchange(`${head}\r\nConnection: close\r\n\r\n`), head).toMatch(/^HTTP\/1\.1 400/);
      expect(await exchange(`GET /tools?search=${"a".repeat(9000)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)).toMatch(/^HTTP\/1\.1 414/);
      // 200 MB announced, a few bytes sent: the answer comes without the rest being waited for.
      expect(
        await exchange(`POST /auth HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${200 * 1024 * 1024}\r\n\r\nemail=a`),
      ).toMatch(/^HTTP\/1\.1 413/);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(started.output()).not.toMatch(/\[error\]|TypeError|Invalid URL/);
    },
  );

  it("refuses to start with a readable message when a variable is invalid", async () => {
    const started = startServer({ PORT: "not-a-port" });
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/Could not start: Configuration error\. PORT is invalid \("not-a-port"\)/);
    expect(started.output()).not.toMatch(/at .+:\d+:\d+/);
  });
});
