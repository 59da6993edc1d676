import type { RouteHandle } from "~/lib/route-handle";
import { createMcpServer } from "~/models/api/mcp-tools.server";
import { mcpEndpoint } from "~/utils/mcp-http.server";
import { requestInfoContext } from "~/utils/request-context";
import type { Route } from "./+types/mcp";

/** Rendered for each request, never kept: every answer is a one-off JSON-RPC reply (no-store). */
export const handle = { cache: "personal" } satisfies RouteHandle;

/**
 * The MCP server (issue 46): read-only tools over the open data for AI assistants, stateless (no session, a fresh
 * server per request: models/api/mcp-tools.server.ts) over Streamable HTTP with JSON answers (utils/mcp-http.server.ts).
 * It never reads the session or any cookie, so it may answer other sites' pages too (server/mcp-cors.ts).
 * Each POST counts against the open data's per-address limit, with /api/v1's (utils/limits.server.ts `openData`).
 */
const answer = mcpEndpoint(createMcpServer);

/** GET (and HEAD): 405 as JSON-RPC, with Allow: there is no stream to open on a server without sessions. */
export const loader = ({ request, context }: Route.LoaderArgs) => answer(request, context.get(requestInfoContext).clientAddress);

/** POST: one JSON-RPC message; DELETE, PUT and PATCH: 405 like GET. */
export const action = ({ request, context }: Route.ActionArgs) => answer(request, context.get(requestInfoContext).clientAddress);
