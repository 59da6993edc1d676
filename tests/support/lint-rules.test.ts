import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./paths";

/**
 * The project's own lint rules (eslint.config.js) bite: each is run on a snippet that breaks it, in the folder it
 * guards, so a rule loosened or dropped from the config fails here rather than letting the bypass back in quietly.
 */
const eslint = new ESLint({ cwd: projectRoot });

async function ruleMessages(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => `${message.line}: ${message.ruleId}`);
}

describe("the project's lint rules", () => {
  it("refuses a route's own error text in new Response(…), literal or template, and lets a body of null or a built file through", { timeout: 60_000 }, async () => {
    const code = [
      "export function loader({ params }: { params: { file: string } }) {",
      '  if (params.file === "a") throw new Response("Not found", { status: 404 });',
      '  if (params.file === "b") return new Response(`No ${params.file}`, { status: 400 });',
      '  if (params.file === "c") return new Response(null, { status: 204 });',
      '  return new Response(String(params.file), { headers: { "Cache-Control": "no-store" } });',
      "}",
      "",
    ].join("\n");
    expect(await ruleMessages("app/routes/lint-probe.ts", code)).toEqual(["2: no-restricted-syntax", "3: no-restricted-syntax"]);
    // The web-streams rule still holds in routes (their block repeats it: flat config replaces a rule's options).
    expect(await ruleMessages("app/routes/lint-probe.ts", "import { Readable } from 'node:stream';\nexport const body = Readable.toWeb(Readable.from([]));\n")).toEqual([
      "2: no-restricted-syntax",
    ]);
  });
});
