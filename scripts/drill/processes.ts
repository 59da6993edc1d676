import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";

/**
 * The drill's child processes, each in a process group of its own (`detached`), so that stopping one stops
 * whatever it forked (nginx's workers, varnishd's child) and nothing outlives the drill.
 */
export type Child = { name: string; pid: number; running: () => boolean; output: () => string; exited: Promise<number | null>; stop: () => Promise<void> };

const children = new Set<Child>();
let stopping = false;

/** From now on nothing new starts: `startChild` and `checkpoint` throw (an interrupted drill winds down). */
export function stopStarting(): void {
  stopping = true;
}

/** Throws once the drill is stopping: called between the steps of a start. */
export function checkpoint(): void {
  if (stopping) throw new Error("the drill is stopping");
}

export function startChild(name: string, command: string, args: string[], { env, cwd }: { env?: Record<string, string>; cwd?: string } = {}): Child {
  checkpoint();
  const child = spawn(command, args, { cwd, env: env ?? { PATH: process.env.PATH ?? "/usr/bin:/bin" }, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  // Bounded: a chatty process over a long run must not grow the drill's memory without end.
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-200_000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.once("error", (error) => {
      output += String(error);
      resolve(-1);
    });
  });
  const entry: Child = {
    name,
    pid: child.pid ?? -1,
    running: () => child.exitCode === null && child.signalCode === null,
    output: () => output,
    exited,
    async stop() {
      children.delete(entry);
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      signalGroup(child.pid, "SIGTERM");
      const timer = setTimeout(() => signalGroup(child.pid!, "SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
      // Whatever the leader left behind in its group (a worker still closing).
      signalGroup(child.pid, "SIGKILL");
    },
  };
  children.add(entry);
  return entry;
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** What else the drill started that is not a child of its own (PostgreSQL's servers, daemonized by pg_ctl). */
type Cleanup = { run: () => Promise<void>; now: () => void };
const cleanups: Cleanup[] = [];

/**
 * Registers a clean-up for what a child process does not cover: `run` for an orderly stop, `now` (synchronous) for
 * the process's last moment. Returns a function that unregisters it (once the thing was stopped the usual way).
 */
export function onCleanup(run: () => Promise<void>, now: () => void): () => void {
  const entry = { run, now };
  cleanups.push(entry);
  return () => void cleanups.splice(cleanups.indexOf(entry) >>> 0, 1);
}

/** Everything still running, stopped (a failed or interrupted drill): children first, then the rest. */
export async function stopEverything(): Promise<void> {
  await Promise.all([...children].map((child) => child.stop()));
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup.run().catch(() => {});
}

/** Synchronous last resort for `process.on("exit")`: SIGKILL to every group still there, and the other clean-ups. */
export function stopEverythingNow(): void {
  for (const child of children) signalGroup(child.pid, "SIGKILL");
  children.clear();
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      cleanup.now();
    } catch {
      // Nothing more can be done at exit.
    }
  }
}

export async function listening(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(port, host, () => (probe.destroy(), resolve(true)));
    probe.once("error", () => resolve(false));
  });
}

/** Resolves once `host:port` accepts connections; throws with the child's output if it exits or takes too long. */
export async function waitForPort(child: Child, host: string, port: number, timeoutMs = 30_000): Promise<void> {
  let gone = false;
  void child.exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await listening(host, port)) return;
    if (gone) break;
    await sleep(100);
  }
  throw new Error(`${child.name} did not listen on ${host}:${port}:\n${child.output().slice(-3000)}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const firstExisting = (...files: string[]) => files.find((file) => existsSync(file));
