import { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport, type McpServer } from "@modelcontextprotocol/server";
import { BodyTooLargeError, MCP_MAX_BYTES, readBody } from "./body-limits.server";
import { AppError, toastOf } from "./errors.server";
import { countPerIp } from "./limits.server";
import { log } from "./logger.server";
import { rateLimitHeaders } from "./open-data-api.server";

/**
 * The HTTP side of the MCP server at /mcp (issue 46): stateless Streamable HTTP over web Requests and Responses, a fresh
 * server per request (`factory`), answers as one JSON body and never an SSE stream: our tools only read and answer at
 * once, and a JSON answer passes every proxy and our compression step untouched.
 *
 * Two revisions of the protocol are in use. The SDK's `createMcpHandler` serves the 2026-07-28 revision (each request
 * carries its own protocol version; no `initialize`) but answers the 2025 revisions' clients, which most assistants
 * still are, over SSE; so 2025 requests (`isLegacyRequest`, the SDK's own test) go to its web-standard transport in
 * stateless JSON mode instead, as its documentation shows for a composition of the two.
 */

export const MCP_ALLOW = "POST, OPTIONS";

/** A JSON-RPC error answer with no request id: the request could not be read, or not here. */
const rpcError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status, headers });

/**
 * The body read whole here, within /mcp's bound: the HTTP layer cuts a longer one off mid-stream (server/request-guards.ts),
 * which the SDK would take for bad JSON; here it is a 413, said as JSON-RPC. The SDK reads the same bytes after.
 */
async function withBodyRead(request: Request): Promise<Request | Response> {
  try {
    const body = await readBody(request, MCP_MAX_BYTES);
    return new Request(request.url, { method: request.method, headers: request.headers, body: new Uint8Array(body), signal: request.signal });
  } catch (error) {
    if (error instanceof BodyTooLargeError) return rpcError(413, -32600, "Request body too large.");
    throw error;
  }
}

/** What a method other than POST gets: there is no session to open a stream for (GET) or to end (DELETE). */
function methodNotAllowed(): Response {
  return rpcError(405, -32000, "Method not allowed.", { Allow: MCP_ALLOW });
}

async function answerLegacy(request: Request, factory: () => McpServer): Promise<Response> {
  const server = factory();
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    // In JSON mode the answer is whole when this resolves, so the server can be closed at once.
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}

/**
 * Counts a POST against the open data's per-address limit, shared with `/api/v1` (utils/limits.server.ts `openData`):
 * past it, a 429 as JSON-RPC in the catalogue's words, with Retry-After; either way the RateLimit headers.
 */
async function counted(clientAddress: string): Promise<{ headers: Record<string, string>; refused: Response | null }> {
  const windows = await countPerIp("openData", clientAddress);
  const headers = rateLimitHeaders(windows);
  const full = windows.filter((window) => !window.allowed);
  if (!full.length) return { headers, refused: null };
  const retryAfterSeconds = Math.max(...full.map((window) => window.retryAfterSeconds));
  const { title, description } = toastOf(new AppError("RATE_LIMITED", { retryAfterSeconds }));
  return { headers, refused: rpcError(429, -32000, `${title}: ${description ?? ""}`.trim(), { "Retry-After": String(retryAfterSeconds) }) };
}

/** The MCP endpoint's handler for a web Request; every answer says `no-store` (each is a one-off read of live data). */
export function mcpEndpoint(factory: () => McpServer) {
  const onerror = (error: Error) => log.info("MCP request refused", { error: error.message });
  // 'auto' answers one JSON body unless a tool sends a message before its result, which ours never do; 'json' says the
  // same but prints a warning about dropped notifications each time the server starts.
  const modern = createMcpHandler(factory, { legacy: "reject", responseMode: "auto", maxRequestBodySize: MCP_MAX_BYTES, onerror });
  const answerPost = async (request: Request): Promise<Response> => {
    const read = await withBodyRead(request);
    if (read instanceof Response) return read;
    return (await isLegacyRequest(read, undefined, { maxRequestBodySize: MCP_MAX_BYTES })) ? answerLegacy(read, factory) : modern.fetch(read);
  };
  return async (request: Request, clientAddress: string): Promise<Response> => {
    const limit = request.method === "POST" ? await counted(clientAddress) : { headers: {}, refused: null };
    const answer = request.method !== "POST" ? methodNotAllowed() : (limit.refused ?? (await answerPost(request)));
    const headers = new Headers(answer.headers);
    for (const [name, value] of Object.entries(limit.headers)) headers.set(name, value);
    headers.set("Cache-Control", "no-store");
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers });
  };
}
