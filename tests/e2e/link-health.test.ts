import { rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifiedUser } from "../support/accounts";
import type { TestApp } from "../support/app";
import { serverBuildPath } from "../support/paths";
import { useBrowser, waitForHydration } from "./support/browser";
import { freshDataDir, startProductionServer, type ProductionServer } from "./support/server";
import { axeViolations } from "./support/axe";

/**
 * /admin/links in a browser (issue 19, decision 021): an editor reads the flagged links at 360 px, checks one now,
 * filters the broken ones; the page and a tool page with the broken-link note are axe clean. The database is
 * prepared in process first (an editor, a few checks), then the production server opens it.
 */

const browser = useBrowser({ bypassCSP: true });

const site = createServer((request, response) => response.writeHead(request.url === "/ok" ? 200 : 404).end());
// A copy of the run's migrated, synced data folder, prepared in process and then opened by the server.
const dataDir = freshDataDir();
let server: ProductionServer | undefined;
let editor: { email: string; password: string };
let slugs: { broken: string; failing: string; local: string };

beforeAll(async () => {
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const local = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  const { startApp } = await import(serverBuildPath);
  const app = await startApp({ NODE_ENV: "test", LOG_LEVEL: "error", DATA_DIR: dataDir, SITE_URL: "http://localhost:3000" });
  try {
    const testApp = { dataDir, query: app.query, request: (pathname: string, init?: RequestInit) => app.handle(new Request(`http://localhost:3000${pathname}`, init)) } as TestApp;
    const user = await createVerifiedUser(testApp, { name: "Edna Editor" });
    editor = { email: user.email, password: user.password };
    await app.query("update users set role = 'editor' where email = $1", [editor.email]);
    const rows = await app.query("select slug, website_url from tools order by slug limit 3");
    const [broken, failing, ok] = rows as { slug: string; website_url: string }[];
    slugs = { broken: broken!.slug, failing: failing!.slug, local: ok!.slug };
    await app.query("update tools set website_url = $1 where slug = $2", [`${local}/ok`, ok!.slug]);
    await app.query(
      `insert into link_checks (kind, target, url, status, error, ok, final_url, checked_at, consecutive_failures) values
        ('tool', $1, $2, 404, null, false, $2, now(), 3),
        ('tool', $3, $4, null, 'timeout', false, $4, now(), 1),
        ('tool', $5, $6, 404, null, false, $6, now() - interval '1 day', 2)`,
      [broken!.slug, broken!.website_url, failing!.slug, failing!.website_url, ok!.slug, `${local}/ok`],
    );
  } finally {
    await app.stop();
  }
  // The fixture site is on this machine: the outbound fetcher reaches it only when the owner allows it (decision 031).
  server = await startProductionServer({ dataDir, env: { OUTBOUND_ALLOWED_HOSTS: new URL(`http://127.0.0.1:${(site.address() as AddressInfo).port}`).host } });
}, 240_000);

afterAll(async () => {
  await server?.stop();
  site.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signedInPage(viewport = { width: 360, height: 800 }) {
  const page = await browser.newPage({ baseURL: server!.baseUrl, viewport });
  const signIn = await page.request.post("/auth", { form: { intent: "signin", from: "page", email: editor.email, password: editor.password, redirectTo: "/" } });
  expect(signIn.ok()).toBe(true);
  return page;
}

describe("/admin/links", () => {
  it("is axe clean and fits 360 px, flagged links first", async () => {
    const page = await signedInPage();
    await page.goto("/admin/links");
    await waitForHydration(page);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Link health");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const rows = page.getByRole("region", { name: /All links, flagged first/ }).locator("tbody tr");
    expect(await rows.first().getAttribute("data-link")).toBe(`tool:${slugs.broken}`);
    expect(await rows.first().textContent()).toContain("Broken");
    expect(await axeViolations(page)).toEqual([]);
  });

  it("checks one link now and filters the broken ones", async () => {
    const page = await signedInPage();
    await page.goto("/admin/links");
    await waitForHydration(page);
    const row = page.locator(`tr[data-link="tool:${slugs.local}"]`);
    expect(await row.getAttribute("data-link-state")).toBe("failing");
    await row.getByRole("button", { name: /Check now/ }).click();
    await page.getByRole("status").filter({ hasText: "The link works." }).waitFor();
    await expect.poll(() => page.locator(`tr[data-link="tool:${slugs.local}"]`).getAttribute("data-link-state")).toBe("ok");
    expect(await page.locator(`tr[data-link="tool:${slugs.local}"]`).textContent()).toContain("200 OK");

    await page.getByRole("link", { name: /^Broken \(1\)$/ }).click();
    await expect.poll(() => page.locator("tbody tr").count()).toBe(1);
    expect(new URL(page.url()).search).toBe("?show=broken");
    expect(await axeViolations(page)).toEqual([]);
  });

  it("puts the broken note on the tool page, axe clean at 360 px", async () => {
    const page = await browser.newPage({ baseURL: server!.baseUrl, viewport: { width: 360, height: 800 } });
    await page.goto(`/tools/${slugs.broken}`);
    await waitForHydration(page);
    await page.getByText(/^Link may be broken \(checked .+\)$/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
