import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import { createVerifiedUser, get, post } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { serverBuildPath } from "../support/paths";
import { selfSignedCertificate } from "../support/self-signed";

/**
 * The link checker through the outbound fetcher (issue 27, decision 031): links whose redirects lead into this
 * machine's own network (loopback, 10.x, the metadata service, [::1], a name resolving there) or from https down to
 * http are refused, logged, recorded as failing with words the editor reads, and never reach the address. Only the
 * fixture servers' own host:port pairs are allowed (OUTBOUND_ALLOWED_HOSTS); every refused hop is another address.
 */

type LinkTarget = { kind: "tool" | "course" | "deal"; target: string; url: string; name: string };
type Hooks = { resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>; onConnect?: (host: string, address: string) => void; ca?: string };
type Build = {
  runLinkPass: (options: { targets?: LinkTarget[] }) => Promise<unknown>;
  collectLinkTargets: () => Promise<LinkTarget[]>;
  setOutboundTestHooks: (hooks: Hooks | null) => void;
};
type CheckRow = { target: string; status: number | null; error: string | null; ok: boolean; final_url: string | null };

const served: string[] = [];
function answer(request: IncomingMessage, response: ServerResponse) {
  served.push(request.url ?? "/");
  const url = new URL(request.url ?? "/", "http://fixture");
  if (url.pathname === "/ok") return response.writeHead(200).end("fine");
  if (url.pathname === "/to") return response.writeHead(302, { Location: url.searchParams.get("u")! }).end();
  response.writeHead(404).end();
}
const plain = createServer(answer);
await new Promise<void>((resolve) => plain.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
const { key, cert } = selfSignedCertificate();
const secure = createHttpsServer({ key, cert }, answer);
await new Promise<void>((resolve) => secure.listen(0, "127.0.0.1", resolve));
const secureBase = `https://127.0.0.1:${(secure.address() as AddressInfo).port}`;
afterAll(() => {
  for (const server of [plain, secure]) {
    server.closeAllConnections();
    server.close();
  }
});

const to = (target: string, from = base) => `${from}/to?u=${encodeURIComponent(target)}`;
/** Each refused destination, the redirect that leads there, and what the check must record. */
const REFUSED = {
  redis: { leadsTo: "http://127.0.0.1:6379/", error: "blocked" },
  private: { leadsTo: "http://10.0.0.1/", error: "blocked" },
  metadata: { leadsTo: "http://169.254.169.254/latest/meta-data/", error: "blocked" },
  loopback6: { leadsTo: `http://[::1]:${new URL(base).port}/ok`, error: "blocked" },
  name: { leadsTo: "http://metadata.example/latest/meta-data/", error: "blocked" },
  downgrade: { leadsTo: `${base}/ok`, error: "downgrade" },
} as const;
type Refused = keyof typeof REFUSED;
const urlOf = (name: Refused) => (name === "downgrade" ? to(REFUSED[name].leadsTo, secureBase) : to(REFUSED[name].leadsTo));
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

describeEachBackend(
  "link health refuses private and downgraded destinations",
  (app: TestApp) => {
    let build: Build;
    let slugs: Record<Refused, string>;
    const connects: string[] = [];
    const resolved: string[] = [];
    let warn: ReturnType<typeof vi.spyOn>;
    const checks = async () => Object.fromEntries((await app.query<CheckRow>("select target, status, error, ok, final_url from link_checks")).map((row) => [row.target, row]));

    beforeAll(async () => {
      build = (await import(serverBuildPath)) as Build;
      build.setOutboundTestHooks({
        resolve: async (hostname) => {
          resolved.push(hostname);
          if (hostname === "metadata.example") return [{ address: "169.254.169.254", family: 4 }];
          throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
        },
        onConnect: (host, address) => connects.push(`${host} ${address}`),
        ca: cert,
      });
      const names = Object.keys(REFUSED) as Refused[];
      const rows = await app.query<{ slug: string }>("select slug from tools order by slug limit $1", [names.length]);
      slugs = Object.fromEntries(names.map((name, index) => [name, rows[index]!.slug])) as typeof slugs;
      for (const name of names) await app.query("update tools set website_url = $1 where slug = $2", [urlOf(name), slugs[name]]);
    });
    afterAll(() => build?.setOutboundTestHooks(null));
    afterEach(() => warn?.mockRestore());

    it("records each refused redirect as a failure the editor can read, logs it, and never connects there", async () => {
      warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const names = Object.keys(REFUSED) as Refused[];
      const targets = names.map((name) => ({ kind: "tool" as const, target: slugs[name], url: urlOf(name), name }));
      connects.length = 0;
      served.length = 0;
      await build.runLinkPass({ targets });

      const rows = await checks();
      for (const name of names) {
        expect(rows[slugs[name]], name).toEqual({
          target: slugs[name],
          status: 302,
          error: REFUSED[name].error,
          ok: false,
          final_url: new URL(REFUSED[name].leadsTo).toString(),
        });
      }
      // Only the fixture servers were connected to, and asked only for the redirects: never the refused hop.
      expect(new Set(connects)).toEqual(new Set(["127.0.0.1 127.0.0.1"]));
      expect(served.every((path) => path.startsWith("/to?"))).toBe(true);
      expect(resolved).toContain("metadata.example");
      const logged = (warn.mock.calls as unknown[][]).map((call) => String(call[0])).filter((line) => line.includes("outbound fetch refused"));
      for (const host of ["127.0.0.1:6379", "10.0.0.1", "169.254.169.254", `[::1]:${new URL(base).port}`, "metadata.example"]) {
        expect(
          logged.some((line) => line.includes(`"host":"${host}"`) && line.includes('"error":"blocked-address"')),
          host,
        ).toBe(true);
      }
      expect(logged.some((line) => line.includes("redirect from https to http") && line.includes('"error":"downgrade"'))).toBe(true);

      // The editor sees why, in words; no refused link is reported working.
      const editor = await createVerifiedUser(app, { name: "Edie Editor" });
      await app.query("update users set role = 'editor' where email = $1", [editor.email]);
      const page = await text(await get(app, "/admin/links", editor.cookie));
      expect(page).toContain("Refused: leads to a private network address");
      expect(page).toContain("Refused: redirects from https to plain http");
      const row = page.slice(page.indexOf(`data-link="tool:${slugs.redis}"`));
      expect(row.slice(0, row.indexOf("</tr>"))).not.toContain("200 OK");
    });

    it("never fetches an approved community tool whose website is the metadata service", async () => {
      const [maker, editor] = await Promise.all([createVerifiedUser(app, { name: "Mia Maker" }), createVerifiedUser(app, { name: "Eve Editor" })]);
      await app.query("update users set role = 'editor' where email = $1", [editor.email]);
      const fields = {
        name: `Metadata Peeker ${process.pid % 1000}`,
        websiteUrl: "https://169.254.169.254/latest/meta-data/",
        categorySlug: "content-writing",
        tagline: "Reads whatever the machine it runs beside will tell it.",
        description:
          "A made-up tool whose website is the cloud metadata service's address: approved by an editor who did not look closely, it must still never be fetched by the link checker.",
        pricingText: "Free plan; Pro from $15/month",
        pricingModel: "freemium",
        hasFreeTrial: "true",
      };
      expect((await post(app, "/submit", { intent: "submit", ...fields, makerRole: "maker" }, { cookie: maker.cookie })).status).toBe(302);
      const [{ id }] = (await app.query<{ id: string }>("select id::text as id from tool_submissions where name = $1", [fields.name])) as [{ id: string }];
      const slug = `metadata-peeker-${process.pid}`;
      const approved = await post(app, `/admin/submissions/${id}`, { intent: "approve", ...fields, slug }, { cookie: editor.cookie });
      expect(approved.status).toBe(200);
      expect(await app.query("select source, website_url from tools where slug = $1", [slug])).toEqual([{ source: "community", website_url: fields.websiteUrl }]);

      const target = (await build.collectLinkTargets()).find((candidate) => candidate.kind === "tool" && candidate.target === slug);
      expect(target?.url).toBe(fields.websiteUrl);
      connects.length = 0;
      await build.runLinkPass({ targets: [target!] });
      expect(connects).toEqual([]);
      expect((await checks())[slug]).toMatchObject({ status: null, error: "blocked", ok: false });
    });
  },
  // LOG_LEVEL warn: the refusals' log lines are part of what is tested.
  {
    env: () => ({
      LOG_LEVEL: "warn",
      LINK_CHECK_TIMEOUT_MS: "2000",
      LINK_CHECK_HOST_DELAY_MS: "0",
      OUTBOUND_ALLOWED_HOSTS: [base, secureBase].map((url) => new URL(url).host).join(","),
    }),
  },
);
