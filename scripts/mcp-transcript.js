// Writes a transcript of an MCP conversation with a running server (issue 46) as Markdown to stdout: initialize,
// tools/list and a tools/call of get_tool, each request and answer as sent on the wire, long answers cut.
// Usage: node scripts/mcp-transcript.js [http://localhost:3111/mcp] > docs/screenshots/issue-46/mcp-transcript.md
const endpoint = process.argv[2] ?? "http://localhost:3111/mcp";
const HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream", "MCP-Protocol-Version": "2025-06-18" };

/** A JSON value printed whole, but with long strings and arrays cut so the transcript stays readable. */
function abbreviated(value, depth = 0) {
  if (typeof value === "string") return value.length > 400 ? `${value.slice(0, 400)}… (${value.length} characters)` : value;
  if (Array.isArray(value)) {
    const kept = value.slice(0, depth === 0 ? value.length : 3).map((item) => abbreviated(item, depth + 1));
    return value.length > kept.length ? [...kept, `… ${value.length - kept.length} more`] : kept;
  }
  if (value && typeof value === "object" && depth >= 7) return `{… ${Object.keys(value).length} keys}`;
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, abbreviated(item, depth + 1)]));
  return value;
}

const sections = [];
async function send(title, message, headers = HEADERS) {
  const response = await fetch(endpoint, { method: "POST", headers, body: JSON.stringify(message) });
  const text = await response.text();
  const shown = text ? JSON.stringify(abbreviated(JSON.parse(text)), null, 2) : "(no body)";
  const answerHeaders = ["content-type", "cache-control", "access-control-allow-origin", "ratelimit"].map((name) => `${name}: ${response.headers.get(name)}`).join("\n");
  sections.push(
    `## ${title}\n\n\`\`\`http\nPOST ${new URL(endpoint).pathname}\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join("\n")}\n\n${JSON.stringify(message, null, 2)}\n\`\`\`\n\nHTTP ${response.status}\n\n\`\`\`http\n${answerHeaders}\n\n${shown}\n\`\`\``,
  );
  const answer = text ? JSON.parse(text) : null;
  const words = answer?.result?.content?.map((block) => block.text).join("\n");
  if (words) sections.push(`The result's text content, whole:\n\n\`\`\`text\n${words}\n\`\`\``);
  return answer;
}

await send("initialize", {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "transcript", version: "1.0.0" } },
});
await send("notifications/initialized", { jsonrpc: "2.0", method: "notifications/initialized" });
await send("tools/list", { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });
await send("tools/call get_tool chatgpt", { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "get_tool", arguments: { slug: "chatgpt" } } });
await send("tools/call get_tool with an unknown slug", { jsonrpc: "2.0", id: 4, method: "tools/call", params: { name: "get_tool", arguments: { slug: "no-such-tool" } } });

console.log(
  `# MCP transcript (issue 46)\n\nCaptured by \`node scripts/mcp-transcript.js\` against \`PORT=3111 node server.js\` (a fresh data folder) on ${new Date().toISOString().slice(0, 10)}. ` +
    `Long strings are cut at 400 characters, nested lists after three items ("… n more") and objects seven levels down ("{… n keys}").\n\n${sections.join("\n\n")}`,
);
