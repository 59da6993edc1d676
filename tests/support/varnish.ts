import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { projectRoot } from "./paths";

/** Debian's varnishd, when installed (`npm test` installs the varnish package when it can). */
export const VARNISHD = ["/usr/sbin/varnishd", "/usr/bin/varnishd"].find((file) => existsSync(file));

/**
 * The site's one VCL (deploy/varnish.vcl): a CDN told to honour the origin, which purges by tag (decision 091). Only
 * its backend is filled in here.
 */
export const vclFor = (backendPort: number, backendHost = "127.0.0.1") =>
  readFileSync(path.join(projectRoot, "deploy", "varnish.vcl"), "utf8")
    .replaceAll("{{BACKEND_HOST}}", backendHost)
    .replaceAll("{{BACKEND_PORT}}", String(backendPort));

/**
 * varnishd in front of `backendPort`, unprivileged (`-j none`) in its own work directory, in the foreground so that
 * killing the child stops it. Resolves once it accepts connections.
 */
export async function startVarnish(work: string, { port, backendPort }: { port: number; backendPort: number }): Promise<ChildProcess> {
  if (!VARNISHD) throw new Error("varnishd is not installed");
  const file = path.join(work, "default.vcl");
  writeFileSync(file, vclFor(backendPort));
  let output = "";
  const child = spawn(VARNISHD, ["-F", "-j", "none", "-n", path.join(work, "varnish"), "-a", `127.0.0.1:${port}`, "-f", file, "-s", "malloc,32m"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  // The VCL is compiled to C first: a few seconds on a busy machine.
  for (let attempt = 0; attempt < 300 && child.exitCode === null; attempt++) {
    const listening = await new Promise<boolean>((resolve) => {
      const probe = net.connect(port, "127.0.0.1", () => (probe.destroy(), resolve(true)));
      probe.once("error", () => resolve(false));
    });
    if (listening) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`varnishd did not listen on ${port}:\n${output}`);
}
