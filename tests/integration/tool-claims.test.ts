import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createVerifiedUser, get, post } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { startDnsServer } from "../support/dns-server";
import { latestLink, readOutbox, settleMail } from "../support/mail";
import { serverBuildPath } from "../support/paths";
import { selfSignedCertificate } from "../support/self-signed";

/**
 * Claiming a listing (issue 45, decision 082) end to end, through the built app: by mail at the tool's domain (and
 * refused at another domain or a free-mail one), by a DNS TXT record served by a local DNS server (CLAIM_DNS_SERVERS),
 * by a well-known file on a local https fixture reached by name through the one outbound fetcher (and refused when
 * the name resolves, or redirects, to a private address); expired tokens; the re-check that lapses a claim after two
 * failures and mails the maker; the tool page's line; who may verify and who may revoke.
 */

type Hooks = { resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>; onConnect?: (host: string, address: string) => void; ca?: string };
type Build = {
  setOutboundTestHooks: (hooks: Hooks | null) => void;
  runClaimRecheck: (options: { now?: Date }) => Promise<{ outcomes: Record<string, number>; lapsedSlugs: string[] }>;
};

const FIXTURE_HOSTS = ["claim-file.test", "claim-redirect.test", "claim-private.test"];
const { key, cert } = selfSignedCertificate(FIXTURE_HOSTS);
/** What each fixture host serves at the well-known address. */
const files = new Map<string, string>();
const fixture = createHttpsServer({ key, cert }, (request, response) => {
  const host = (request.headers.host ?? "").split(":")[0]!;
  if (host === "claim-redirect.test") return response.writeHead(302, { Location: "https://10.0.0.1/.well-known/atlas-verification.txt" }).end();
  const body = request.url === "/.well-known/atlas-verification.txt" ? files.get(host) : undefined;
  if (body === undefined) return response.writeHead(404).end("not here");
  response.writeHead(200, { "Content-Type": "text/plain" }).end(body);
});
await new Promise<void>((resolve) => fixture.listen(0, "127.0.0.1", resolve));
const port = (fixture.address() as AddressInfo).port;
const dns = await startDnsServer();
afterAll(async () => {
  fixture.closeAllConnections();
  fixture.close();
  await dns.close();
});

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const DAY = 24 * 60 * 60_000;

describeEachBackend(
  "claiming a listing",
  (app: TestApp) => {
    let build: Build;
    let slugs: string[];
    const connects: string[] = [];
    /** Points one of the catalogue's tools at a website of the test's; answers its slug. */
    let next = 0;
    const toolAt = async (websiteUrl: string) => {
      const slug = slugs[next++]!;
      await app.query("update tools set website_url = $1 where slug = $2", [websiteUrl, slug]);
      return slug;
    };
    const claimOf = async (slug: string, email: string) =>
      (
        await app.query<{ id: number; status: string; method: string; consecutive_failures: number; verified_at: Date | null; token_expires_at: Date | null }>(
          "select c.id, c.status, c.method, c.consecutive_failures, c.verified_at, c.token_expires_at from tool_claims c join tools t on t.id = c.tool_id join users u on u.id = c.user_id where t.slug = $1 and u.email = $2",
          [slug, email],
        )
      )[0];
    const claimPage = (slug: string, cookie: string) => get(app, `/tools/${slug}/claim`, cookie).then(text);
    const tokenOn = (page: string) => /<code[^>]*>(?:atlas-verification=)?([A-Za-z0-9_-]{20,})<\/code>/.exec(page)?.[1];
    const toolPage = (slug: string) => get(app, `/tools/${slug}`).then(text);
    const audit = (action: string, claimId: number) =>
      app.query<{ actor_email: string; after: Record<string, unknown> }>(
        "select actor_email, after from audit_log where action = $1 and target_type = 'tool_claim' and target_id = $2 order by id",
        [action, String(claimId)],
      );

    beforeAll(async () => {
      build = (await import(serverBuildPath)) as Build;
      build.setOutboundTestHooks({
        resolve: async (hostname) => {
          if (hostname === "claim-private.test") return [{ address: "10.0.0.1", family: 4 }];
          if (FIXTURE_HOSTS.includes(hostname)) return [{ address: "127.0.0.1", family: 4 }];
          throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
        },
        onConnect: (host, address) => connects.push(`${host} ${address}`),
        ca: cert,
      });
      slugs = (await app.query<{ slug: string }>("select slug from tools where source = 'editorial' order by slug limit 12")).map((row) => row.slug);
    });
    afterAll(() => build?.setOutboundTestHooks(null));

    it("verifies a claim by email at the tool's domain, only for the account that started it, once", async () => {
      const slug = await toolAt("https://www.claimco.test/");
      const [maker, other] = await Promise.all([createVerifiedUser(app, { name: "Mara Maker" }), createVerifiedUser(app, { name: "Otto Other" })]);
      const address = `founder.${process.pid}@mail.claimco.test`;
      const started = await post(app, `/tools/${slug}/claim`, { intent: "start", method: "email", email: address }, { cookie: maker.cookie });
      expect(started.status).toBe(302);
      expect(started.headers.get("location")).toBe(`/tools/${slug}/claim`);
      expect(await claimPage(slug, maker.cookie)).toContain("We sent a one-time link to");
      const link = new URL(await latestLink(app.dataDir, address, `/tools/${slug}/claim?token=`));
      const claim = (await claimOf(slug, maker.email))!;
      expect(claim).toMatchObject({ status: "pending", method: "email" });
      // Pending, the tool's page says nothing; the link on every tool page leads here.
      expect(await toolPage(slug)).not.toContain("Claimed by its maker");
      expect(await toolPage(slug)).toContain(`href="/tools/${slug}/claim"`);

      // Another reader holding the link cannot complete someone else's claim.
      const stolen = await post(app, link.pathname + link.search, { intent: "confirm" }, { cookie: other.cookie });
      expect(stolen.status).toBe(403);
      expect(await text(stolen)).toContain("This claim was started by another account");
      // A visitor without a session is sent to sign in and back, the token kept.
      const stranger = await get(app, link.pathname + link.search);
      expect(stranger.status).toBe(302);
      expect(decodeURIComponent(stranger.headers.get("location") ?? "")).toContain(`/tools/${slug}/claim?token=`);

      const confirmed = await post(app, link.pathname + link.search, { intent: "confirm" }, { cookie: maker.cookie });
      expect(confirmed.status).toBe(302);
      expect(await claimOf(slug, maker.email)).toMatchObject({ status: "verified" });
      const page = await toolPage(slug);
      const day = new Date().toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
      expect(page).toContain(`Claimed by its maker since ${day} (verified by email)`);
      // Used once.
      const again = await post(app, link.pathname + link.search, { intent: "confirm" }, { cookie: maker.cookie });
      expect(await text(again)).toContain("This link is not valid, or it has already been used.");
      expect((await audit("claim.start", claim.id)).map((row) => row.actor_email)).toEqual([maker.email]);
      expect((await audit("claim.verify", claim.id))[0]).toMatchObject({ actor_email: maker.email, after: { method: "email", domain: "claimco.test" } });
    });

    it("re-confirms an email claim with a new link every 30 days, and lapses it when two links go unanswered", async () => {
      const slug = await toolAt("https://mailcheck.test");
      const maker = await createVerifiedUser(app, { name: "Remy Reconfirm" });
      const address = `remy.${process.pid}@mailcheck.test`;
      await post(app, `/tools/${slug}/claim`, { intent: "start", method: "email", email: address }, { cookie: maker.cookie });
      const first = new URL(await latestLink(app.dataDir, address, `/tools/${slug}/claim?token=`));
      expect((await post(app, first.pathname + first.search, { intent: "confirm" }, { cookie: maker.cookie })).status).toBe(302);
      const claim = (await claimOf(slug, maker.email))!;
      const verifiedAt = claim.verified_at!.getTime();
      await settleMail(app);

      // Due: a new link is mailed to the address that proved the domain; followed, the claim is confirmed again.
      await build.runClaimRecheck({ now: new Date(verifiedAt + 31 * DAY) });
      await settleMail(app);
      const again = readOutbox(app.dataDir).filter((message) => message.to.includes(address) && message.subject.startsWith("Confirm again"));
      expect(again).toHaveLength(1);
      const link = new URL(again[0]!.text.match(/https?:\/\/\S+\/claim\?token=\S+/)![0]);
      const confirmed = await post(app, link.pathname + link.search, { intent: "confirm" }, { cookie: maker.cookie });
      expect(confirmed.status).toBe(302);
      const after = await app.query<{ last_checked_at: Date }>("select last_checked_at from tool_claims where id = $1", [claim.id]);
      expect(after[0]!.last_checked_at.getTime()).toBeGreaterThan(verifiedAt);

      // Next time nobody answers: the expired link is one failure (and a second link goes out), the next one lapses it.
      const base = after[0]!.last_checked_at.getTime();
      await build.runClaimRecheck({ now: new Date(base + 31 * DAY) });
      expect(await claimOf(slug, maker.email)).toMatchObject({ status: "verified", consecutive_failures: 0 });
      await build.runClaimRecheck({ now: new Date(base + 39 * DAY) });
      expect(await claimOf(slug, maker.email)).toMatchObject({ status: "verified", consecutive_failures: 1 });
      await build.runClaimRecheck({ now: new Date(base + 47 * DAY) });
      expect(await claimOf(slug, maker.email)).toMatchObject({ status: "lapsed", consecutive_failures: 2 });
      await settleMail(app);
      const messages = readOutbox(app.dataDir).filter((message) => message.to.includes(address) || message.to.includes(maker.email));
      expect(messages.filter((message) => message.subject.startsWith("Confirm again"))).toHaveLength(3);
      expect(messages.some((message) => message.to.includes(maker.email) && message.subject.includes("has lapsed"))).toBe(true);
      expect(await toolPage(slug)).not.toContain("Claimed by its maker");
    });

    it("refuses an address at another domain and at a free-mail domain, keeping what was typed and mailing nothing", async () => {
      const slug = await toolAt("https://refuseco.test");
      const maker = await createVerifiedUser(app, { name: "Rita Refused" });
      await settleMail(app);
      const before = readOutbox(app.dataDir).length;
      for (const [email, words] of [
        ["founder@other-company.test", "Use an address at the tool&#x27;s own domain or a subdomain of it"],
        ["refuseco.founder@gmail.com", "An address at a free mail provider cannot prove control of the tool&#x27;s domain"],
        ["someone@refuseco.test.evil.test", "Use an address at the tool&#x27;s own domain or a subdomain of it"],
      ]) {
        const refused = await post(app, `/tools/${slug}/claim`, { intent: "start", method: "email", email: email! }, { cookie: maker.cookie });
        expect(refused.status, email).toBe(400);
        const body = await text(refused);
        expect(body.replaceAll("'", "&#x27;"), email).toContain(words);
        expect(body).toContain(`value="${email}"`);
      }
      expect(await claimOf(slug, maker.email)).toBeUndefined();
      await settleMail(app);
      expect(readOutbox(app.dataDir).length).toBe(before);
    });

    it("verifies a claim by DNS TXT record through the configured resolver, and lapses it after two failed re-checks, mailing the maker", async () => {
      const slug = await toolAt("https://www.dnsco.test");
      const maker = await createVerifiedUser(app, { name: "Dina Dns" });
      expect((await post(app, `/tools/${slug}/claim`, { intent: "start", method: "dns" }, { cookie: maker.cookie })).status).toBe(302);
      const page = await claimPage(slug, maker.cookie);
      expect(page).toContain("Add a TXT record on <strong>dnsco.test</strong>");
      const token = tokenOn(page)!;
      expect(token).toBeTruthy();
      // Not published yet: refused with a reason.
      const early = await post(app, `/tools/${slug}/claim`, { intent: "check" }, { cookie: maker.cookie });
      expect(early.status).toBe(400);
      expect(await text(early)).toContain("We did not find the TXT record with your token");
      dns.records.set("dnsco.test", ["v=spf1 -all", `atlas-verification=${token}`]);
      const checked = await post(app, `/tools/${slug}/claim`, { intent: "check" }, { cookie: maker.cookie });
      expect(checked.status).toBe(302);
      expect(dns.questions).toContain("dnsco.test 16");
      expect(await toolPage(slug)).toContain("(verified by DNS record)");
      const claim = (await claimOf(slug, maker.email))!;

      // Thirty-one days on, the record still there: the re-check passes.
      const verifiedAt = claim.verified_at!.getTime();
      await build.runClaimRecheck({ now: new Date(verifiedAt + 31 * DAY) });
      expect(await claimOf(slug, maker.email)).toMatchObject({ status: "verified", consecutive_failures: 0 });
      // The record removed: the first failure keeps the claim, the second (a day later) lapses it.
      dns.records.set("dnsco.test", ["v=spf1 -all"]);
      await build.runClaimRecheck({ now: new Date(verifiedAt + 62 * DAY) });
      expect(await claimOf(slug, maker.email)).toMatchObject({ status: "verified", consecutive_failures: 1 });
      expect(await toolPage(slug)).toContain("(verified by DNS record)");
      const { lapsedSlugs } = await build.runClaimRecheck({ now: new Date(verifiedAt + 63 * DAY + 60_000) });
      expect(lapsedSlugs).toContain(slug);
      expect(await claimOf(slug, maker.email)).toMatchObject({ status: "lapsed", consecutive_failures: 2 });
      expect(await toolPage(slug)).not.toContain("Claimed by its maker");
      await settleMail(app);
      const lapsedMail = readOutbox(app.dataDir).find((message) => message.to.includes(maker.email) && message.subject.includes("has lapsed"));
      expect(lapsedMail?.text).toContain("no TXT record with the token");
      const rechecks = await audit("claim.recheck", claim.id);
      expect(rechecks.map((row) => row.after.ok)).toEqual([true, false, false]);
      expect(rechecks[0]!.actor_email).toBe("scheduled check");
      expect(await audit("claim.lapse", claim.id)).toHaveLength(1);
    });

    it("verifies a claim by the well-known file, fetched through the outbound fetcher", async () => {
      const slug = await toolAt(`https://claim-file.test:${port}/`);
      const maker = await createVerifiedUser(app, { name: "Fay File" });
      expect((await post(app, `/tools/${slug}/claim`, { intent: "start", method: "file" }, { cookie: maker.cookie })).status).toBe(302);
      const token = tokenOn(await claimPage(slug, maker.cookie))!;
      files.set("claim-file.test", "not the token\n");
      const wrong = await post(app, `/tools/${slug}/claim`, { intent: "check" }, { cookie: maker.cookie });
      expect(await text(wrong)).toContain("The file at the well-known address did not hold your token.");
      files.set("claim-file.test", `${token}\n`);
      expect((await post(app, `/tools/${slug}/claim`, { intent: "check" }, { cookie: maker.cookie })).status).toBe(302);
      expect(await toolPage(slug)).toContain("(verified by file on the site)");
    });

    it("refuses a well-known file whose host resolves or redirects to a private address, without connecting there", async () => {
      const maker = await createVerifiedUser(app, { name: "Pia Private" });
      connects.length = 0;
      for (const host of ["claim-private.test", "claim-redirect.test"]) {
        const slug = await toolAt(`https://${host}:${port}/`);
        files.set(host, "anything");
        expect((await post(app, `/tools/${slug}/claim`, { intent: "start", method: "file" }, { cookie: maker.cookie })).status).toBe(302);
        const refused = await post(app, `/tools/${slug}/claim`, { intent: "check" }, { cookie: maker.cookie });
        expect(refused.status, host).toBe(400);
        expect(await text(refused), host).toContain("We could not fetch the well-known file from the tool&#x27;s domain.");
        expect(await claimOf(slug, maker.email), host).toMatchObject({ status: "pending" });
      }
      expect(connects.some((entry) => entry.endsWith(" 10.0.0.1"))).toBe(false);
    });

    it("refuses an expired token, by DNS and by mail", async () => {
      const slug = await toolAt("https://expiredco.test");
      const maker = await createVerifiedUser(app, { name: "Ezra Expired" });
      await post(app, `/tools/${slug}/claim`, { intent: "start", method: "dns" }, { cookie: maker.cookie });
      const token = tokenOn(await claimPage(slug, maker.cookie))!;
      dns.records.set("expiredco.test", [`atlas-verification=${token}`]);
      await app.query("update tool_claims set token_expires_at = now() - interval '1 minute' where id = $1", [(await claimOf(slug, maker.email))!.id]);
      const late = await post(app, `/tools/${slug}/claim`, { intent: "check" }, { cookie: maker.cookie });
      expect(await text(late)).toContain("This token or link has expired.");

      const address = `ezra.${process.pid}@expiredco.test`;
      await post(app, `/tools/${slug}/claim`, { intent: "start", method: "email", email: address }, { cookie: maker.cookie });
      const link = new URL(await latestLink(app.dataDir, address, `/tools/${slug}/claim?token=`));
      await app.query("update tool_claims set token_expires_at = now() - interval '1 minute' where id = $1", [(await claimOf(slug, maker.email))!.id]);
      const lateLink = await post(app, link.pathname + link.search, { intent: "confirm" }, { cookie: maker.cookie });
      expect(await text(lateLink)).toContain("This token or link has expired.");
      expect(await claimOf(slug, maker.email)).toMatchObject({ status: "pending" });
    });

    it("shows claims to editors and lets only owners revoke one", async () => {
      const slug = await toolAt("https://revokeco.test");
      const [maker, editor, owner] = await Promise.all([
        createVerifiedUser(app, { name: "Rex Maker" }),
        createVerifiedUser(app, { name: "Edna Editor" }),
        createVerifiedUser(app, { name: "Owen Owner" }),
      ]);
      await app.query("update users set role = 'editor' where email = $1", [editor.email]);
      await app.query("update users set role = 'owner' where email = $1", [owner.email]);
      await post(app, `/tools/${slug}/claim`, { intent: "start", method: "dns" }, { cookie: maker.cookie });
      dns.records.set("revokeco.test", [`atlas-verification=${tokenOn(await claimPage(slug, maker.cookie))!}`]);
      expect((await post(app, `/tools/${slug}/claim`, { intent: "check" }, { cookie: maker.cookie })).status).toBe(302);
      const claim = (await claimOf(slug, maker.email))!;

      expect((await get(app, "/admin/claims", maker.cookie)).status).toBe(404);
      const list = await text(await get(app, "/admin/claims", editor.cookie));
      expect(list).toContain(`data-claim="${claim.id}"`);
      expect(list).not.toContain("Revoke the claim");
      for (const who of [maker, editor]) {
        const refused = await post(app, "/admin/claims", { intent: "revoke", id: String(claim.id) }, { cookie: who.cookie });
        expect(refused.status, who.name).toBe(404);
      }
      expect(await claimOf(slug, maker.email)).toMatchObject({ status: "verified" });
      expect(await text(await get(app, "/admin/claims", owner.cookie))).toContain("Revoke the claim");
      const revoked = await post(app, "/admin/claims", { intent: "revoke", id: String(claim.id) }, { cookie: owner.cookie });
      expect(revoked.status).toBe(200);
      expect(await claimOf(slug, maker.email)).toMatchObject({ status: "revoked" });
      expect(await toolPage(slug)).not.toContain("Claimed by its maker");
      expect((await audit("claim.revoke", claim.id))[0]).toMatchObject({ actor_email: owner.email });
      // The maker cannot simply start again.
      const restart = await post(app, `/tools/${slug}/claim`, { intent: "start", method: "dns" }, { cookie: maker.cookie });
      expect(await text(restart)).toContain("Our editors revoked your claim on this tool.");
    });
  },
  // The fixture's two public-looking names are allowed to reach it on 127.0.0.1; claim-private.test, which resolves to
  // 10.0.0.1, is not: exactly what the fetcher must refuse.
  { env: () => ({ CLAIM_DNS_SERVERS: dns.address, OUTBOUND_ALLOWED_HOSTS: [`claim-file.test:${port}`, `claim-redirect.test:${port}`].join(",") }) },
);
