import { describe, expect, it, vi } from "vitest";
import { isCrossSiteWrite, legacyRedirects, refuseCrossSiteWrites } from "./fixed-answers";
import { log } from "~/utils/logger.server";
import { exchangeOf } from "./pipeline";

const exchange = (url: string, init: RequestInit = {}) => exchangeOf(new Request(url, init), undefined, () => "id");
const rendered = async () => new Response("rendered");

describe("cross-site writes", () => {
  const site = "https://aitools.example";
  it("refuses a write whose Origin is another site, or that the browser calls cross-site", async () => {
    const post = (headers: Record<string, string>) => new Request("http://localhost/contact", { method: "POST", headers });
    expect(isCrossSiteWrite(post({ origin: "https://evil.example" }), new URL("http://localhost/contact"), site)).toBe(true);
    expect(isCrossSiteWrite(post({ "sec-fetch-site": "cross-site" }), new URL("http://localhost/contact"), site)).toBe(true);
    const refused = await refuseCrossSiteWrites(site)(exchange("http://localhost/contact", { method: "POST", headers: { origin: "https://evil.example" } }), rendered);
    expect(refused.status).toBe(403);
  });

  it("lets through reads and same-origin writes, the site's public origin at its own Host included", async () => {
    const post = (origin: string) => new Request("http://localhost/contact", { method: "POST", headers: { origin } });
    expect(isCrossSiteWrite(new Request("http://localhost/contact", { headers: { origin: "https://evil.example" } }), new URL("http://localhost/contact"), site)).toBe(false);
    expect(isCrossSiteWrite(post("http://localhost"), new URL("http://localhost/contact"), site)).toBe(false);
    expect(isCrossSiteWrite(post(site), new URL("http://localhost/contact"), site)).toBe(false);
    expect(await (await refuseCrossSiteWrites(site)(exchange(`${site}/contact`, { method: "POST", headers: { origin: site } }), rendered)).text()).toBe("rendered");
  });

  it("lets another site's POST to the MCP server through: it reads public data and never the session (server/mcp-cors.ts)", async () => {
    const mcp = { method: "POST", headers: { origin: "https://assistant.example", "sec-fetch-site": "cross-site" } };
    expect(isCrossSiteWrite(new Request("http://localhost/mcp", mcp), new URL("http://localhost/mcp"), site)).toBe(false);
    expect(await (await refuseCrossSiteWrites(site)(exchange("http://localhost/mcp", mcp), rendered)).text()).toBe("rendered");
    // Only that address: a path below it, or another spelling, is refused as ever.
    for (const address of ["http://localhost/mcp/x", "http://localhost/mcp.data", "http://localhost/MCP"]) {
      expect((await refuseCrossSiteWrites(site)(exchange(address, mcp), rendered)).status).toBe(403);
    }
  });

  it("refuses a write whose Origin is the site's but whose Host is another, with one warning line and no stack", async () => {
    // The logger's own calls, whatever level this worker's environment logs at (other files share its modules).
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    const error = vi.spyOn(log, "error").mockImplementation(() => {});
    try {
      const refused = await refuseCrossSiteWrites(site)(exchange("http://other.example/contact", { method: "POST", headers: { origin: site } }), rendered);
      expect(refused.status).toBe(403);
      expect(error).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledTimes(1);
      const [message, fields] = warn.mock.calls[0]!;
      expect(message).toMatch(/^write refused: its Origin is the site's but its Host is not/);
      const line = `${message} ${JSON.stringify(fields)}`;
      expect(line).not.toContain("\n");
      expect(line).not.toMatch(/\bat \S+ \(/);
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });
});

describe("legacy redirects", () => {
  it("answers an old address with 301 to today's page, and passes on the rest and every write", async () => {
    const old = await legacyRedirects(exchange("http://localhost/tools/popular"), rendered);
    expect([old.status, old.headers.get("location")]).toEqual([301, "/tools"]);
    expect(await (await legacyRedirects(exchange("http://localhost/tools"), rendered)).text()).toBe("rendered");
    expect(await (await legacyRedirects(exchange("http://localhost/tools/popular", { method: "POST" }), rendered)).text()).toBe("rendered");
  });
});
