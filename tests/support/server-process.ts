import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { projectRoot, templateDataDir } from "./paths";
import { freePort } from "./ports";

/** A `node server.js` a test started: its process, everything it printed so far, and its exit code once it exits. */
export type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/**
 * Starts the real server.js with `env` over the test's own, never reaching the outside world (decision 021); `args`
 * go to node before the script (a `--import` of a test's own). Stopped by `stopServers`.
 */
export function startServer(env: Record<string, string>, { cwd = projectRoot, args = [] as string[] } = {}): Started {
  let output = "";
  const child = spawn(process.execPath, [...args, "server.js"], { cwd, env: { ...process.env, LINK_CHECK_INTERVAL_HOURS: "0", PRICE_CHECK_INTERVAL_HOURS: "0", ...env } });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  started.push(child);
  return { child, output: () => output, exited };
}

export async function waitForListening(server: Started) {
  // A start migrates and checks the content: seconds on a quiet machine, much longer on a busy CI runner.
  for (let i = 0; i < 1200 && !server.output().includes("Listening on") && server.child.exitCode === null; i++) await new Promise((r) => setTimeout(r, 50));
  expect(server.output()).toContain("Listening on");
}

const started: ChildProcess[] = [];
const scratch: string[] = [];

/** A folder removed by `stopServers`. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

/** Kills every server the file started and removes their folders: for `afterEach`. */
export function stopServers() {
  for (const child of started.splice(0)) child.kill("SIGKILL");
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A production server.js on a copy of the template database, listening on a free port. */
export async function startOnTemplate({ cwd = projectRoot, args = [] as string[], env = {} as Record<string, string> } = {}) {
  const dataDir = scratchDir("aitools-proc-");
  cpSync(templateDataDir(), dataDir, { recursive: true });
  const port = await freePort();
  const server = startServer({ PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "production", ...env }, { cwd, args });
  await waitForListening(server);
  return { port, started: server, dataDir };
}

/**
 * A request in flight for as long as a test needs: a form post whose body arrives in two parts. `finish` sends the
 * rest and resolves to everything the server answered once it closed the connection.
 */
export async function requestInFlight(port: number): Promise<{ finish: () => Promise<string> }> {
  const body = "theme=dark&redirectTo=%2Fabout";
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let reply = "";
  socket.on("data", (chunk) => (reply += chunk));
  const closed = new Promise((resolve) => socket.once("close", resolve));
  socket.write(
    `POST /resources/theme HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n` +
      body.slice(0, 10),
  );
  // Let the server read the head and the first part before the test goes on.
  await new Promise((r) => setTimeout(r, 300));
  return {
    async finish() {
      socket.write(body.slice(10));
      await closed;
      return reply;
    },
  };
}
