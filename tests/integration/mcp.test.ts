import { readFileSync } from "node:fs";
import path from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, expect, it } from "vitest";
import { changeListSchema, taskSchema, toolListSchema, toolSchema, type ApiTool } from "~/lib/api/schemas";
import { OPEN_DATA_WORDS } from "~/lib/words/open-data";
import { MESSAGES, tooManyAttempts } from "~/lib/messages";
import { formatLongDate } from "~/lib/ui/dates";
import { createVerifiedUser, post, uniqueIp } from "../support/accounts";
import { BASE_URL, describeEachBackend, type TestApp } from "../support/app";

/**
 * The MCP server at /mcp (issue 46): the official SDK's client, speaking to the app in process, finds six read-only
 * tools, calls each, and reads a tool's prices with the source and confirmation its page shows. Malformed JSON-RPC is
 * answered as JSON-RPC, an unknown slug as a tool error in the catalogue's words; nothing is a 500 or kept by a cache.
 */
const content = (file: string) => JSON.parse(readFileSync(path.join(process.cwd(), "content", file), "utf8"));
const TOOLS = ["compare_tools", "find_tools_for_task", "get_tool", "list_changes", "price_history", "search_tools"];
const SEEN = "Every plan and price as the tool page lists them";
const JSON_RPC = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

type Result = Awaited<ReturnType<Client["callTool"]>>;
const textOf = (result: Result) => (result.content as { type: string; text: string }[]).map((block) => block.text).join("\n");

/** A client of the official SDK whose requests go through the app's real handler (every pipeline step), in process. */
async function connect(app: TestApp, versionNegotiation?: { mode: "auto" }) {
  // Each client its own address, so the open data's per-address limit (60 a minute) counts it alone.
  const ip = uniqueIp();
  const fetch = (url: string | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    headers.set("X-Forwarded-For", ip);
    return app.request(new URL(url).pathname, { ...init, headers });
  };
  const client = new Client({ name: "mcp-test", version: "1.0.0" }, versionNegotiation ? { versionNegotiation } : {});
  await client.connect(new StreamableHTTPClientTransport(new URL(`${BASE_URL}/mcp`), { fetch }));
  return client;
}

const rpc = (app: TestApp, body: string, headers: Record<string, string> = JSON_RPC) =>
  app.request("/mcp", { method: "POST", headers: { "X-Forwarded-For": uniqueIp(), ...headers }, body });

describeEachBackend("the MCP server", (app: TestApp) => {
  let client: Client;
  const chatgpt = content("tools/chatgpt.json");

  beforeAll(async () => {
    client = await connect(app);
  });
  afterAll(() => client?.close());

  it("lists its six read-only tools, each described, with an input and an output schema", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
  });

  it("answers get_tool for ChatGPT with its plans and terms, and its prices' source and confirmation as its page shows them", async () => {
    const result = await client.callTool({ name: "get_tool", arguments: { slug: "chatgpt" } });
    expect(result.isError).toBeFalsy();
    const tool: ApiTool = toolSchema.parse(result.structuredContent);
    expect(tool.url).toBe(`${BASE_URL}/tools/chatgpt`);
    expect(tool.pricing.plans.map((plan) => [plan.name, plan.price, plan.limits])).toEqual(
      chatgpt.pricing.plans.map((plan: { name: string; price: number | null; limits: string }) => [plan.name, plan.price, plan.limits]),
    );
    expect(tool.pricing.plans.find((plan) => plan.name === "Business")).toMatchObject({ per: "user", min_seats: 2, billed_annually: true });
    // The page's words about the prices, and the source it links: the same in the answer.
    const { body: page } = await app.html("/tools/chatgpt");
    expect(tool.pricing.provenance.confirmed_at).toBeNull();
    expect(page).toContain(tool.pricing.provenance.status_text.replaceAll("'", "&#x27;"));
    expect(page).toContain(`href="${tool.pricing.provenance.source_url}"`);
    for (const plan of tool.pricing.plans) expect(page).toContain(plan.limits);
    const text = textOf(result);
    expect(text).toContain(`Page: ${BASE_URL}/tools/chatgpt`);
    expect(text).toContain(`source ${tool.pricing.provenance.source_url}; not yet confirmed`);
    for (const fact of tool.data_facts) expect(text).toContain(fact.value_text);
  });

  it("says 'Confirmed <day> by one of our editors' with the receipt once an editor confirms the prices", async () => {
    const editor = await createVerifiedUser(app, { name: "MCP Editor" });
    await app.query("update users set role = 'editor' where email = $1", [editor.email]);
    const confirmed = await post(app, "/admin/prices", { intent: "confirm-pricing", slug: "chatgpt", sourceUrl: chatgpt.pricingUrl, seen: SEEN }, { cookie: editor.cookie });
    expect(confirmed.status).toBe(200);
    const [check] = await app.query<{ id: number; day: string }>(
      "select id, to_char(checked_at at time zone 'UTC', 'YYYY-MM-DD') as day from fact_checks where subject = 'chatgpt' and subject_kind = 'tool-pricing'",
    );
    const result = await client.callTool({ name: "get_tool", arguments: { slug: "chatgpt" } });
    const tool = toolSchema.parse(result.structuredContent);
    expect(tool.pricing.provenance).toMatchObject({ confirmed_at: check!.day, method: "editor", receipt_url: `${BASE_URL}/receipts/${check!.id}` });
    expect(textOf(result)).toContain(`Confirmed ${formatLongDate(check!.day)} by one of our editors (receipt ${BASE_URL}/receipts/${check!.id})`);
    expect(await (await app.request("/tools/chatgpt")).text()).toContain(tool.pricing.provenance.status_text);
  });

  it("searches as /tools does, and pages with the cursor it gives", async () => {
    const first = await client.callTool({ name: "search_tools", arguments: { query: "chat", pricing: ["freemium"], sort: "name_asc" } });
    const list = toolListSchema.parse(first.structuredContent);
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.map((tool) => tool.name)).toEqual([...list.data.map((tool) => tool.name)].sort((a, b) => a.localeCompare(b)));
    expect(textOf(first)).toContain(list.data[0]!.url);
    const all = toolListSchema.parse((await client.callTool({ name: "search_tools", arguments: {} })).structuredContent);
    expect(all.next_cursor).not.toBeNull();
    const second = toolListSchema.parse((await client.callTool({ name: "search_tools", arguments: { cursor: all.next_cursor } })).structuredContent);
    expect(second.data[0]!.slug).not.toBe(all.data[0]!.slug);
    // A cursor of another query is refused in the catalogue's words, as a tool error.
    const other = await client.callTool({ name: "search_tools", arguments: { query: "image", cursor: all.next_cursor } });
    expect(other.isError).toBe(true);
    expect(textOf(other)).toContain(MESSAGES.invalidInput.title);
  });

  it("compares two to four tools side by side", async () => {
    const result = await client.callTool({ name: "compare_tools", arguments: { slugs: ["chatgpt", "claude-ai"] } });
    expect(result.isError).toBeFalsy();
    const { tools } = result.structuredContent as { tools: unknown[] };
    expect(tools.map((tool) => toolSchema.parse(tool).slug)).toEqual(["chatgpt", "claude-ai"]);
    expect(textOf(result)).toContain(`${BASE_URL}/tools/claude-ai`);
    // One slug is no comparison: refused by the input schema, as a tool error.
    expect((await client.callTool({ name: "compare_tools", arguments: { slugs: ["chatgpt"] } })).isError).toBe(true);
  });

  it("gives a tool's price history, newest first, and the changes recorded since a moment, oldest first", async () => {
    // Changes as the price check records them: ChatGPT's Plus plan 1, 3 and 5 days ago, and one of another tool's.
    const plan = (price: number) => JSON.stringify({ name: "Plus", price, currency: "USD", period: "month" });
    for (const [slug, days, before, after] of [
      ["chatgpt", 5, 20, 22],
      ["chatgpt", 3, 22, 21],
      ["claude-ai", 2, 20, 25],
      ["chatgpt", 1, 21, 24],
    ] as const) {
      await app.query(
        "insert into tool_changes (tool_id, occurred_at, kind, source, plan_name, before, after) select id, now() - make_interval(days => $2), $3, 'content', 'Plus', $4::jsonb, $5::jsonb from tools where slug = $1",
        [slug, days, after > before ? "price-up" : "price-down", plan(before), plan(after)],
      );
    }
    const history = await client.callTool({ name: "price_history", arguments: { slug: "chatgpt" } });
    expect(history.isError).toBeFalsy();
    const changes = changeListSchema.parse(history.structuredContent);
    expect(changes.data.map((change) => [change.tool.slug, change.kind])).toEqual([
      ["chatgpt", "price-up"],
      ["chatgpt", "price-down"],
      ["chatgpt", "price-up"],
    ]);
    expect(textOf(history)).toContain(`${BASE_URL}/tools/chatgpt`);
    expect(textOf(history)).toContain(changes.data[0]!.text);

    const since = new Date(Date.now() - 4 * 86_400_000).toISOString();
    const recent = await client.callTool({ name: "list_changes", arguments: { since, limit: 2 } });
    expect(recent.isError).toBeFalsy();
    const page = changeListSchema.parse(recent.structuredContent);
    expect(page.data.map((change) => change.tool.slug)).toEqual(["chatgpt", "claude-ai"]);
    const next = changeListSchema.parse((await client.callTool({ name: "list_changes", arguments: { since, limit: 2, cursor: page.next_cursor } })).structuredContent);
    expect(next.data.map((change) => change.tool.slug)).toEqual(["chatgpt"]);
    expect(next.next_cursor).toBeNull();
    const times = [...page.data, ...next.data].map((change) => change.recorded_at);
    expect(times).toEqual([...times].sort());
    // A time without its offset is refused by the input schema.
    expect((await client.callTool({ name: "list_changes", arguments: { since: "yesterday" } })).isError).toBe(true);
  });

  it("finds the tools for a task by its slug or by words", async () => {
    const [task] = await app.query<{ slug: string; name: string }>("select slug, name from tasks order by slug limit 1");
    const bySlug = await client.callTool({ name: "find_tools_for_task", arguments: { task: task!.slug } });
    const { tasks } = bySlug.structuredContent as { tasks: unknown[] };
    expect(tasks.map((one) => taskSchema.parse(one).slug)).toEqual([task!.slug]);
    expect(textOf(bySlug)).toContain(`${BASE_URL}/tasks/${task!.slug}`);
    const byWords = await client.callTool({ name: "find_tools_for_task", arguments: { task: task!.name.toLowerCase() } });
    expect((byWords.structuredContent as { tasks: { slug: string }[] }).tasks.map((one) => one.slug)).toContain(task!.slug);
    const none = await client.callTool({ name: "find_tools_for_task", arguments: { task: "qqqq zzzz" } });
    expect(none.isError).toBe(true);
    expect(textOf(none)).toContain(OPEN_DATA_WORDS.taskNotFound.title);
  });

  it("answers an unknown slug with a tool error in the catalogue's words, never a protocol error", async () => {
    for (const [name, args] of [
      ["get_tool", { slug: "no-such-tool" }],
      ["price_history", { slug: "no-such-tool" }],
      ["compare_tools", { slugs: ["chatgpt", "no-such-tool"] }],
      ["list_changes", { tool: "no-such-tool" }],
    ] as const) {
      const result = await client.callTool({ name, arguments: args });
      expect([name, result.isError, textOf(result)]).toEqual([name, true, `${MESSAGES.toolNotFound.title} (no-such-tool): ${MESSAGES.toolNotFound.description}`]);
    }
  });

  it("serves a client of the 2026-07-28 revision too (no initialize, the version in each request)", async () => {
    const modern = await connect(app, { mode: "auto" });
    try {
      expect((await modern.listTools()).tools.map((tool) => tool.name).sort()).toEqual(TOOLS);
      const result = await modern.callTool({ name: "get_tool", arguments: { slug: "chatgpt" } });
      expect(toolSchema.parse(result.structuredContent).slug).toBe("chatgpt");
    } finally {
      await modern.close();
    }
  });

  it("answers malformed JSON-RPC with a JSON-RPC error, never a 500, and every answer with no-store", async () => {
    const cases: [string, string, number][] = [
      ["not JSON", "{not json", -32700],
      ["not a JSON-RPC message", JSON.stringify({ hello: "world" }), -32600],
      ["an unknown method", JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/destroy", params: {} }), -32601],
      ["an unknown tool", JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "drop_tables", arguments: {} } }), -32602],
    ];
    for (const [what, body, code] of cases) {
      const response = await rpc(app, body);
      expect([what, response.status < 500, response.headers.get("cache-control"), response.headers.get("content-type")]).toEqual([what, true, "no-store", "application/json"]);
      const answer = (await response.json()) as { jsonrpc: string; error?: { code: number; message: string } };
      expect([what, answer.jsonrpc, answer.error?.code]).toEqual([what, "2.0", code]);
    }
  });

  it("answers GET and DELETE 405 as JSON-RPC, a body over 64 KB 413, and a successful call with no-store", async () => {
    for (const method of ["GET", "DELETE"]) {
      const response = await app.request("/mcp", { method, headers: { Accept: "application/json, text/event-stream" } });
      expect([method, response.status, response.headers.get("allow"), response.headers.get("cache-control")]).toEqual([method, 405, "POST, OPTIONS", "no-store"]);
      expect(((await response.json()) as { error: { code: number } }).error.code).toBe(-32000);
    }
    const big = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search_tools", arguments: { query: "x".repeat(70 * 1024) } } });
    const tooLarge = await rpc(app, big);
    expect(tooLarge.status).toBe(413);
    await tooLarge.arrayBuffer();
    const ok = await rpc(app, JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list", params: {} }));
    expect([ok.status, ok.headers.get("cache-control")]).toEqual([200, "no-store"]);
    await ok.arrayBuffer();
  });

  it("counts each POST against the open data's per-address limit, with /api/v1's: past it a 429 as JSON-RPC, with Retry-After", async () => {
    const ip = uniqueIp();
    const list = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
    const first = await rpc(app, list, { ...JSON_RPC, "X-Forwarded-For": ip });
    expect(first.headers.get("ratelimit")).toMatch(/^"minute";r=59;t=\d+, "day";r=4999;t=\d+$/);
    await first.arrayBuffer();
    // The API's requests count against the same windows.
    expect((await app.request("/api/v1/categories", { headers: { "X-Forwarded-For": ip } })).headers.get("ratelimit")).toMatch(/^"minute";r=58;/);
    for (let sent = 2; sent < 60; sent++) expect((await rpc(app, list, { ...JSON_RPC, "X-Forwarded-For": ip })).status).toBe(200);
    const refused = await rpc(app, list, { ...JSON_RPC, "X-Forwarded-For": ip });
    expect([refused.status, refused.headers.get("cache-control"), refused.headers.get("ratelimit")?.startsWith('"minute";r=0;')]).toEqual([429, "no-store", true]);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const answer = (await refused.json()) as { jsonrpc: string; error: { code: number; message: string } };
    expect(answer.jsonrpc).toBe("2.0");
    expect(answer.error.message.startsWith(`${tooManyAttempts(1).title}: `)).toBe(true);
  });

  it("takes another site's POST (read-only, no cookie read) and answers its preflight, where other writes are refused", async () => {
    const preflight = await app.request("/mcp", {
      method: "OPTIONS",
      headers: { Origin: "https://assistant.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type, mcp-protocol-version" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Content-Type, Accept, Mcp-Protocol-Version/);
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
    const crossSite = { ...JSON_RPC, Origin: "https://assistant.example", "Sec-Fetch-Site": "cross-site" };
    const answer = await rpc(app, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }), crossSite);
    expect([answer.status, answer.headers.get("access-control-allow-origin")]).toEqual([200, "*"]);
    await answer.arrayBuffer();
    // Every other write from another site is still refused.
    const elsewhere = await app.request("/api/favorites", { method: "POST", headers: crossSite, body: "{}" });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.headers.get("access-control-allow-origin")).toBeNull();
  });
});
