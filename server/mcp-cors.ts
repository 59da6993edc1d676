import type { Step } from "./pipeline";

/** The MCP server's address (app/routes/mcp.ts). */
export const MCP_PATH = "/mcp";

/**
 * Headers MCP clients send: the JSON-RPC body's type and the answers they take, and the 2026 revision's headers that
 * repeat the protocol version, method and tool name from the body (for proxies to route on).
 */
const ALLOWED_HEADERS = "Content-Type, Accept, Mcp-Protocol-Version, Mcp-Method, Mcp-Name";

/** Any page may read /mcp's answers: they are public data, asked for without credentials. */
const OPEN = { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": "Mcp-Protocol-Version, RateLimit, RateLimit-Policy, Retry-After" };

/**
 * The MCP server answers any site's pages (issue 46): an assistant running in a browser is on its own origin. That is
 * safe because /mcp only reads public data and never reads the session or a cookie (nothing a visitor's browser could
 * be made to do there that another site cannot do with its own requests); `refuseCrossSiteWrites` lets its POSTs
 * through for the same reason (server/fixed-answers.ts). A preflight (OPTIONS) is answered here, since React Router
 * gives OPTIONS to no route; every other answer of /mcp, refusals of the steps after this one included, is marked
 * readable by any origin. `Access-Control-Allow-Credentials` is never sent, so a browser sends no cookie with them.
 */
export const openMcpToOtherSites: Step = async (exchange, next) => {
  if (exchange.url.pathname !== MCP_PATH) return next(exchange);
  if (exchange.request.method === "OPTIONS") {
    return new Response(null, {
      status: 204,
      headers: { ...OPEN, "Access-Control-Allow-Methods": "POST, OPTIONS", "Access-Control-Allow-Headers": ALLOWED_HEADERS, "Access-Control-Max-Age": "86400" },
    });
  }
  const response = await next(exchange);
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(OPEN)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};
