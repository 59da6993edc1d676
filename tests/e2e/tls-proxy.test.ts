import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestLink } from "../support/mail";
import { NGINX, startNginx } from "../support/nginx";
import { projectRoot } from "../support/paths";
import { useBrowser, waitForHydration } from "./support/browser";
import { freshDataDir } from "./support/server";

/**
 * The site behind a real TLS-terminating proxy (docs/DEPLOY.md): nginx with a throwaway certificate in
 * front of one app process that sees plain http. Before X-Forwarded-Proto was honoured, every form post
 * through such a proxy was refused (the browser's https Origin did not match the request's http URL).
 */

const browser = useBrowser();
// By its exact title: "Password changed" says other sessions were signed out, which a substring would take for "Signed out".
const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").filter({ has: page.getByText(title, { exact: true }) });

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForOutput(child: ChildProcess, text: string, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (!output().includes(text)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the app did not start:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(NGINX)("behind nginx terminating TLS", () => {
  const work = mkdtempSync(path.join(os.tmpdir(), "aitools-tls-"));
  // A copy of the run's migrated, synced data folder: this test is about the proxy, not a first start.
  const dataDir = freshDataDir();
  let app: ChildProcess | undefined;
  let nginx: ChildProcess | undefined;
  let origin = "";

  beforeAll(async () => {
    const [appPort, proxyPort] = [await freePort(), await freePort()];
    origin = `https://localhost:${proxyPort}`;
    const made = spawnSync(
      "openssl",
      ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-keyout", `${work}/key.pem`, "-out", `${work}/cert.pem`],
      { encoding: "utf8" },
    );
    if (made.status !== 0) throw new Error(`openssl could not make a certificate:\n${made.stderr}`);

    let output = "";
    app = spawn(process.execPath, ["server.js"], {
      cwd: projectRoot,
      env: {
        PATH: process.env.PATH!,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(appPort),
        DATA_DIR: dataDir,
        SITE_URL: origin,
        TRUST_PROXY: "true",
        LOG_LEVEL: "warn",
        // The link checker never reaches the outside world from a test (decision 021).
        LINK_CHECK_INTERVAL_HOURS: "0",
        PRICE_CHECK_INTERVAL_HOURS: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    app.stdout!.on("data", (chunk) => (output += chunk));
    app.stderr!.on("data", (chunk) => (output += chunk));
    await waitForOutput(app, "Listening on", () => output);

    nginx = await startNginx(work, { port: proxyPort, upstreams: [`127.0.0.1:${appPort}`], tls: { certificate: `${work}/cert.pem`, key: `${work}/key.pem` } });
  }, 120_000);

  afterAll(async () => {
    for (const child of [nginx, app]) {
      if (!child || child.exitCode !== null) continue;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(work, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("signs up, confirms, signs out and in, changes the password and signs out, all over https", async () => {
    // Under CI load Chromium has once given up re-sending a request over a reused TLS connection (ERR_TOO_MANY_RETRIES)
    // while every step below still succeeded; that is the browser's transport, not a page error. Each step's outcome is checked.
    const page = await browser.newPage({ baseURL: origin, ignoreHTTPSErrors: true, allowedHttpErrors: [400, 401], allowedNetworkErrors: ["net::ERR_TOO_MANY_RETRIES"] });
    const email = `tls-${process.pid}-${Date.now().toString(36)}@example.com`;
    const password = "harbour-lantern-73-moss";

    await page.goto("/auth?tab=signup");
    await waitForHydration(page);
    await page.getByLabel("Full name").fill("Tess Harbour");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await toast(page, "Account created!").waitFor();

    const link = await latestLink(dataDir, email, "/auth/verify-email");
    expect(new URL(link).origin).toBe(origin);
    await page.goto(link);
    await page.waitForURL(`${origin}/profile`);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "Tess Harbour" }).waitFor();
    const session = (await page.context().cookies()).find((cookie) => cookie.name === "__Host-atlas.session_token");
    expect(session).toMatchObject({ secure: true, httpOnly: true, path: "/", sameSite: "Lax" });

    await page.getByRole("link", { name: "Account menu for Tess Harbour" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await toast(page, "Signed out").waitFor();

    await page.goto("/auth?redirectTo=/settings");
    await waitForHydration(page);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL(`${origin}/settings`);
    await waitForHydration(page);

    const newPassword = "quarry-meadow-58-flint";
    await page.getByLabel("Current password").fill(password);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Change Password" }).click();
    await toast(page, "Password changed").waitFor();

    await page.getByRole("link", { name: "Account menu for Tess Harbour" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await toast(page, "Signed out").waitFor();
    await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === "__Host-atlas.session_token")).toBe(false);
  });
});
