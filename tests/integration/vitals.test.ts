import { expect, it } from "vitest";
import { PAGE_TYPES, VITAL_METRICS } from "~/lib/vitals/web-vitals";
import { describeEachBackend } from "../support/app";

/** Continuous 75th percentile (as percentile_cont): interpolated between the two nearest ranks. */
function p75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = 0.75 * (sorted.length - 1);
  const low = Math.floor(rank);
  return sorted[low]! + (sorted[Math.ceil(rank)]! - sorted[low]!) * (rank - low);
}

describeEachBackend("web vitals from visitors' browsers (/api/vitals)", (app) => {
  let address = 0;
  /** Each beacon from its own address unless told, so the rate limit only bites where a test wants it. */
  const beacon = (body: unknown, ip = `203.0.113.${++address % 250}`) =>
    app.request("/api/vitals", { method: "POST", headers: { "Content-Type": "application/json", "X-Forwarded-For": ip }, body: JSON.stringify(body) });

  it("stores a valid beacon: metric, value and page type, and nothing about the visitor", async () => {
    const response = await beacon(
      {
        pageType: "tool",
        metrics: [
          { name: "LCP", value: 1234.5 },
          { name: "CLS", value: 42 },
        ],
      },
      "198.51.100.77",
    );
    expect(response.status).toBe(201);
    expect((await response.json()).ok).toBe(true);
    const rows = await app.query<{ metric: string; value: number; page_type: string }>("select metric, value, page_type from web_vitals order by metric");
    expect(rows).toEqual([
      { metric: "CLS", value: 42, page_type: "tool" },
      { metric: "LCP", value: 1234.5, page_type: "tool" },
    ]);
    // No column could hold an address or a person, and the address appears nowhere in the table.
    const columns = await app.query<{ column_name: string }>("select column_name from information_schema.columns where table_name = 'web_vitals' order by column_name");
    expect(columns.map((column) => column.column_name)).toEqual(["created_at", "id", "metric", "page_type", "value"]);
    const dump = JSON.stringify(await app.query("select * from web_vitals"));
    expect(dump).not.toContain("198.51.100.77");
    await app.query("delete from web_vitals");
  });

  it("refuses what is not a page view's measurements, with a message, and stores nothing", async () => {
    const refused = [
      { pageType: "/tools/chatgpt", metrics: [{ name: "LCP", value: 1 }] }, // a URL, not a page type
      { pageType: "home", metrics: [{ name: "FID", value: 1 }] }, // unknown metric
      { pageType: "home", metrics: [{ name: "LCP", value: -5 }] },
      { pageType: "home", metrics: [{ name: "LCP", value: 10_000_000 }] },
      { pageType: "home", metrics: [] },
      {
        pageType: "home",
        metrics: [
          { name: "LCP", value: 1 },
          { name: "LCP", value: 2 },
        ],
      },
      { pageType: "home", metrics: [{ name: "LCP", value: "fast" }] },
    ];
    for (const body of refused) {
      const response = await beacon(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const reply = await response.json();
      expect(reply.ok).toBe(false);
      expect(reply.toast.title).toBe("Measurements refused");
    }
    const notJson = await app.request("/api/vitals", { method: "POST", headers: { "Content-Type": "text/plain", "X-Forwarded-For": "203.0.113.251" }, body: "LCP=1" });
    expect(notJson.status).toBe(400);
    expect((await app.query("select count(*)::int as n from web_vitals"))[0]).toEqual({ n: 0 });
    // A GET is not a beacon.
    expect((await app.request("/api/vitals")).status).toBeGreaterThanOrEqual(400);
  });

  it("refuses a cross-site beacon", async () => {
    const response = await app.request("/api/vitals", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "https://elsewhere.example", "X-Forwarded-For": "203.0.113.252" },
      body: JSON.stringify({ pageType: "home", metrics: [{ name: "LCP", value: 1 }] }),
    });
    expect(response.status).toBe(403);
  });

  it("limits beacons per address: 429 with Retry-After past 20 a minute", async () => {
    const body = { pageType: "home", metrics: [{ name: "TTFB", value: 100 }] };
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let index = 0; index < 21; index++) {
      last = await beacon(body, "192.0.2.200");
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address is not limited.
    expect((await beacon(body, "192.0.2.201")).status).toBe(201);
    await app.query("delete from web_vitals");
  });

  it("shows the p75 per page type on /verification, as a plain-code percentile computes it", async () => {
    // Deterministic values per page type and metric, several beacons each.
    const sent: Record<string, number[]> = {};
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (const pageType of ["home", "tool", "article"] as const) {
      for (let view = 0; view < 9; view++) {
        const metrics = VITAL_METRICS.map((name) => ({ name, value: name === "CLS" ? next() % 400 : 50 + (next() % 5000) }));
        expect((await beacon({ pageType, metrics })).status).toBe(201);
        for (const { name, value } of metrics) (sent[`${pageType}|${name}`] ??= []).push(value);
      }
    }
    // An old measurement outside the window does not count.
    await app.query("insert into web_vitals (metric, value, page_type, created_at) values ('LCP', 99999, 'home', now() - interval '60 days')");

    const { body } = await app.html("/verification");
    expect(body).toContain("Web vitals from real visitors");
    expect(body).toMatch(/<meta name="robots" content="noindex/);
    for (const [key, values] of Object.entries(sent)) {
      const [pageType, metric] = key.split("|") as [string, string];
      const expected = p75(values);
      const shown = metric === "CLS" ? (expected / 1000).toFixed(3) : `${Math.round(expected)} ms`;
      const row = body.match(new RegExp(`<tr data-page-type="${pageType}"[\\s\\S]*?</tr>`))?.[0] ?? "";
      const cell = row.match(new RegExp(`<td data-metric="${metric}"[^>]*>([^<]*)</td>`))?.[1];
      expect(cell, key).toBe(`${shown} (9)`);
    }
    // Page types without measurements are not listed.
    for (const pageType of PAGE_TYPES.filter((type) => !["home", "tool", "article"].includes(type))) expect(body).not.toContain(`data-page-type="${pageType}"`);
  });
});
