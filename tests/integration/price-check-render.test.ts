import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachBackend, type TestApp } from "../support/app";
import { ONE_BACKEND } from "../support/sample";
import { serverBuildPath } from "../support/paths";

/**
 * Pages that draw their prices with JavaScript (issue 27, decision 034): with PRICE_CHECK_BROWSER set, a page whose
 * HTML shows no price is rendered by Chromium with scripts on, every request it makes answered through the safe
 * fetcher. The vendor's page here writes its prices with a script (one fetched from the page's server) and also
 * tries to reach a private server, which must never see a request.
 */

const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

type Plan = { name: string; price: number | null; currency?: "USD" | "EUR" | "GBP" };
type Target = { slug: string; name: string; websiteUrl: string; pricingUrl: string; pricingModel: string; plans: Plan[] };
type Build = {
  runPriceCheck: (options: { targets?: Target[]; hostDelayMs?: number }) => Promise<{ checked: number }>;
  priceTargets: () => Promise<Target[]>;
};

// Not in OUTBOUND_ALLOWED_HOSTS: a loopback service the page's script reaches for.
const privateHits: string[] = [];
const privateServer = createServer((request, response) => {
  privateHits.push(request.url ?? "");
  response.writeHead(200, { "Access-Control-Allow-Origin": "*" }).end("secret");
});
await new Promise<void>((resolve) => privateServer.listen(0, "127.0.0.1", resolve));
const privateUrl = `http://127.0.0.1:${(privateServer.address() as AddressInfo).port}/latest/meta-data/`;

let target: Target | undefined;
const SYMBOL = { USD: "$", EUR: "€", GBP: "£" } as const;
const vendor = createServer((request: IncomingMessage, response) => {
  if (request.url === "/pricing")
    return response
      .writeHead(200, { "Content-Type": "text/html" })
      .end(
        `<!doctype html><title>${target!.name} pricing</title><main id="plans">Loading…</main><footer>${target!.name}</footer><script src="/plans.js"></script><script>fetch(${JSON.stringify(privateUrl)}).catch(() => {}); const i = new Image(); i.src = ${JSON.stringify(privateUrl)} + "img";</script>`,
      );
  if (request.url === "/plans.js") {
    const plans = target!.plans.map((plan) => [plan.name, plan.price === null ? "Contact us" : plan.price === 0 ? "Free" : `${SYMBOL[plan.currency ?? "USD"]}${plan.price}/mo`]);
    return response
      .writeHead(200, { "Content-Type": "text/javascript" })
      .end(`document.getElementById("plans").innerHTML = ${JSON.stringify(plans)}.map(([name, price]) => "<h3>" + name + "</h3><p>" + price + "</p>").join("");`);
  }
  response.writeHead(404).end();
});
await new Promise<void>((resolve) => vendor.listen(0, "127.0.0.1", resolve));
const vendorHost = `127.0.0.1:${(vendor.address() as AddressInfo).port}`;
afterAll(() => {
  for (const server of [vendor, privateServer]) {
    server.closeAllConnections();
    server.close();
  }
});

describeEachBackend(
  "price check with a browser",
  (app: TestApp) => {
    let build: Build;
    beforeAll(async () => {
      build = (await import(serverBuildPath)) as Build;
      const all = (await build.priceTargets()).filter((tool) => tool.plans.some((plan) => plan.price !== null && plan.price > 0));
      target = { ...all[all.length - 1]!, pricingUrl: `http://${vendorHost}/pricing` };
      await app.query("update tools set pricing_url = $1 where slug = $2", [target.pricingUrl, target.slug]);
    });

    it("renders a page that writes its prices with a script, refusing its request to a private address", async () => {
      expect(await build.runPriceCheck({ targets: [target!], hostDelayMs: 0 })).toMatchObject({ checked: 1 });
      const [row] = await app.query<{ outcome: string; details: { rendered: boolean; reasons: string[]; refused: string[] } }>(
        "select outcome, details from fact_checks where subject = $1 order by checked_at desc limit 1",
        [target!.slug],
      );
      expect(row).toMatchObject({ outcome: "confirmed", details: { rendered: true, reasons: [] } });
      expect(privateHits).toEqual([]);
      // The refusal is recorded with the check (and logged by the fetcher).
      expect(row!.details.refused).toEqual(expect.arrayContaining([expect.stringContaining(`${privateUrl} (blocked-address)`)]));
    }, 60_000);
  },
  { ...ONE_BACKEND, env: () => ({ OUTBOUND_ALLOWED_HOSTS: vendorHost, PRICE_CHECK_BROWSER: CHROMIUM, LINK_CHECK_HOST_DELAY_MS: "0", LOG_LEVEL: "warn" }) },
);
