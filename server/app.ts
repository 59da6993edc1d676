import { randomUUID } from "node:crypto";
import path from "node:path";
import { loadCurrencyRates } from "~/models/content/currency-rates.server";
import { POPULARITY_TAG } from "~/models/blog/queries.server";
import { DEAL_POPULARITY_TAG } from "~/models/deal/queries.server";
import { loadAffiliateConfig } from "~/models/affiliate/clicks.server";
import { loadEditorialContent } from "~/models/content/load.server";
import { loadOffers } from "~/models/content/offers.server";
import { loadPageCopy } from "~/models/content/page-copy.server";
import { syncEditorialContent } from "~/models/content/sync.server";
import { linkCheckJob } from "~/models/link-health/job.server";
import { priceCheckJob } from "~/models/pricing-check/job.server";
import { claimRecheckJob } from "~/models/claim/job.server";
import { dataFilesJob, ensureDataFiles } from "~/models/open-data/job.server";
import { watchAlertJob, weeklyDigestJob } from "~/models/alerts/job.server";
import { newsletterSendJob } from "~/models/newsletter/send-job.server";
import { databaseNow, settleSubmissions, submitSyncedChanges } from "~/models/search-engine/submissions.server";
import { closeAuth, initAuth, markOwners } from "~/utils/auth.server";
import { startCacheBus, stopCacheBus } from "~/utils/cache-bus.server";
import { startEdgePurge, UNPURGED_SHARED_SECONDS } from "~/utils/edge-purge.server";
import { invalidateLocally, resetCaches } from "~/utils/cache.server";
import { closeDatabase, databaseKind, getDb, openDatabase, rawQuery } from "~/utils/db.server";
import { initEnv, type Env } from "~/utils/env.server";
import { log } from "~/utils/logger.server";
import { enqueueJob, startJobQueue, stopJobQueue } from "~/utils/job-queue.server";
import { mailOutboxJob, sweepOutboxJob } from "~/utils/outbox.server";
import { appRoot } from "~/utils/paths.server";
import { isReadOnly, probePrimaryNow, startPrimaryHealth, stopPrimaryHealth } from "~/utils/primary-health.server";
import { closeRateLimits } from "~/utils/rate-limit.server";
import { setSelfHandler } from "~/utils/self-request.server";
import { declareCaching } from "./cache-policy";
import { compressResponses } from "./compress";
import { handleFailures } from "./failure";
import { indexNowKeyFile, legacyRedirects, refuseCrossSiteWrites } from "./fixed-answers";
import { openMcpToOtherSites } from "./mcp-cors";
import { answerKeptPage, createPageCache, routeCacheClasses, servePageCache, type KeptPageAnswer, type RawRequest } from "./page-cache-step";
import { exchangeOf, pipeline, type ClientInfo } from "./pipeline";
import { readsPrimary, withReadScope } from "~/utils/db-routing.server";
import { addReadOnlyBanner } from "./read-only-banner";
import { renderWithReactRouter } from "./render";
import { guardRequests, limitBodies } from "./request-guards";
import { addSecurityHeaders } from "./security-headers";

/** Link health's pass and its targets, for scripts and tests that run a pass themselves (decision 021). */
export { runLinkPass } from "~/models/link-health/checks.server";
export { runAlertJob } from "~/models/alerts/job.server";
/** The newsletter sender's run, for tests that cut a send off half-way and resume it (decision 061). */
export { runNewsletterJob } from "~/models/newsletter/send-job.server";
export { collectLinkTargets } from "~/models/link-health/targets.server";
/** The price check's pass and its targets, for scripts and tests (decision 034). */
export { priceTargets, runPriceCheck } from "~/models/pricing-check/checks.server";
/** The data facts' check (issue 44), run by the price check's job, for tests. */
export { factTargets, runFactCheck } from "~/models/fact-check/checks.server";
export { platformsTargets, runPlatformsCheck } from "~/models/fact-check/platforms.server";
/** The policy watch's pass and its pages (issue 44), which the price check's job runs after the prices. */
export { policyTargets, runPolicyCheck } from "~/models/policy-check/checks.server";
/** The queue and its jobs, for tests that put a job on it or read its state (decision 065). */
export { createJobQueue, enqueueJob, queueStates } from "~/utils/job-queue.server";
export { linkCheckJob } from "~/models/link-health/job.server";
export { priceCheckJob } from "~/models/pricing-check/job.server";
/** The claims' re-check pass and job (issue 45), for tests that run it at a later date. */
export { runClaimRecheck } from "~/models/claim/claims.server";
export { claimRecheckJob } from "~/models/claim/job.server";
/** The open-data files' job and the record function they are written with (issue 46), for the test that compares them. */
export { dataFilesJob } from "~/models/open-data/job.server";
export { getToolRecord } from "~/models/api/records.server";
/** A maker's weekly figures and claimed tools (issue 45), for the tests that read them as each kind of viewer. */
export { getMakerFigures } from "~/models/maker/figures.server";
export { listMakerListings } from "~/models/claim/makers.server";
/** The outbound fetcher's test hooks (a resolver, a connection recorder, a test CA): refused in production (decision 031). */
export { setOutboundTestHooks } from "~/utils/outbound-fetch.server";

export type { ClientInfo } from "./pipeline";
/** The build's routes and how the page cache reads their declared cache classes, for the test that walks them (decision 067). */
export { routes } from "virtual:react-router/server-build";
export { routeCacheClasses } from "./page-cache/route-classes";
/** server.js's request listener: methods, the request line and Host checked before the app (server/front-door.ts). */
export { frontDoor, METHODS } from "./front-door";
/** What server.js does with an error nothing caught (server/last-resort.ts). */
export { judgeUncaught } from "./last-resort";

/** Every job on the queue (utils/job-queue.server.ts): links, prices, watchers' alerts and digests, newsletter sends, mail, open data. */
const JOBS = [linkCheckJob, priceCheckJob, watchAlertJob, weeklyDigestJob, newsletterSendJob, mailOutboxJob, sweepOutboxJob, claimRecheckJob, dataFilesJob] as const;

export type App = {
  env: Env;
  /** Handles one request, fetch-style: redirects, the React Router app, security headers. */
  handle: (request: Request, client?: ClientInfo) => Promise<Response>;
  /** The page cache's hit path for the front door: a kept page's answer to an anonymous GET, or null (then `handle`). */
  answerKeptPage: (request: RawRequest) => KeptPageAnswer | null;
  /** Plain SQL on the app's database, for scripts (benchmark seeding) and tests. */
  query: typeof rawQuery;
  stop: () => Promise<void>;
};

/**
 * Start-up: parse the environment, open the database and apply migrations,
 * then validate and sync the editorial content. Any failure throws with a
 * readable message and the process exits before listening.
 */
export async function startApp(source: Record<string, string | undefined> = process.env): Promise<App> {
  const env = initEnv(source);
  // Module state survives a stopped app in the same process (the tests start one per backend).
  resetCaches();
  const started = performance.now();
  await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    replicaUrls: env.DATABASE_REPLICA_URLS,
    readYourWritesSeconds: env.READ_YOUR_WRITES_SECONDS,
    directUrl: env.DATABASE_DIRECT_URL,
    pooler: env.DATABASE_POOLER,
  });
  // A PostgreSQL primary may go out of reach: read-only mode until it answers again (decision 090; PGlite is in-process).
  // Asked directly when DATABASE_DIRECT_URL names it: a stopped server refuses at once, where a pooler in front holds
  // the connection for its server_connect_timeout (seconds of 503s before the mode begins, seen in the drill).
  if (env.DATABASE_URL) startPrimaryHealth(env.DATABASE_DIRECT_URL ?? env.DATABASE_URL);
  const content = loadEditorialContent(path.join(appRoot(), "content"));
  loadPageCopy();
  loadCurrencyRates();
  loadAffiliateConfig();
  loadOffers(content.tools);
  initAuth();
  const owners = await markOwners();
  if (owners) log.info(`OWNER_EMAILS: ${owners} account(s) marked owner`);
  // Before the sync, so that a deploy whose content changed tells the other instances.
  await startCacheBus(env.REDIS_URL);
  // The edge caches in front (EDGE_PURGE_URLS) hear this instance's changes from here on, the sync's included (decision 091).
  const edgePurge = startEdgePurge(env.EDGE_PURGE_URLS);
  if (env.EDGE_PURGE_URLS.length === 0 && env.SHARED_CACHE_SECONDS > UNPURGED_SHARED_SECONDS) {
    log.warn(`SHARED_CACHE_SECONDS=${env.SHARED_CACHE_SECONDS} without EDGE_PURGE_URLS: a CDN in front may show a change that late`);
  }
  // 'Popular articles' follows the reads counted since, a deal's 'Popular' the clicks: each instance refreshes them once an hour.
  const popularity = setInterval(() => invalidateLocally([POPULARITY_TAG, DEAL_POPULARITY_TAG]), 60 * 60 * 1000);
  popularity.unref();
  const syncStartedAt = await databaseNow();
  const report = await syncEditorialContent(getDb(), content);
  log.info(`database ready (${databaseKind()}), content synced in ${Math.round(performance.now() - started)} ms`, report);
  if (env.PASSWORD_HASHING !== "standard") log.warn("PASSWORD_HASHING=test-only-fast: passwords are hashed at the test suite's cost (decision 094); never set it on a real site");
  // Search engines hear of what this start changed (IndexNow, when INDEXNOW_KEY is set), without delaying the start.
  submitSyncedChanges(syncStartedAt);
  // The one job queue (decision 065): every background job, its schedule and its worker. A job runs once, on whichever
  // instance takes it.
  await startJobQueue(env, JOBS);
  // Mail left without a delivery job (written before this queue, or out of retries) gets one; old sent mail goes.
  await enqueueJob(sweepOutboxJob, {});
  // The open-data files within a minute of a first start, rather than at the first night (when they are scheduled).
  if (env.DATA_FILES_SCHEDULE) await ensureDataFiles();

  const dev = env.NODE_ENV === "development";
  const site = { dev, https: env.SITE_URL.startsWith("https:") };
  // The build's routes, each with its declared cache class (decision 067): the page cache reads them, not a list of paths.
  const { routes } = await import("virtual:react-router/server-build");
  const pageCache = createPageCache({ site, sharedSeconds: env.SHARED_CACHE_SECONDS, classOf: routeCacheClasses(routes) });
  // Static files never get here: server.js serves build/client (sirv) first. The steps, in the order a request meets them:
  const handleExchange = pipeline(
    [
      declareCaching, // Cache-Control and Vary: Cookie on every answer: personal, one-off or shareable
      openMcpToOtherSites, // /mcp: CORS preflights answered, its answers readable by any site (public data, no cookies)
      guardRequests({ trustProxy: env.TRUST_PROXY, site }), // 414 for overlong addresses, undecodable paths, the public protocol behind a proxy
      limitBodies(site), // 413, and request bodies that stop at their path's limit
      servePageCache({ dev, cache: pageCache }), // kept pages from memory, by each route's declared cache class
      compressResponses, // gzip for what is rendered now
      addReadOnlyBanner, // the read-only banner in what is rendered while the primary database is out of reach (decision 090)
      addSecurityHeaders(site), // CSP with a fresh nonce, X-Request-Id
      legacyRedirects, // 301 for old addresses
      indexNowKeyFile, // the IndexNow key file, when configured
      refuseCrossSiteWrites(new URL(env.SITE_URL).origin), // 403 for writes from other sites
      handleFailures, // an unexpected error: logged, 500 or 503, never a stack trace
    ],
    renderWithReactRouter({ dev, trustProxy: env.TRUST_PROXY }), // the session, then loaders, actions and the page
  );
  // Each request reads the replicas (decision 089) unless it writes, its reader wrote within READ_YOUR_WRITES_SECONDS,
  // or it is a request of our own made from work that reads the primary (a job, a write).
  // In read-only mode (decision 090) every request reads where reads go: its writes are refused before they read
  // anything, and a replica can still render the form it posted with what was typed.
  // A request that would read the primary (a write, a recent writer) while in read-only mode first asks the primary
  // again (one probe at a time, joined by the others): another instance may have seen it back already, and this
  // reader's write may be there, not yet on the replica.
  const handle = async (request: Request, client?: ClientInfo) => {
    const primary = readsPrimary(request, client);
    if (primary && isReadOnly()) await probePrimaryNow();
    return withReadScope(primary && !isReadOnly(), () => handleExchange(exchangeOf(request, client, randomUUID)));
  };

  setSelfHandler((request) => handle(request, { address: "in-process", inProcess: true }));

  async function stop() {
    setSelfHandler(null);
    clearInterval(popularity);
    // Before the database closes: a job in hand stops at its next step and goes back to the queue.
    await stopJobQueue();
    stopPrimaryHealth();
    await settleSubmissions();
    // The purges of the last writes go out before the process does.
    await edgePurge.stop();
    await stopCacheBus();
    resetCaches();
    closeAuth();
    await closeRateLimits();
    await closeDatabase();
    pageCache.store.close();
  }

  return { env, handle, answerKeptPage: answerKeptPage({ dev, cache: pageCache }), query: rawQuery, stop };
}
