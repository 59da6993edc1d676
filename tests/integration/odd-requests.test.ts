import http from "node:http";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createVerifiedUser, get, uniqueIp } from "../support/accounts";
import { BASE_URL, describeEachBackend, type TestApp } from "../support/app";

/**
 * What issue 41's probe found (unknown tools, absurd page numbers, capitals in a path, a write whose Origin and Host
 * disagree), answered as pages: a 404 that helps, never a 500 or a stack.
 */

const hrefsOf = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => match[1]!);
const anonymous = (app: TestApp, path: string) => app.request(path, { headers: { "X-Forwarded-For": uniqueIp() } });

/** A request over a socket through server.js's front door, with the headers given (Host among them). */
function overSocket(port: number, path: string, { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString() }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

describeEachBackend(
  "odd requests",
  (app) => {
    describe("an unknown tool", () => {
      it("answers 404, noindex, with three tools to start from and the sections, whatever was typed", async () => {
        const { response, body } = await app.html("/tools/not-a-real-tool");
        expect(response.status).toBe(404);
        expect(body).toContain('<meta name="robots" content="noindex, follow"/>');
        const links = hrefsOf(body.slice(body.indexOf("<main"), body.indexOf("</main>")));
        for (const href of ["/tools/chatgpt", "/tools/midjourney", "/tools/grammarly", "/tools", "/tools/comparison", "/blog"]) expect(links, href).toContain(href);
        // Those three tools exist.
        for (const slug of ["chatgpt", "midjourney", "grammarly"]) expect((await anonymous(app, `/tools/${slug}`)).status, slug).toBe(200);
      });

      it("still lists the nearest names first: /tools/chatgtp offers ChatGPT first", async () => {
        const { response, body } = await app.html("/tools/chatgtp");
        expect(response.status).toBe(404);
        expect(body).toContain('<meta name="robots" content="noindex, follow"/>');
        const near = body.slice(body.indexOf("data-near-names"));
        expect(hrefsOf(near)[0]).toBe("/tools/chatgpt");
        expect(body.indexOf("data-near-names")).toBeLessThan(body.indexOf("data-start-tools"));
      });
    });

    describe("page numbers", () => {
      let editor: { cookie: string };
      beforeAll(async () => {
        const user = await createVerifiedUser(app, { name: "Paging Editor" });
        await app.query("update users set role = 'owner' where email = $1", [user.email]);
        editor = user;
      });

      const LISTS = ["/admin/messages", "/admin/subscribers", "/admin/audit", "/admin/submissions", "/admin/links", "/admin/prices"];

      it("answers every paginated admin list's absurd page with the not-found page, never a 500", async () => {
        for (const list of LISTS) {
          expect((await get(app, list, editor.cookie)).status, list).toBe(200);
          for (const page of ["99999999999999999999", "10000001", "1e3", "-1", "0", "abc", "2.5"]) {
            const response = await get(app, `${list}?page=${page}`, editor.cookie);
            expect(response.status, `${list}?page=${page}`).toBe(404);
            expect(await response.text()).not.toMatch(/\n\s+at /);
          }
        }
        expect((await get(app, "/admin/subscribers.csv?page=99999999999999999999", editor.cookie)).status).toBeLessThan(500);
        expect((await anonymous(app, "/changes?page=99999999999999999999")).status).toBe(404);
        // The public lists read their own bounds: an absurd page is their last possible one, answered as past the end.
        for (const list of ["/tools", "/blog", "/courses", "/search?q=ai"])
          expect((await anonymous(app, `${list}${list.includes("?") ? "&" : "?"}page=99999999999999999999`)).status, list).toBeLessThan(500);
      });
    });

    describe("capitals in a path", () => {
      it("answer 301 to the kept lower-case page, the query as sent, in the pipeline and at the front door", async () => {
        const about = await anonymous(app, "/ABOUT");
        expect([about.status, about.headers.get("location")]).toEqual([301, "/about"]);
        const query = await anonymous(app, "/About?ref=News&Q=ChatGPT");
        expect([query.status, query.headers.get("location")]).toEqual([301, "/about?ref=News&Q=ChatGPT"]);
        const tool = await anonymous(app, "/Tools/ChatGPT");
        expect([tool.status, tool.headers.get("location")]).toEqual([301, "/tools/chatgpt"]);
        expect((await anonymous(app, "/about")).headers.get("x-cache")).toBe("HIT");
        // No page is kept under the capitals' key: the front door's fast path has none and leaves it to the pipeline.
        const port = await app.listen!();
        const socket = await overSocket(port, "/ABOUT");
        expect([socket.status, socket.headers.location]).toEqual([301, "/about"]);
        expect((await overSocket(port, "/about")).headers["x-cache"]).toBe("HIT");
        // What is not a page stays as it was: an unknown address in capitals is the not-found page, never a redirect.
        expect((await anonymous(app, "/NO-SUCH-PAGE")).status).toBe(404);
        expect((await anonymous(app, "/NO-SUCH-PAGE")).status).toBe(404);
      });
    });

    describe("a write whose Origin names the site while its Host is another", () => {
      it("is refused with one warning line and no stack", async () => {
        const port = await app.listen!();
        const lines: string[] = [];
        const spies = (["log", "warn", "error"] as const).map((level) =>
          vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(" "))),
        );
        let answer: { status: number };
        try {
          answer = await overSocket(port, "/contact", {
            method: "POST",
            headers: { host: "other.example", origin: BASE_URL, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({
              intent: "contact",
              firstName: "A",
              lastName: "B",
              email: "a@example.com",
              subject: "Hi",
              message: "A message long enough to send.",
            }).toString(),
          });
        } finally {
          for (const spy of spies) spy.mockRestore();
        }
        expect(answer.status).toBe(403);
        const refusals = lines.filter((line) => line.includes("write refused"));
        expect(refusals).toHaveLength(1);
        expect(refusals[0]).toMatch(/^\[warn\] /);
        for (const line of lines) {
          expect(line).not.toMatch(/\n\s+at /);
          expect(line).not.toContain("Aborting the action");
        }
        expect(await app.query("select id from contact_messages where email = 'a@example.com'")).toEqual([]);
      });
    });
  },
  // Warnings logged, so that the refusal's line can be read; a secret given, so the start warns of nothing else.
  { env: () => ({ LOG_LEVEL: "warn", AUTH_SECRET: "odd-requests-suite-secret-of-forty-chars" }) },
);
