import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import { cookiesFrom, createVerifiedUser, get, post, uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";

/**
 * Moderation, replies and verified reviews (issue 19, decision 023): who may open and use each admin page, the
 * audit rows, hidden and deleted reviews leaving the tool page and its aggregates at once (through the page cache),
 * the author's marking, replies, private proofs of use and the verified filter.
 */
type User = Awaited<ReturnType<typeof createVerifiedUser>>;

const TOOL = "perplexity-ai";
const makeRole = (app: TestApp, user: User, role: string) => app.query("update users set role = $1 where email = $2", [role, user.email]);
const flashOf = (response: Response) => cookiesFrom(response)["atlas.flash"];
const plain = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

async function multipart(app: TestApp, pathname: string, fields: Record<string, string | [Blob, string]>, cookie: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) form.append(name, value[0], value[1]);
    else form.append(name, value);
  }
  return app.request(pathname, { method: "POST", body: form, headers: { Cookie: cookie, "X-Forwarded-For": uniqueIp() } });
}

const screenshot = async () =>
  new Blob(
    [
      new Uint8Array(
        await sharp({ create: { width: 640, height: 400, channels: 3, background: "#eeeeee" } })
          .png()
          .toBuffer(),
      ),
    ],
    { type: "image/png" },
  );

/** The tool page as an anonymous visitor gets it (from the page cache when it holds it). */
async function publicPage(app: TestApp, query = "") {
  const response = await app.request(`/tools/${TOOL}${query}`);
  expect(response.status).toBe(200);
  return plain(response);
}

function aggregateOf(body: string) {
  const blocks = [...body.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));
  return blocks.find((block) => block["@type"] === "SoftwareApplication")?.aggregateRating as Record<string, number> | undefined;
}

const reviewIdOf = async (app: TestApp, user: User) =>
  String(
    (
      await app.query<{ id: number }>("select r.id from reviews r join users u on u.id = r.user_id join tools t on t.id = r.tool_id where u.email = $1 and t.slug = $2", [
        user.email,
        TOOL,
      ])
    )[0]!.id,
  );

const auditRows = (app: TestApp, action: string) =>
  app.query<{ actor_email: string; target_id: string; before: unknown; after: unknown }>(
    "select actor_email, target_id, before, after from audit_log where action = $1 order by id",
    [action],
  );

describeEachBackend("moderation, replies and verified reviews", (app) => {
  let alice: User; // writes the review that gets reported
  let bob: User; // writes another review, reports Alice's
  let carol: User; // reports too, and writes a review with an image that gets deleted
  let eddie: User; // editor
  let aliceReview: string;
  let bobReview: string;

  beforeAll(async () => {
    [alice, bob, carol, eddie] = await Promise.all([
      createVerifiedUser(app, { name: "Alice Author" }),
      createVerifiedUser(app, { name: "Bob Reader" }),
      createVerifiedUser(app, { name: "Carol Reader" }),
      createVerifiedUser(app, { name: "Eddie Editor" }),
    ]);
    await makeRole(app, eddie, "editor");
    const a = await post(app, `/tools/${TOOL}`, { intent: "review", rating: "1", comment: "Buy cheap followers at spam.example, best deal!!!" }, { cookie: alice.cookie });
    const b = await post(app, `/tools/${TOOL}`, { intent: "review", rating: "5", comment: "I use it daily to check sources for my articles." }, { cookie: bob.cookie });
    expect([flashOf(a), flashOf(b)]).toEqual(["reviewSubmitted", "reviewSubmitted"]);
    [aliceReview, bobReview] = [await reviewIdOf(app, alice), await reviewIdOf(app, bob)];
    await post(app, `/tools/${TOOL}`, { intent: "report", id: aliceReview, reason: "spam", details: "Advertises a follower shop" }, { cookie: bob.cookie });
    await post(app, `/tools/${TOOL}`, { intent: "report", id: aliceReview, reason: "spam" }, { cookie: carol.cookie });
  });

  it("sends strangers to sign in and answers readers 404 on every moderation page and action", async () => {
    for (const page of ["/admin/reports", "/admin/proofs", "/admin/proofs/1", "/admin/proofs/1/image"]) {
      const anonymous = await get(app, page);
      expect([anonymous.status, anonymous.headers.get("location")], page).toEqual([302, `/auth?redirectTo=${encodeURIComponent(page)}`]);
      const reader = await get(app, page, bob.cookie);
      expect(reader.status, page).toBe(404);
      expect(await reader.text(), page).not.toContain("Admin sections");
    }
    for (const intent of ["hide", "restore", "delete", "dismiss"]) {
      expect((await post(app, "/admin/reports", { intent, id: aliceReview }, { cookie: bob.cookie })).status, intent).toBe(404);
    }
    expect((await post(app, "/admin/proofs/1", { intent: "judge", verdict: "verify" }, { cookie: bob.cookie })).status).toBe(404);
    expect(await app.query("select hidden_at from reviews where id = $1", [aliceReview])).toEqual([{ hidden_at: null }]);
    expect(await app.query("select count(*)::int as n from review_reports where resolved_at is null")).toEqual([{ n: 2 }]);
    expect(await app.query("select count(*)::int as n from audit_log")).toEqual([{ n: 0 }]);
  });

  it("shows the editor the open reports on the dashboard and in the queue, grouped by review with reasons and counts", async () => {
    const dashboard = await plain(await get(app, "/admin", eddie.cookie));
    expect(dashboard).toMatch(/Open reports<\/p><p[^>]*>1<\/p>/);
    expect(dashboard).toContain('href="/admin/reports"');
    expect(dashboard).toContain('href="/admin/proofs"');

    const queue = await get(app, "/admin/reports", eddie.cookie);
    expect([queue.status, queue.headers.get("cache-control")]).toEqual([200, "private, no-store"]);
    const body = await plain(queue);
    expect(body.match(/data-reported-review="/g)).toHaveLength(1);
    expect(body).toContain(`data-reported-review="${aliceReview}"`);
    expect(body).toContain("2 reports");
    expect(body).toContain("Spam or advertising × 2");
    expect(body).toContain("Advertises a follower shop");
    expect(body).toContain("Buy cheap followers at spam.example");
    expect(body).toContain(alice.email);
    expect(body).toContain("Perplexity");
  });

  it("hides a review: it leaves the tool page, the rating summary and the JSON-LD at once; its author sees it marked; restore brings it back", async () => {
    const before = await publicPage(app);
    expect(before).toContain("Buy cheap followers");
    expect(aggregateOf(before)).toMatchObject({ ratingCount: 2, reviewCount: 2, ratingValue: 3 });
    await publicPage(app); // now served from the page cache

    const hide = await post(app, "/admin/reports", { intent: "hide", id: aliceReview }, { cookie: eddie.cookie });
    expect(hide.status).toBe(200);
    expect(await plain(hide)).toContain("Review hidden");
    const after = await publicPage(app);
    expect(after).not.toContain("Buy cheap followers");
    expect(aggregateOf(after)).toMatchObject({ ratingCount: 1, reviewCount: 1, ratingValue: 5 });
    expect(after).toContain("Reader reviews (1)");

    expect(await auditRows(app, "review.hide")).toEqual([
      { actor_email: eddie.email, target_id: aliceReview, before: { hidden: false }, after: { hidden: true, reportsResolved: 2 } },
    ]);
    expect(await app.query("select count(*)::int as n from review_reports where resolved_at is null")).toEqual([{ n: 0 }]);
    const queue = await plain(await get(app, "/admin/reports", eddie.cookie));
    expect(queue).not.toContain("data-reported-review=");
    expect(queue).toContain(`data-hidden-review="${aliceReview}"`);
    expect(await plain(await get(app, "/admin", eddie.cookie))).toMatch(/Open reports<\/p><p[^>]*>0<\/p>/);

    const profile = await plain(await get(app, "/my-reviews", alice.cookie));
    expect(profile).toContain("Hidden by a moderator");
    expect(profile).toContain("Buy cheap followers");
    expect(await plain(await get(app, "/my-reviews", bob.cookie))).not.toContain("Hidden by a moderator");
    expect((await post(app, "/admin/reports", { intent: "hide", id: aliceReview }, { cookie: eddie.cookie })).status).toBe(409);

    const restore = await post(app, "/admin/reports", { intent: "restore", id: aliceReview }, { cookie: eddie.cookie });
    expect(await plain(restore)).toContain("Review restored");
    const restored = await publicPage(app);
    expect(restored).toContain("Buy cheap followers");
    expect(aggregateOf(restored)).toMatchObject({ ratingCount: 2, reviewCount: 2 });
    expect(await auditRows(app, "review.restore")).toHaveLength(1);
    expect(await plain(await get(app, "/my-reviews", alice.cookie))).not.toContain("Hidden by a moderator");
  });

  it("dismisses reports: the review stays published and leaves the queue, and a second dismissal is refused", async () => {
    await post(app, `/tools/${TOOL}`, { intent: "report", id: bobReview, reason: "fake" }, { cookie: carol.cookie });
    expect(await plain(await get(app, "/admin/reports", eddie.cookie))).toContain(`data-reported-review="${bobReview}"`);
    const dismiss = await post(app, "/admin/reports", { intent: "dismiss", id: bobReview }, { cookie: eddie.cookie });
    expect([dismiss.status, (await plain(dismiss)).includes("Reports dismissed")]).toEqual([200, true]);
    expect(await plain(await get(app, "/admin/reports", eddie.cookie))).not.toContain(`data-reported-review="${bobReview}"`);
    expect(await publicPage(app)).toContain("I use it daily to check sources");
    expect(await auditRows(app, "review.dismiss")).toEqual([{ actor_email: eddie.email, target_id: bobReview, before: { openReports: 1 }, after: { openReports: 0 } }]);
    expect((await post(app, "/admin/reports", { intent: "dismiss", id: bobReview }, { cookie: eddie.cookie })).status).toBe(409);
  });

  it("deletes a review with its images: the files and rows go, the aggregates follow, the text stays in the audit log", async () => {
    const created = await multipart(
      app,
      `/tools/${TOOL}`,
      { intent: "review", rating: "2", comment: "Offensive words a moderator should remove.", files: [await screenshot(), "shot.png"] },
      carol.cookie,
    );
    expect(flashOf(created)).toBe("reviewSubmitted");
    const carolReview = await reviewIdOf(app, carol);
    const [{ images }] = (await app.query<{ images: string[] }>("select images from reviews where id = $1", [carolReview])) as [{ images: string[] }];
    const file = path.join(app.dataDir, "uploads", images[0]!.replace(/^\/uploads\//, ""));
    expect(existsSync(file)).toBe(true);
    expect(aggregateOf(await publicPage(app))).toMatchObject({ ratingCount: 3 });

    const removed = await post(app, "/admin/reports", { intent: "delete", id: carolReview }, { cookie: eddie.cookie });
    expect(await plain(removed)).toContain("Review deleted");
    expect(await app.query("select 1 from reviews where id = $1", [carolReview])).toHaveLength(0);
    expect(await app.query("select 1 from uploads where key = $1", [images[0]!.replace(/^\/uploads\//, "")])).toHaveLength(0);
    expect(existsSync(file)).toBe(false);
    expect((await app.request(images[0]!)).status).toBe(404);
    const page = await publicPage(app);
    expect(page).not.toContain("Offensive words");
    expect(aggregateOf(page)).toMatchObject({ ratingCount: 2 });
    const [audit] = await auditRows(app, "review.delete");
    expect(audit).toMatchObject({
      actor_email: eddie.email,
      target_id: carolReview,
      before: { comment: "Offensive words a moderator should remove.", author: carol.email, images: 1 },
    });
    expect((await post(app, "/admin/reports", { intent: "delete", id: carolReview }, { cookie: eddie.cookie })).status).toBe(404);
    // Ids no review can have are refused in words, never a database error.
    for (const id of ["abc", "-1", "1.5", "99999999999999999999"])
      expect((await post(app, "/admin/reports", { intent: "hide", id }, { cookie: eddie.cookie })).status, id).toBeLessThan(500);
    for (const id of ["0", "99999999999999999999", "1e3"]) expect((await get(app, `/admin/proofs/${id}`, eddie.cookie)).status, id).toBe(404);
  });

  it("lets an editor reply once under a review, editable and shown with the role; refuses readers, empty and long replies", async () => {
    const byReader = await post(app, `/tools/${TOOL}`, { intent: "reply", id: bobReview, body: "I am not an editor." }, { cookie: alice.cookie });
    expect(byReader.status).toBe(403);
    expect(await plain(byReader)).toContain("Only our editors and the tool");
    const anonymous = await post(app, `/tools/${TOOL}`, { intent: "reply", id: bobReview, body: "Hello" });
    expect(anonymous.status).toBe(302);
    expect((await post(app, `/tools/${TOOL}`, { intent: "reply", id: bobReview, body: "   " }, { cookie: eddie.cookie })).status).toBe(400);
    const long = await post(app, `/tools/${TOOL}`, { intent: "reply", id: bobReview, body: "x".repeat(1001) }, { cookie: eddie.cookie });
    expect([long.status, (await plain(long)).includes("Keep your reply to 1,000 characters")]).toEqual([400, true]);
    expect((await post(app, `/tools/${TOOL}`, { intent: "reply", id: "999999", body: "Where?" }, { cookie: eddie.cookie })).status).toBe(404);

    // Readers see no reply form; the editor does.
    expect(await plain(await get(app, `/tools/${TOOL}`, alice.cookie))).not.toContain("Reply publicly");
    expect(await plain(await get(app, `/tools/${TOOL}`, eddie.cookie))).toContain("Reply publicly");

    const first = await post(app, `/tools/${TOOL}`, { intent: "reply", id: bobReview, body: "Thanks, we added your tip to our guide." }, { cookie: eddie.cookie });
    expect([first.status, flashOf(first)]).toEqual([302, "replyPosted"]);
    let page = await publicPage(app);
    expect(page).toContain("Thanks, we added your tip to our guide.");
    expect(page).toMatch(/Eddie Editor <span[^>]*>Editor<\/span>/);

    const edit = await post(app, `/tools/${TOOL}`, { intent: "reply", id: bobReview, body: "Thanks: your tip is now in our guide." }, { cookie: eddie.cookie });
    expect(flashOf(edit)).toBe("replyUpdated");
    expect(await app.query("select body, role from review_replies")).toEqual([{ body: "Thanks: your tip is now in our guide.", role: "editor" }]);
    page = await publicPage(app);
    expect(page).toContain("Thanks: your tip is now in our guide.");
    expect(page).not.toContain("we added your tip");
    expect(await plain(await get(app, `/tools/${TOOL}`, eddie.cookie))).toContain("Edit your reply");
    expect(await auditRows(app, "review.reply")).toHaveLength(2);

    // No reply under a hidden review.
    await post(app, "/admin/reports", { intent: "hide", id: aliceReview }, { cookie: eddie.cookie });
    expect((await post(app, `/tools/${TOOL}`, { intent: "reply", id: aliceReview, body: "Hidden" }, { cookie: eddie.cookie })).status).toBe(404);
    await post(app, "/admin/reports", { intent: "restore", id: aliceReview }, { cookie: eddie.cookie });
  });

  it("takes a private proof of use from the author only, shows its image to editors only, and deletes it once judged", async () => {
    const notTheirs = await multipart(app, `/tools/${TOOL}`, { intent: "proof", id: bobReview, proof: [await screenshot(), "invoice.png"] }, alice.cookie);
    expect(notTheirs.status).toBe(403);
    const empty = await multipart(app, `/tools/${TOOL}`, { intent: "proof", id: bobReview, proof: [new Blob([]), ""] }, bob.cookie);
    expect([empty.status, (await plain(empty)).includes("Choose a screenshot to send")]).toEqual([400, true]);
    const notImage = await multipart(app, `/tools/${TOOL}`, { intent: "proof", id: bobReview, proof: [new Blob(["<svg/>"], { type: "image/png" }), "x.png"] }, bob.cookie);
    expect(notImage.status).toBe(400);

    const sent = await multipart(app, `/tools/${TOOL}`, { intent: "proof", id: bobReview, proof: [await screenshot(), "invoice.png"], redirectTo: "/my-reviews" }, bob.cookie);
    expect([sent.status, sent.headers.get("location"), flashOf(sent)]).toEqual([302, "/my-reviews", "proofSent"]);
    const [proof] = await app.query<{ id: number; key: string }>("select id, key from review_proofs where review_id = $1", [bobReview]);
    expect(proof!.key).toMatch(/^proofs\//);
    const file = path.join(app.dataDir, "uploads", proof!.key);
    expect(existsSync(file)).toBe(true);
    expect((await app.request(`/uploads/${proof!.key}`)).status).toBe(404);
    expect(await plain(await get(app, "/my-reviews", bob.cookie))).toContain("Proof of use sent: waiting for an editor");
    expect(await plain(await get(app, "/admin", eddie.cookie))).toMatch(/Proofs of use<\/p><p[^>]*>1<\/p>/);

    const image = `/admin/proofs/${proof!.id}/image`;
    for (const cookie of [bob.cookie, alice.cookie]) expect((await get(app, image, cookie)).status).toBe(404);
    const shown = await get(app, image, eddie.cookie);
    expect([shown.status, shown.headers.get("content-type"), shown.headers.get("cache-control")]).toEqual([200, "image/webp", "private, no-store"]);
    expect((await sharp(new Uint8Array(await shown.arrayBuffer())).metadata()).width).toBe(640);

    const queue = await plain(await get(app, "/admin/proofs", eddie.cookie));
    expect(queue).toContain(`data-proof="${proof!.id}"`);
    const detail = await plain(await get(app, `/admin/proofs/${proof!.id}`, eddie.cookie));
    expect(detail).toContain(`src="${image}"`);
    expect(detail).toContain("I use it daily to check sources");
    expect(detail).not.toContain(proof!.key);

    expect((await publicPage(app, "?verified=1")).includes("I use it daily")).toBe(false);
    const verify = await post(app, `/admin/proofs/${proof!.id}`, { intent: "judge", verdict: "verify" }, { cookie: eddie.cookie });
    expect([verify.status, verify.headers.get("location"), flashOf(verify)]).toEqual([302, "/admin/proofs", "reviewVerified"]);
    expect(await app.query("select 1 from review_proofs")).toHaveLength(0);
    expect(existsSync(file)).toBe(false);
    expect((await get(app, image, eddie.cookie)).status).toBe(404);
    expect(await app.query("select verified_at is not null as verified from reviews where id = $1", [bobReview])).toEqual([{ verified: true }]);
    // Watchers of the tool hear of it (decision 035): one change row, written with the verdict.
    const changes = await app.query<{ source: string; after: { reviewId: number; rating: number } }>("select source, after from tool_changes where kind = 'review-verified'");
    expect(changes.map((row) => [row.source, String(row.after.reviewId)])).toEqual([["review", String(bobReview)]]);
    expect(await auditRows(app, "review.verify")).toEqual([
      { actor_email: eddie.email, target_id: bobReview, before: { verified: false, proof: Number(proof!.id) }, after: { verified: true, proof: "deleted" } },
    ]);

    // The badge, and the server-side filter.
    const all = await publicPage(app);
    expect(all).toContain("Verified user");
    expect(all).toContain("Buy cheap followers");
    const verified = await publicPage(app, "?verified=1");
    expect(verified).toContain("I use it daily to check sources");
    expect(verified).not.toContain("Buy cheap followers");
    expect(verified).toContain("Verified users only (1)");
    // A verified review takes no second proof.
    expect((await multipart(app, `/tools/${TOOL}`, { intent: "proof", id: bobReview, proof: [await screenshot(), "again.png"] }, bob.cookie)).status).toBe(409);

    // A rejection deletes the proof and verifies nothing.
    await multipart(app, `/tools/${TOOL}`, { intent: "proof", id: aliceReview, proof: [await screenshot(), "mine.png"] }, alice.cookie);
    const [second] = await app.query<{ id: number; key: string }>("select id, key from review_proofs where review_id = $1", [aliceReview]);
    const reject = await post(app, `/admin/proofs/${second!.id}`, { intent: "judge", verdict: "reject" }, { cookie: eddie.cookie });
    expect([reject.status, flashOf(reject)]).toEqual([302, "proofRejected"]);
    expect(existsSync(path.join(app.dataDir, "uploads", second!.key))).toBe(false);
    expect(await app.query("select verified_at from reviews where id = $1", [aliceReview])).toEqual([{ verified_at: null }]);
    expect(await auditRows(app, "review.proof-reject")).toHaveLength(1);
    expect((await post(app, `/admin/proofs/${second!.id}`, { intent: "judge", verdict: "verify" }, { cookie: eddie.cookie })).status).toBe(404);
  });

  it("deletes a pending proof's file with its review and with its author's account", async () => {
    const dora = await createVerifiedUser(app, { name: "Dora Deleter" });
    await post(app, `/tools/${TOOL}`, { intent: "review", rating: "4", comment: "Handy for quick answers with sources." }, { cookie: dora.cookie });
    const sendProof = async () => {
      await multipart(app, `/tools/${TOOL}`, { intent: "proof", id: await reviewIdOf(app, dora), proof: [await screenshot(), "account.png"] }, dora.cookie);
      const [row] = await app.query<{ key: string }>("select p.key from review_proofs p join users u on u.id = p.user_id where u.email = $1", [dora.email]);
      return path.join(app.dataDir, "uploads", row!.key);
    };
    const first = await sendProof();
    const deleted = await post(app, `/tools/${TOOL}`, { intent: "delete-review", id: await reviewIdOf(app, dora) }, { cookie: dora.cookie });
    expect(flashOf(deleted)).toBe("reviewDeleted");
    expect(existsSync(first)).toBe(false);

    await post(app, `/tools/${TOOL}`, { intent: "review", rating: "4", comment: "Handy for quick answers with sources." }, { cookie: dora.cookie });
    const second = await sendProof();
    expect(existsSync(second)).toBe(true);
    const gone = await post(app, "/settings", { intent: "delete-account", password: dora.password, confirm: "DELETE" }, { cookie: dora.cookie });
    expect(gone.status).toBe(302);
    expect(existsSync(second)).toBe(false);
    expect(await app.query("select 1 from review_proofs")).toHaveLength(0);
  });
});
