import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachBackend, type TestApp } from "../support/app";
import { fixtureProject } from "../support/fixture-project";

/**
 * The link-health schedule (decisions 021, 065) on its own: an app started with a short interval checks every tool's,
 * course's and deal's destination by itself, once each. Tools and courses point at a local server; the fixture's
 * deals at an https address on that same local server (the check fails, locally): nothing leaves the machine.
 */

const seen: string[] = [];
const site = createServer((request, response) => {
  seen.push(`${request.method} ${request.url}`);
  response.writeHead(200).end();
});
await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
const fixture = fixtureProject((contentDir) => {
  const file = path.join(contentDir, "deals.json");
  const deals = JSON.parse(readFileSync(file, "utf8")) as { id: string; source: string }[];
  writeFileSync(file, JSON.stringify(deals.map((deal) => ({ ...deal, source: `https://127.0.0.1:${(site.address() as AddressInfo).port}/deal/${deal.id}` }))));
});
afterAll(() => {
  site.closeAllConnections();
  site.close();
  fixture.remove();
});

describeEachBackend(
  "the link-health schedule",
  (app: TestApp) => {
    beforeAll(async () => {
      // Before the schedule's first slot (the next minute after the start).
      await app.query("update tools set website_url = $1 || '/tool/' || slug", [base]);
      await app.query("update courses set url = $1 || '/course/' || slug", [base]);
      seen.length = 0;
    });

    it("checks every destination once, by itself, as a job of the queue", async () => {
      const [{ targets }] = (await app.query<{ targets: number }>("select ((select count(*) from tools) + (select count(*) from courses))::int as targets")) as [
        { targets: number },
      ];
      const deals = (JSON.parse(readFileSync(path.join(fixture.root, "content/deals.json"), "utf8")) as unknown[]).length;
      await expect
        .poll(async () => (await app.query<{ n: number }>("select count(*)::int as n from link_checks"))[0]!.n, { timeout: 150_000, interval: 1000 })
        .toBe(targets + deals);
      // No next minute's pass: the schedule goes now (its first pass took seconds).
      await app.query("delete from pgboss.schedule where name = 'link-check'");
      const heads = seen.filter((line) => line.startsWith("HEAD /tool/") || line.startsWith("HEAD /course/"));
      expect(heads).toHaveLength(targets);
      expect(new Set(heads).size).toBe(targets);
      expect(await app.query("select count(*)::int as n from link_checks where kind <> 'deal' and ok and status = 200")).toEqual([{ n: targets }]);
      expect(await app.query("select count(*)::int as n from link_checks where kind = 'deal' and not ok and error in ('tls', 'connection')")).toEqual([{ n: deals }]);
      // One job of the queue did it, and completed.
      await expect.poll(async () => app.query("select state from pgboss.job where name = 'link-check'"), { timeout: 30_000 }).toEqual([{ state: "completed" }]);
    }, 240_000);
  },
  {
    serverBuild: () => fixture.serverBuildPath,
    env: () => ({
      // Every minute (the queue's cron: one job per minute at most).
      LINK_CHECK_INTERVAL_HOURS: String(1 / 60),
      LINK_CHECK_HOST_DELAY_MS: "0",
      LINK_CHECK_TIMEOUT_MS: "2000",
      // The local server is on loopback: the owner's allowance for it (decision 031).
      OUTBOUND_ALLOWED_HOSTS: new URL(base).host,
    }),
  },
);
