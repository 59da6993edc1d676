import type { RouteHandle } from "~/lib/route-handle";
import { createMcpServer } from "~/models/api/mcp-tools.server";
import { mcpEndpoint } from "~/utils/mcp-http.server";
import type { Route } from "./+types/mcp";

/** Rendered for each request, never kept: every answer is a one-off JSON-RPC reply (no-store). */
export const handle = { cache: "personal" } satisfies RouteHandle;

/**
 * The MCP server (issue 46): read-only tools over the open data for AI assistants, stateless (no session, a fresh
 * server per request: models/api/mcp-tools.server.ts) over Streamable HTTP with JSON answers (utils/mcp-http.server.ts).
 * It never reads the session or any cookie, so it may answer other sites' pages too (server/mcp-cors.ts).
 * TODO(issue 46): count each POST against the API's per-address read limit (`apiRead`) once utils/limits.server.ts has it.
 */
const answer = mcpEndpoint(createMcpServer);

/** GET (and HEAD): 405 as JSON-RPC, with Allow: there is no stream to open on a server without sessions. */
export const loader = ({ request }: Route.LoaderArgs) => answer(request);

/** POST: one JSON-RPC message; DELETE, PUT and PATCH: 405 like GET. */
export const action = ({ request }: Route.ActionArgs) => answer(request);
