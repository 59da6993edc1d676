import { readdirSync } from "node:fs";
import path from "node:path";
import { edgeHit, formFields, readable, Visitor } from "./http.ts";
import { sleep } from "./processes.ts";
import { DATABASE, type Stack } from "./topology.ts";

/** One line of the drill's report. */
export type CheckResult = { id: string; title: string; ok: boolean; detail: string };

/** What the checks share: the stack, and the people and pages one check leaves for the next. */
export type DrillState = {
  stack: Stack;
  projectRoot: string;
  tag: string;
  reader?: Visitor;
  /** The tools the checks write to; the other tools' pages stay unvisited for check 1. */
  reviewTool: string;
  priceTool: string;
  /** When the primary came back (check 4), and when check 3 changed a price: check 5 waits for a run after both. */
  recoveredAt?: Date;
  priceChangedAt?: Date;
  startedAt: Date;
};

let visitorCount = 0;
/** A visitor with a loopback address of its own (127.0.1.N), so per-address limits count each one apart. */
export const newVisitor = (state: DrillState) => new Visitor(state.stack.site, `127.0.1.${++visitorCount}`);
const PASSWORD = "drill-granite-orchard-77";

class CheckFailure extends Error {}
function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailure(message);
}

/** Runs one check: PASS with what it saw, or FAIL with why (a thrown error is a FAIL too, never an abort). */
export async function runCheck(id: string, title: string, body: () => Promise<string>): Promise<CheckResult> {
  try {
    return { id, title, ok: true, detail: await body() };
  } catch (error) {
    const detail = error instanceof CheckFailure ? error.message : `error: ${error instanceof Error ? error.message : String(error)}`;
    return { id, title, ok: false, detail: detail.split("\n").slice(0, 4).join(" | ") };
  }
}

const toolSlugs = (projectRoot: string) =>
  readdirSync(path.join(projectRoot, "content", "tools"))
    .filter((file) => file.endsWith(".json"))
    .map((file) => file.slice(0, -".json".length))
    .sort();

/** Calls per statement (pg_stat_statements) on one server, for the app's database. */
async function statementCalls(stack: Stack, where: "primary" | "replica"): Promise<Map<string, number>> {
  const rows = await stack.query<{ id: string; calls: number }>(
    where,
    "select queryid::text as id, calls::float8 as calls from pg_stat_statements where dbid = (select oid from pg_database where datname = $1) and queryid is not null",
    [DATABASE],
  );
  return new Map(rows.map((row) => [row.id, row.calls]));
}

/**
 * 1. Anonymous reads reach the replica: N searches for different words (a search's page is rendered for each visit,
 * not kept) make the queries they need run N times on the replica, and those same statements (by pg_stat_statements' query id,
 * which is the same on both servers of one physical copy) do not run on the primary meanwhile. Other statements on
 * the primary (the job queue's polling, sessions) are not these reads and do not count. (Pages the caches keep are
 * rendered on the primary by design, decision 089, so that a purge is never refilled from a lagging replica; they
 * would not show the routing.)
 */
export async function readsReachReplica(state: DrillState): Promise<string> {
  const { stack } = state;
  const pages = toolSlugs(state.projectRoot)
    .filter((slug) => slug !== state.reviewTool && slug !== state.priceTool)
    .slice(-12)
    .map((slug) => `/search?q=${slug.split("-")[0]}`);
  const [replicaBefore, primaryBefore] = await Promise.all([statementCalls(stack, "replica"), statementCalls(stack, "primary")]);
  const visitor = newVisitor(state);
  for (const page of pages) {
    const response = await visitor.get(page);
    await response.arrayBuffer();
    expect(response.status === 200, `${page} answered ${response.status}`);
  }
  const [replicaAfter, primaryAfter] = await Promise.all([statementCalls(stack, "replica"), statementCalls(stack, "primary")]);
  const pageStatements = [...replicaAfter].filter(([id, calls]) => calls - (replicaBefore.get(id) ?? 0) >= pages.length).map(([id]) => id);
  const onPrimary = pageStatements.reduce((sum, id) => sum + (primaryAfter.get(id) ?? 0) - (primaryBefore.get(id) ?? 0), 0);
  const replicaReads = [...replicaAfter].reduce((sum, [id, calls]) => sum + calls - (replicaBefore.get(id) ?? 0), 0);
  expect(
    pageStatements.length > 0,
    `no statement ran ${pages.length} times on the replica for ${pages.length} searches (${replicaReads} statements there in all): the reads went elsewhere`,
  );
  expect(onPrimary === 0, `the pages' ${pageStatements.length} statement(s) also ran ${onPrimary} time(s) on the primary`);
  return `${pages.length} searches (/search?q=<word>): ${pageStatements.length} statement(s) ran once per search on the replica (${replicaReads} statements there), 0 times on the primary`;
}

/** 2. A signed-in write (a review, through the tool page's own form) is on that reader's next page. */
export async function writeVisibleToWriter(state: DrillState): Promise<string> {
  const reader = newVisitor(state);
  await reader.signUp(
    "Rhea Reader",
    `reader-${state.tag}@drill.example`,
    PASSWORD,
    state.stack.apps.map((app) => app.dataDir),
  );
  state.reader = reader;
  const page = `/tools/${state.reviewTool}`;
  const before = await reader.get(page);
  expect(before.status === 200, `${page} answered ${before.status} before the write`);
  const comment = `Drill ${state.tag}: we draft our weekly posters with it and the templates save an hour.`;
  const saved = await reader.postMultipart(page, { intent: "review", rating: "5", comment });
  expect(saved.status === 302 || saved.status === 303, `the review form answered ${saved.status}: ${readable(await saved.text()).slice(0, 200)}`);
  const after = await reader.get(page);
  const body = readable(await after.text());
  expect(after.status === 200, `${page} answered ${after.status} after the write`);
  expect(body.includes(comment), "the reader's next page does not show their review");
  return `review saved (${saved.status}), on the reader's next page through the edge`;
}

/**
 * 3. An owner's price change (the admin pricing form) purges the edge: the anonymous page the edge was keeping shows
 * the new price on the next request.
 */
export async function priceChangePurgesEdge(state: DrillState): Promise<string> {
  const page = `/tools/${state.priceTool}`;
  const anonymous = newVisitor(state);
  const first = await anonymous.get(page);
  await first.arrayBuffer();
  const second = await anonymous.get(page);
  const oldBody = readable(await second.text());
  expect(second.status === 200, `${page} answered ${second.status}`);
  expect(edgeHit(second), `the edge did not keep ${page} (X-Varnish: ${second.headers.get("x-varnish")}, Cache-Control: ${second.headers.get("cache-control")})`);
  const price = 20 + (Number.parseInt(state.tag, 36) % 60) + 7;
  expect(!oldBody.includes(`$${price}/month`), `the page already shows $${price}/month`);

  const owner = newVisitor(state);
  await owner.signUp(
    "Otto Owner",
    state.stack.ownerEmail,
    PASSWORD,
    state.stack.apps.map((app) => app.dataDir),
  );
  const editor = await owner.get(`/admin/prices/${state.priceTool}`);
  const editorHtml = await editor.text();
  expect(editor.status === 200, `/admin/prices/${state.priceTool} answered ${editor.status} ${editor.headers.get("location") ?? ""} to the owner`);
  const fields = formFields(editorHtml, 'value="save"');
  expect("plans.1.price" in fields, `the pricing form has no plans.1.price field (fields: ${Object.keys(fields).slice(0, 8).join(", ")})`);
  const saved = await owner.post(`/admin/prices/${state.priceTool}`, { ...fields, "plans.1.price": String(price), intent: "save", note: `drill ${state.tag}` });
  const savedBody = readable(await saved.text());
  expect(
    saved.status === 200 && savedBody.includes("Prices saved"),
    `the pricing form answered ${saved.status} ${saved.headers.get("location") ?? ""}: ${savedBody.match(/role="alert"[^>]*>([^<]{0,160})/)?.[1] ?? ""}`,
  );

  state.priceChangedAt = new Date();
  const next = await anonymous.get(page);
  const nextBody = readable(await next.text());
  expect(nextBody.includes(`$${price}/month`), `the next anonymous request (${edgeHit(next) ? "an edge hit" : "an edge miss"}) still shows the old price`);
  return `page kept by the edge before; after the save the next anonymous request (${edgeHit(next) ? "hit" : "miss"}) shows $${price}/month`;
}

/**
 * 6. A replica delayed by recovery_min_apply_delay: the writer sees their write at once (read-your-writes), while the
 * replica, asked directly, has not applied it yet; `6b` then asks whether anonymous readers see it once the replica
 * has caught up (a page rendered from the lagging replica right after the purge must not be kept for minutes).
 */
export async function delayedReplica(state: DrillState): Promise<{ main: string; after: () => Promise<string> }> {
  const { stack } = state;
  expect(state.reader, "no signed-in reader (check 2 failed)");
  // Long enough that the replica surely has not applied the edit when asked right after it, on a busy machine too.
  const delay = 5;
  await stack.pair.replica.setAndReload("recovery_min_apply_delay", `${delay}s`);
  // A reload is asynchronous: wait until the replica reports the setting.
  for (let i = 0; i < 50; i++) {
    const [row] = await stack.query<{ setting: string }>("replica", "select setting from pg_settings where name = 'recovery_min_apply_delay'");
    if (row?.setting === String(delay * 1000)) break;
    await sleep(100);
  }
  const page = `/tools/${state.reviewTool}`;
  const anonymous = newVisitor(state);
  await (await anonymous.get(page)).arrayBuffer();
  const comment = `Drill ${state.tag}, edited under lag: still our poster tool, and now the brand kit too.`;
  const saved = await state.reader.postMultipart(page, { intent: "review", rating: "4", comment });
  expect(saved.status === 302 || saved.status === 303, `the review edit answered ${saved.status}`);
  const [onReplica] = await stack.query<{ n: number }>("replica", "select count(*)::int as n from reviews where comment = $1", [comment]);
  const own = readable(await (await state.reader.get(page)).text());
  const anonymousNow = readable(await (await anonymous.get(page)).text()).includes(comment);
  const writtenAt = Date.now();
  expect(own.includes(comment), `the writer's next page does not show their edit (replica delayed ${delay} s)`);
  expect(onReplica?.n === 0, `the replica already had the edit: no lag to show (recovery_min_apply_delay not applied?)`);
  // A page read for each request, not kept (the tool page's data is filled from the primary): the reader's own lists.
  // Only the read-your-writes window sends this reader's reads to the primary while the replica lags.
  const list = `Drill list ${state.tag}`;
  const created = await state.reader.post("/shortlists", { intent: "create", name: list });
  expect(created.status === 302 || created.status === 303, `creating a shortlist answered ${created.status}`);
  const [listOnReplica] = await stack.query<{ n: number }>("replica", "select count(*)::int as n from shortlists where name = $1", [list]);
  const lists = readable(await (await state.reader.get("/shortlists")).text());
  expect(listOnReplica?.n === 0, `the replica already had the new list: no lag to show`);
  expect(lists.includes(list), `the writer's /shortlists, read for each request, does not show the list they just made (replica delayed ${delay} s)`);
  return {
    main: `the writer saw the edit at once, and their new list on /shortlists (read per request, through the read-your-writes window), while the replica (delay ${delay} s), asked directly, had neither; an anonymous page read then ${anonymousNow ? "saw the edit too (kept pages are rendered on the primary)" : "did not see it yet"}`,
    after: async () => {
      // Wait out the delay (and a second), then ask as an anonymous visitor again.
      await sleep(Math.max(0, writtenAt + (delay + 1) * 1000 - Date.now()));
      for (let i = 0; i < 20; i++) {
        const [row] = await stack.query<{ n: number }>("replica", "select count(*)::int as n from reviews where comment = $1", [comment]);
        if (row?.n === 1) break;
        await sleep(250);
      }
      await stack.pair.replica.setAndReload("recovery_min_apply_delay", "0");
      const later = await anonymous.get(page);
      const seen = readable(await later.text()).includes(comment);
      expect(
        seen,
        `${delay + 1} s later the replica has the edit, but the anonymous page (${edgeHit(later) ? "an edge hit" : "an edge miss"}, Age ${later.headers.get("age") ?? "-"}) still lacks it: the caches keep a page without the write`,
      );
      return `once the replica caught up, the anonymous page shows the edit`;
    },
  };
}

/** Seconds from `since` until the instance at `base` says `wanted` on /api/health (`bound` seconds at most, else a failure). */
async function healthAfter(base: string, since: number, wanted: "degraded" | "healthy", bound: number): Promise<number> {
  const asker = new Visitor(base, "127.0.1.250");
  let last = "";
  while (Date.now() - since < bound * 1000) {
    const health = await asker.get("/api/health");
    const body = (await health.json().catch(() => ({}))) as { status?: string };
    last = `${health.status} ${body.status ?? ""}`;
    if (last === `200 ${wanted}`) return (Date.now() - since) / 1000;
    await sleep(200);
  }
  throw new CheckFailure(`${base} did not say ${wanted} within ${bound} s (last: ${last})`);
}

/** Public pages from the sitemaps (as a crawler finds them), at most `count`. */
async function publicPages(state: DrillState, count: number): Promise<string[]> {
  const visitor = newVisitor(state);
  const locs = async (pathname: string) => [...(await (await visitor.get(pathname)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const pages = new Set<string>();
  for (const sitemap of await locs("/sitemap-index.xml")) {
    for (const page of sitemap.endsWith(".xml") ? await locs(sitemap) : [sitemap]) pages.add(page);
  }
  // Spread over the kinds of page (the sitemaps list tools first): every k-th.
  const all = [...pages];
  const step = Math.max(1, Math.floor(all.length / count));
  return all.filter((_, index) => index % step === 0).slice(0, count);
}

/**
 * 4. The primary stopped (pg_ctl stop -m fast): pages are served (replica, caches), never a 500; writes answer 503 with
 * Retry-After, the read-only banner and what was typed; health says degraded. Then the primary comes back: health
 * recovers and a write works, with the same app processes.
 */
export async function primaryOutage(state: DrillState): Promise<string> {
  const { stack } = state;
  expect(state.reader, "no signed-in reader (check 2 failed)");
  const reader = state.reader;
  const pages = await publicPages(state, 50);
  expect(pages.length >= 50, `the sitemaps list only ${pages.length} pages`);
  const pids = stack.apps.map((app) => app.child.pid);
  await stack.pair.primary.stop();
  const stoppedAt = Date.now();
  const notes: string[] = [];
  try {
    // Anonymous crawls through the edge. The first at once, while each instance finds out that the primary is gone
    // (its first failed query makes it ask the primary): 503 may answer meanwhile, a 500 never.
    const crawl = async (list: string[]) => {
      const crawler = newVisitor(state);
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      for (const page of list) {
        const response = await crawler.get(page);
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status !== 200) failures.push(`${page} ${response.status}`);
      }
      return { statuses, failures, summary: [...statuses].map(([status, n]) => `${n}x${status}`).join(" ") };
    };
    const early = await crawl(pages.slice(0, 20));
    expect(
      !early.statuses.has(500),
      `crawl right after the stop: ${early.summary}; ${early.failures
        .filter((line) => line.endsWith(" 500"))
        .slice(0, 3)
        .join(", ")}`,
    );
    // Then each instance, asked directly (as a load balancer's health check would), says it is in read-only mode.
    const modeAfter = await Promise.all(stack.apps.map((app) => healthAfter(app.url, stoppedAt, "degraded", 20)));
    const full = await crawl(pages);
    expect(!full.statuses.has(500), `crawl of ${pages.length} pages in read-only mode: ${full.summary}; 500 on ${full.failures.slice(0, 3).join(", ")}`);
    expect((full.statuses.get(200) ?? 0) === pages.length, `crawl of ${pages.length} pages in read-only mode: ${full.summary} (${full.failures.slice(0, 3).join(", ")})`);
    notes.push(`at once ${early.summary}; both instances read-only within ${Math.max(...modeAfter).toFixed(1)} s; then ${full.summary}`);

    // Writes: each form answers 503 with Retry-After, the banner, and what was typed.
    const anonymous = newVisitor(state);
    const typedReview = `Drill ${state.tag} typed during the outage: keep this text`;
    const typedEmail = `outage-${state.tag}@drill.example`;
    const typedName = `Outage Olive ${state.tag}`;
    const writes: [string, () => Promise<Response>, string][] = [
      ["review form", () => reader.postMultipart(`/tools/${state.reviewTool}`, { intent: "review", rating: "3", comment: typedReview }), typedReview],
      ["newsletter form", () => anonymous.post("/newsletter", { email: typedEmail, source: "home" }), typedEmail],
      [
        "sign-up form",
        () => anonymous.post("/auth", { intent: "signup", from: "page", name: typedName, email: `o-${typedEmail}`, password: PASSWORD, confirmPassword: PASSWORD }),
        typedName,
      ],
    ];
    for (const [name, write, typed] of writes) {
      const response = await write();
      const body = readable(await response.text());
      const problems = [
        response.status !== 503 && `answered ${response.status}`,
        !response.headers.get("retry-after") && "no Retry-After",
        !body.includes('data-banner="read-only"') && "no read-only banner",
        !body.includes(typed) && "what was typed is not kept",
      ].filter(Boolean);
      expect(problems.length === 0, `with the primary stopped, the ${name} ${problems.join(", ")}`);
    }
    notes.push(`${writes.length} write forms: 503 + Retry-After + banner + typed text`);
  } finally {
    await stack.pair.primary.start();
    state.recoveredAt = new Date();
  }

  // Recovery: each instance's own health says healthy (each leaves read-only mode by its own probe; until it has,
  // it reads the replica even for a recent writer), then a write works, on the same processes.
  const recoveredAfter = Math.max(...(await Promise.all(stack.apps.map((app) => healthAfter(app.url, state.recoveredAt!.getTime(), "healthy", 30)))));
  const deadline = Date.now() + 15_000;
  let written = 0;
  const comment = `Drill ${state.tag}, after the outage: back to normal.`;
  while (Date.now() < deadline) {
    const saved = await reader.postMultipart(`/tools/${state.reviewTool}`, { intent: "review", rating: "5", comment });
    written = saved.status;
    if (written === 302 || written === 303) break;
    await sleep(500);
  }
  expect(written === 302 || written === 303, `after recovery the review form answers ${written}`);
  expect(readable(await (await reader.get(`/tools/${state.reviewTool}`)).text()).includes(comment), "after recovery the write is not on the reader's page");
  expect(
    stack.apps.every((app, index) => app.child.pid === pids[index] && app.child.running()),
    "an app process exited during the outage",
  );
  notes.push(`recovered (both instances healthy ${recoveredAfter.toFixed(1)} s after the start; a write works; same processes)`);
  return notes.join("; ");
}

/**
 * 5. A scheduled job (watch-alerts, every minute with ALERT_INTERVAL_MINUTES=1) runs once per slot across both
 * instances: in pg-boss's job table, one job per minute, each completed on its first attempt; and it runs again
 * after the outage (jobs paused, then resumed). Its effect: check 3's price change is handed out (notified_at).
 */
export async function scheduledJobOnce(state: DrillState): Promise<string> {
  const { stack } = state;
  const since = new Date(Math.max(state.startedAt.getTime(), state.recoveredAt?.getTime() ?? 0, state.priceChangedAt?.getTime() ?? 0));
  type Job = { id: string; state: string; retry_count: number; slot: string; created_on: Date; completed: string | null };
  const jobs = () =>
    stack.query<Job>(
      "primary",
      "select id::text, state, retry_count, to_char(date_trunc('minute', created_on), 'HH24:MI') as slot, created_on, to_char(completed_on, 'HH24:MI:SS') as completed from pgboss.job where name = 'watch-alerts' order by created_on",
    );
  // A slot is at most a minute away; its job runs within a poll.
  const deadline = Date.now() + 80_000;
  let all: Job[] = [];
  while (Date.now() < deadline) {
    all = await jobs().catch(() => []);
    if (all.some((job) => job.created_on >= since && job.state === "completed")) break;
    await sleep(1000);
  }
  expect(all.length > 0, "no watch-alerts job in pgboss.job");
  expect(
    all.some((job) => job.created_on >= since && job.state === "completed"),
    `no watch-alerts job created after ${since.toISOString().slice(11, 19)} (${state.recoveredAt ? "the primary's return" : "the start"}, the price change) completed (states: ${all.map((job) => `${job.slot} ${job.state}`).join(", ")})`,
  );
  const slots = new Map<string, number>();
  for (const job of all) slots.set(job.slot, (slots.get(job.slot) ?? 0) + 1);
  const doubled = [...slots].filter(([, n]) => n > 1);
  expect(doubled.length === 0, `more than one job in a minute: ${doubled.map(([slot, n]) => `${slot} x${n}`).join(", ")}`);
  const completed = all.filter((job) => job.state === "completed");
  const retried = completed.filter((job) => job.retry_count > 0);
  expect(retried.length === 0, `${retried.length} job(s) needed more than one attempt`);
  // Its effect: check 3's price change handed out to watchers (marked notified) by a run after it.
  const [changes] = await stack.query<{ total: number; handed: number; at: string }>(
    "primary",
    "select count(*)::int as total, count(notified_at)::int as handed, to_char(max(c.occurred_at), 'HH24:MI:SS') as at from tool_changes c join tools t on t.id = c.tool_id where t.slug = $1 and c.source = 'editor'",
    [state.priceTool],
  );
  const runs = completed.map((job) => `${job.slot} done ${job.completed}`).join(", ");
  expect(
    !changes || changes.total === 0 || changes.handed === changes.total,
    `the price change (${changes?.at}) was not handed out (${changes?.handed}/${changes?.total}) by the runs: ${runs}`,
  );
  const effect = changes && changes.total > 0 ? `; the price change handed out (${changes.handed}/${changes.total})` : "";
  const after = completed.find((job) => job.created_on >= since)!;
  const clock = (date: Date) => date.toISOString().slice(11, 19);
  return `watch-alerts: ${all.length} job(s) in ${slots.size} minute slot(s) (${completed.length} completed, each on its first attempt); the one created ${clock(after.created_on)} ran after the outage and the price change (${clock(since)})${effect}`;
}
