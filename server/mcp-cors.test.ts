import { describe, expect, it } from "vitest";
import { openMcpToOtherSites } from "./mcp-cors";
import { exchangeOf } from "./pipeline";

const exchange = (url: string, init: RequestInit = {}) => exchangeOf(new Request(url, init), undefined, () => "id");
const rendered = async () => new Response("rendered", { status: 200, headers: { "Content-Type": "application/json" } });

describe("the MCP server's CORS", () => {
  it("answers a preflight of /mcp itself, for POST with the MCP headers and without credentials", async () => {
    const answer = await openMcpToOtherSites(exchange("http://localhost/mcp", { method: "OPTIONS", headers: { origin: "https://assistant.example" } }), rendered);
    expect(answer.status).toBe(204);
    expect(Object.fromEntries(answer.headers)).toEqual({
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "POST, OPTIONS",
      "access-control-allow-headers": "Content-Type, Accept, Mcp-Protocol-Version, Mcp-Method, Mcp-Name",
      "access-control-expose-headers": "Mcp-Protocol-Version, RateLimit, RateLimit-Policy, Retry-After",
      "access-control-max-age": "86400",
    });
  });

  it("marks /mcp's answers readable by any origin and leaves every other address alone", async () => {
    const mcp = await openMcpToOtherSites(exchange("http://localhost/mcp", { method: "POST" }), rendered);
    expect([mcp.status, mcp.headers.get("access-control-allow-origin"), mcp.headers.get("content-type"), await mcp.text()]).toEqual([200, "*", "application/json", "rendered"]);
    for (const address of ["http://localhost/api/search", "http://localhost/mcp/x"]) {
      const other = await openMcpToOtherSites(exchange(address, { method: "OPTIONS" }), rendered);
      expect([address, other.headers.get("access-control-allow-origin"), await other.text()]).toEqual([address, null, "rendered"]);
    }
  });
});
