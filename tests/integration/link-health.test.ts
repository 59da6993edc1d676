import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createVerifiedUser, get, post } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { serverBuildPath } from "../support/paths";

/**
 * Link health (issue 19, decision 021) against a local web server that answers 200, 301, 404, 500, refuses HEAD, or
 * never answers. The pass is given these destinations (tools and a course pointed at the server); nothing here
 * reaches the outside world.
 */

type LinkTarget = { kind: "tool" | "course" | "deal"; target: string; url: string; name: string };
type PassResult = { checked: number; failing: number; broken: number; outage: string | null };
type LinkJob = { name: string };
type Build = {
  runLinkPass: (options: { targets?: LinkTarget[]; dueBefore?: Date }) => Promise<PassResult>;
  linkCheckJob: LinkJob;
  enqueueJob: (job: LinkJob, data: object, options?: { startAfter?: Date }) => Promise<string | null>;
  collectLinkTargets: () => Promise<LinkTarget[]>;
};
type User = Awaited<ReturnType<typeof createVerifiedUser>>;
type CheckRow = { target: string; status: number | null; error: string | null; ok: boolean; final_url: string | null; consecutive_failures: number };

const requests: { method: string; path: string; agent: string }[] = [];
let missingAnswers = 404;
const site = createServer((request: IncomingMessage, response) => {
  const path = request.url ?? "/";
  requests.push({ method: request.method ?? "", path, agent: request.headers["user-agent"] ?? "" });
  if (path === "/ok") return response.writeHead(200, { "Content-Type": "text/html" }).end("<p>fine</p>");
  // Slow enough that a pass holding the lease is still running when the other instance asks for it.
  if (path === "/lock") return void setTimeout(() => response.writeHead(200).end(), 300);
  if (path === "/moved") return response.writeHead(301, { Location: "/ok" }).end();
  if (path === "/missing") return response.writeHead(missingAnswers).end();
  if (path === "/error") return response.writeHead(500).end();
  if (path === "/no-head") return response.writeHead(request.method === "HEAD" ? 405 : 200).end();
  if (path === "/never") return; // holds the connection and never answers
  response.writeHead(404).end();
});
await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
afterAll(() => {
  site.closeAllConnections();
  site.close();
});

// Eight sites on eight loopback addresses, each its own host (the network-cut test); their ports are fixed here so
// they are known when the app starts and reads OUTBOUND_ALLOWED_HOSTS. Each backend's test opens them again.
const cutSites = await Promise.all(
  Array.from({ length: 8 }, async (_unused, index) => {
    const server = createServer((_request, response) => response.writeHead(200).end("up"));
    await new Promise<void>((resolve) => server.listen(0, `127.0.0.${11 + index}`, resolve));
    return { server, host: `127.0.0.${11 + index}`, port: (server.address() as AddressInfo).port };
  }),
);
const openCutSites = () =>
  Promise.all(cutSites.map(({ server, host, port }) => (server.listening ? undefined : new Promise<void>((resolve) => server.listen(port, host, () => resolve())))));
afterAll(() => {
  for (const { server } of cutSites) if (server.listening) server.close();
});
/** The fixture servers are on loopback: the owner's allowance lists each of them, and nothing else (decision 031). */
const allowedHosts = [new URL(base).host, ...cutSites.map(({ host, port }) => `${host}:${port}`)].join(",");

const PATHS = ["ok", "moved", "missing", "error", "never", "no-head"] as const;
const today = () => new Date().toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

describeEachBackend(
  "link health",
  (app: TestApp) => {
    let build: Build;
    let slugs: Record<(typeof PATHS)[number], string>;
    let targets: LinkTarget[];
    let course: string;
    let reader: User;
    let editor: User;
    const pass = () => build.runLinkPass({ targets });
    const checks = async () =>
      Object.fromEntries((await app.query<CheckRow>("select target, status, error, ok, final_url, consecutive_failures from link_checks")).map((row) => [row.target, row]));

    beforeAll(async () => {
      build = (await import(serverBuildPath)) as Build;
      const rows = await app.query<{ slug: string }>("select slug from tools order by slug limit 6");
      slugs = Object.fromEntries(PATHS.map((path, index) => [path, rows[index]!.slug])) as typeof slugs;
      for (const path of PATHS) await app.query("update tools set website_url = $1 where slug = $2", [`${base}/${path}`, slugs[path]]);
      [{ slug: course }] = (await app.query<{ slug: string }>("select slug from courses where featured order by slug limit 1")) as [{ slug: string }];
      await app.query("update courses set url = $1 where slug = $2", [`${base}/missing`, course]);
      targets = [
        ...PATHS.map((path) => ({ kind: "tool" as const, target: slugs[path], url: `${base}/${path}`, name: path })),
        { kind: "course", target: course, url: `${base}/missing`, name: "course" },
      ];
      [reader, editor] = await Promise.all([createVerifiedUser(app, { name: "Ray Reader" }), createVerifiedUser(app, { name: "Edie Editor" })]);
      await app.query("update users set role = 'editor' where email = $1", [editor.email]);
    });

    it("lists every tool's, course's and deal's destination as /go resolves it", async () => {
      const all = await build.collectLinkTargets();
      const [counts] = await app.query<{ tools: number; courses: number }>("select (select count(*) from tools)::int as tools, (select count(*) from courses)::int as courses");
      const byKind = (kind: string) => all.filter((target) => target.kind === kind);
      expect(byKind("tool")).toHaveLength(counts!.tools);
      expect(byKind("course")).toHaveLength(counts!.courses);
      expect(byKind("deal").length).toBeGreaterThan(0);
      expect(byKind("tool").find((target) => target.target === slugs.ok)?.url).toBe(`${base}/ok`);
      for (const deal of byKind("deal")) {
        const go = await get(app, `/go/deal/${deal.target}`);
        expect(go.headers.get("location"), deal.target).toContain(new URL(deal.url).host);
      }
    });

    it("stores each link's status, final URL and failures, falls back to GET when HEAD is refused, and flags a link on its third failure", async () => {
      // Cached before any check: the checks must make these pages stale.
      const before = await text(await get(app, `/tools/${slugs.missing}`));
      expect(before).not.toContain("Link checked");
      expect(await text(await get(app, "/courses"))).not.toContain("Link may be broken");

      requests.length = 0;
      expect(await pass()).toMatchObject({ checked: 7 });
      let rows = await checks();
      expect(rows[slugs.ok]).toMatchObject({ status: 200, error: null, ok: true, final_url: `${base}/ok`, consecutive_failures: 0 });
      expect(rows[slugs.moved]).toMatchObject({ status: 200, error: null, ok: true, final_url: `${base}/ok`, consecutive_failures: 0 });
      expect(rows[slugs.missing]).toMatchObject({ status: 404, error: null, ok: false, consecutive_failures: 1 });
      expect(rows[slugs.error]).toMatchObject({ status: 500, error: null, ok: false, consecutive_failures: 1 });
      expect(rows[slugs.never]).toMatchObject({ status: null, error: "timeout", ok: false, consecutive_failures: 1 });
      expect(rows[slugs["no-head"]]).toMatchObject({ status: 200, ok: true, consecutive_failures: 0 });
      expect(requests.filter((request) => request.path === "/no-head").map((request) => request.method)).toEqual(["HEAD", "GET"]);
      expect(requests.filter((request) => request.path === "/ok").map((request) => request.method)).toEqual(["HEAD", "HEAD"]);
      expect(new Set(requests.map((request) => request.agent))).toEqual(new Set(["AIToolsAtlasLinkCheck/1.0 (+http://localhost:3000/contact)"]));

      // A failed check is not a check a reader is told of (decision 028): no 'Link checked' until one works.
      const once = await text(await get(app, `/tools/${slugs.missing}`));
      expect(once).not.toContain("Link checked");
      expect(once).not.toContain("Link may be broken");
      expect(await text(await get(app, `/tools/${slugs.ok}`))).toContain(`Link checked ${today()}`);

      await pass();
      expect((await checks())[slugs.missing]!.consecutive_failures).toBe(2);
      expect(await text(await get(app, `/tools/${slugs.missing}`))).not.toContain("Link may be broken");
      await pass();
      rows = await checks();
      for (const slug of [slugs.missing, slugs.error, slugs.never, course]) expect(rows[slug]!.consecutive_failures, slug).toBe(3);

      const broken = await text(await get(app, `/tools/${slugs.missing}`));
      expect(broken).toContain(`Link may be broken (checked ${today()})`);
      expect(await text(await get(app, `/tools/${slugs.ok}`))).toContain(`Link checked ${today()}`);
      const courses = await text(await get(app, "/courses"));
      const card = courses.slice(courses.indexOf(`data-featured-course="${course}"`));
      expect(card.slice(0, card.indexOf("</article>"))).toContain(`Link may be broken (checked ${today()})`);

      // A link that works again loses the flag at its next check, and the page says so.
      missingAnswers = 200;
      await pass();
      expect((await checks())[slugs.missing]).toMatchObject({ ok: true, consecutive_failures: 0 });
      expect(await text(await get(app, `/tools/${slugs.missing}`))).not.toContain("Link may be broken");
      missingAnswers = 404;
    });

    it("keeps one pass at a time on the job queue: a second one asked for while one waits is refused", async () => {
      // A pass waiting on the queue (not before an hour from now, so it does not run in this test).
      expect(await build.enqueueJob(build.linkCheckJob, { all: true }, { startAfter: new Date(Date.now() + 60 * 60_000) })).toEqual(expect.any(String));
      expect(await build.enqueueJob(build.linkCheckJob, { all: true })).toBeNull();
      await app.query("delete from pgboss.job where name = 'link-check'");
      expect(await build.enqueueJob(build.linkCheckJob, { all: true }, { startAfter: new Date(Date.now() + 60 * 60_000) })).toEqual(expect.any(String));
      await app.query("delete from pgboss.job where name = 'link-check'");
    });

    it("shows /admin/links to editors only, flagged links first, with a dead-links card on the dashboard", async () => {
      const anonymous = await get(app, "/admin/links");
      expect([anonymous.status, anonymous.headers.get("location")]).toEqual([302, "/auth?redirectTo=%2Fadmin%2Flinks"]);
      const refused = await get(app, "/admin/links", reader.cookie);
      expect(refused.status).toBe(404);
      expect(await text(refused)).not.toContain("Link health");

      const page = await get(app, "/admin/links", editor.cookie);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toContain("no-store");
      const body = await text(page);
      const order = [...body.matchAll(/data-link-state="(\w+)"/g)].map((match) => match[1]);
      // The tools answering 500 and never (the 404 answers 200 again since, for the tool and the course).
      expect(order.slice(0, 2)).toEqual(["broken", "broken"]);
      expect(order.indexOf("broken", 2)).toBe(-1);
      expect(body).toContain(`data-link="tool:${slugs.error}"`);
      expect(body).toContain("500 Server error");
      expect(body).toContain("Timed out");

      const brokenOnly = await text(await get(app, "/admin/links?show=broken", editor.cookie));
      expect([...brokenOnly.matchAll(/data-link-state="(\w+)"/g)].map((match) => match[1])).toEqual(["broken", "broken"]);

      const dashboard = await text(await get(app, "/admin", editor.cookie));
      expect(dashboard).toContain("Dead links");
      expect(dashboard).toContain('href="/admin/links?show=broken"');
      expect(dashboard).toContain('href="/admin/links"');
    });

    it("checks one link now or refuses a pass while another runs, for editors only, each with an audit row", async () => {
      const asReader = await post(app, "/admin/links", { intent: "check", kind: "tool", target: slugs.error }, { cookie: reader.cookie });
      expect(asReader.status).toBe(404);
      expect((await post(app, "/admin/links", { intent: "run" }, { cookie: reader.cookie })).status).toBe(404);
      expect((await post(app, "/admin/links", { intent: "run" })).status).not.toBe(200);
      expect(await app.query("select count(*)::int as n from audit_log where action like 'link.%'")).toEqual([{ n: 0 }]);

      const checked = await post(app, "/admin/links", { intent: "check", kind: "tool", target: slugs.error }, { cookie: editor.cookie });
      expect(checked.status).toBe(200);
      expect(await text(checked)).toContain("The link failed this check");
      expect((await checks())[slugs.error]!.consecutive_failures).toBe(5);
      const [audit] = await app.query<{
        actor_email: string;
        action: string;
        target_type: string;
        target_id: string;
        before: { broken: boolean };
        after: { status: number; consecutiveFailures: number };
      }>("select actor_email, action, target_type, target_id, before, after from audit_log where action = 'link.check'");
      expect(audit).toMatchObject({
        actor_email: editor.email,
        target_type: "tool",
        target_id: slugs.error,
        before: { broken: true },
        after: { status: 500, consecutiveFailures: 5 },
      });

      const unknown = await post(app, "/admin/links", { intent: "check", kind: "tool", target: "no-such-tool" }, { cookie: editor.cookie });
      expect([unknown.status, (await text(unknown)).includes("No such link")]).toEqual([404, true]);

      // A pass already on the queue (another editor's, or the schedule's): the button says so and starts nothing.
      await build.enqueueJob(build.linkCheckJob, { all: true }, { startAfter: new Date(Date.now() + 60 * 60_000) });
      const busy = await post(app, "/admin/links", { intent: "run" }, { cookie: editor.cookie });
      expect(busy.status).toBe(200);
      expect(await text(busy)).toContain("A pass is running");
      expect(await app.query("select action, after from audit_log where action = 'link.pass'")).toEqual([{ action: "link.pass", after: { started: false } }]);
      expect(await text(await get(app, "/admin/links", editor.cookie))).toContain("A pass is running now.");
      // The dashboard's table of queues, read from the queue itself: the pass waiting, nothing running or failed.
      const dashboard = await text(await get(app, "/admin", editor.cookie));
      expect(dashboard).toMatch(/<caption[^>]*>Job queues<\/caption>/);
      expect(dashboard).toContain('<th scope="col" class="whitespace-nowrap px-3 py-2 text-right tabular-nums">Waiting</th>');
      const row = /<tr data-queue="link-check"[^>]*>(.*?)<\/tr>/.exec(dashboard)?.[1] ?? "";
      const cell = (name: string) => new RegExp(`data-queue-count="${name}"[^>]*>([^<]*)<`).exec(row)?.[1];
      expect([row.includes('<th scope="row"'), cell("waiting"), cell("active"), cell("failed")]).toEqual([true, "1", "0", "0"]);
      await app.query("delete from pgboss.job where name = 'link-check'");
    });

    it("records nothing for any link when the checker's own network is cut, shows the owner the outage, and keeps 'Link checked' to real successes", async () => {
      // Eight sites on eight loopback addresses, each its own host; closing them all is a network cut as the checker sees it.
      const rows = await app.query<{ slug: string }>("select slug from tools order by slug offset 10 limit 8");
      await openCutSites();
      const sites = cutSites.map(({ server, host, port }) => ({ server, url: `http://${host}:${port}/` }));
      const cut: LinkTarget[] = rows.map((row, index) => ({ kind: "tool", target: row.slug, url: sites[index]!.url, name: row.slug }));
      for (const target of cut) await app.query("update tools set website_url = $1 where slug = $2", [target.url, target.target]);
      const page = (slug: string) => get(app, `/tools/${slug}`).then(text);
      const first = cut[0]!.target;
      expect(await page(first)).not.toContain("Link checked");

      // Before the cut: every site answers, and the pages say so.
      expect(await build.runLinkPass({ targets: cut })).toMatchObject({ checked: 8, failing: 0, outage: null });
      expect(await page(first)).toContain(`Link checked ${today()}`);

      // The cut: every host refuses the connection, pass after pass.
      for (const { server } of sites) await new Promise<void>((resolve) => server.close(() => resolve()));
      for (let round = 0; round < 3; round++) {
        expect(await build.runLinkPass({ targets: cut })).toMatchObject({ checked: 0, failing: 0, broken: 0, outage: "connection" });
      }
      const stored = await checks();
      for (const target of cut) expect(stored[target.target], target.target).toMatchObject({ ok: true, consecutive_failures: 0, status: 200 });
      const after = await page(first);
      expect(after).not.toContain("Link may be broken");
      expect(after).toContain(`Link checked ${today()}`);
      expect(await app.query("select checked, failed, hosts, outage from link_passes order by id desc limit 1")).toEqual([
        { checked: 8, failed: 8, hosts: 8, outage: "connection" },
      ]);

      // The owner is told, on the dashboard and the link page; readers are not shown it.
      for (const path of ["/admin", "/admin/links"]) {
        const body = await text(await get(app, path, editor.cookie));
        expect(body, path).toContain("data-link-outage");
        expect(body, path).toContain("could not reach 8 of 8 links (Connection failed): the checking machine&#x27;s own network was most likely down");
      }
      expect(await page(first)).not.toContain("could not reach");

      // A tool whose link never worked gets no 'Link checked' from a cut either.
      const fresh: LinkTarget = { kind: "tool", target: cut[1]!.target, url: `${cut[1]!.url}new`, name: "new" };
      await app.query("update tools set website_url = $1 where slug = $2", [fresh.url, fresh.target]);
      await build.runLinkPass({ targets: [...cut.slice(2), fresh, cut[0]!] });
      expect(await page(fresh.target)).not.toContain("Link checked");

      // A normal pass afterwards (its failures are the links' own, on one host) clears the notice.
      await pass();
      expect(await text(await get(app, "/admin", editor.cookie))).not.toContain("data-link-outage");
    });
  },
  { env: () => ({ LINK_CHECK_TIMEOUT_MS: "400", LINK_CHECK_HOST_DELAY_MS: "5", OUTBOUND_ALLOWED_HOSTS: allowedHosts }) },
);
