import { beforeAll, expect, it } from "vitest";
import { cookiesFrom, createVerifiedUser, get, post } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";

/**
 * Makers who claimed a listing reply under its reviews as the maker (issue 45, decisions 023 and 082): a verified
 * claim is enough; no claim, a pending one, a lapsed one or a revoked one is not (refused with the reply's own
 * message, never a 500), and a reply written while the claim held stays on the page.
 */
type User = Awaited<ReturnType<typeof createVerifiedUser>>;

const TOOL = "perplexity-ai";
const flashOf = (response: Response) => cookiesFrom(response)["atlas.flash"];
const plain = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

/** A claim in the state a test needs, written as the claim flow leaves it (tool-claims.test.ts runs the flow itself). */
async function claim(app: TestApp, user: User, status: "pending" | "verified") {
  const [row] = await app.query<{ id: number }>(
    `insert into tool_claims (tool_id, user_id, method, domain, nonce, status, verified_at, last_checked_at)
     select t.id, u.id, 'dns', 'perplexity.ai', md5(random()::text), $3, case when $3 = 'verified' then now() end, case when $3 = 'verified' then now() end
     from tools t, users u where t.slug = $1 and u.email = $2 returning id`,
    [TOOL, user.email, status],
  );
  return Number(row!.id);
}

describeEachBackend("replies by makers who claimed the tool", (app) => {
  let reader: User; // writes the review
  let stranger: User; // no claim
  let pending: User; // a claim not yet verified
  let maker: User; // a verified claim, lapsed later
  let other: User; // a verified claim, revoked later by the owner
  let owner: User;
  let reviewId: string;
  let otherClaim: number;

  beforeAll(async () => {
    [reader, stranger, pending, maker, other, owner] = await Promise.all([
      createVerifiedUser(app, { name: "Rita Reader" }),
      createVerifiedUser(app, { name: "Sam Stranger" }),
      createVerifiedUser(app, { name: "Pat Pending" }),
      createVerifiedUser(app, { name: "Mia Maker" }),
      createVerifiedUser(app, { name: "Otto Other" }),
      createVerifiedUser(app, { name: "Olga Owner" }),
    ]);
    await app.query("update users set role = 'owner' where email = $1", [owner.email]);
    const review = await post(
      app,
      `/tools/${TOOL}`,
      { intent: "review", rating: "4", comment: "Good answers, but the citations sometimes point to the wrong page." },
      { cookie: reader.cookie },
    );
    expect(flashOf(review)).toBe("reviewSubmitted");
    reviewId = String((await app.query<{ id: number }>("select r.id from reviews r join users u on u.id = r.user_id where u.email = $1", [reader.email]))[0]!.id);
    await claim(app, pending, "pending");
    await claim(app, maker, "verified");
    otherClaim = await claim(app, other, "verified");
  });

  it("refuses a reader without a claim, and one whose claim is only pending, with the reply's message", async () => {
    for (const who of [stranger, pending]) {
      const refused = await post(app, `/tools/${TOOL}`, { intent: "reply", id: reviewId, body: "We are the makers, honest." }, { cookie: who.cookie });
      expect(refused.status, who.name).toBe(403);
      expect(await plain(refused), who.name).toContain("Only our editors and the tool&#x27;s maker can reply to reviews.");
      expect(await plain(await get(app, `/tools/${TOOL}`, who.cookie)), who.name).not.toContain("Reply publicly");
    }
    expect(await app.query("select 1 from review_replies")).toHaveLength(0);
  });

  it("lets a maker with a verified claim reply, shown on the tool page with the Maker label", async () => {
    expect(await plain(await get(app, `/tools/${TOOL}`, maker.cookie))).toContain("Reply publicly");
    const replied = await post(app, `/tools/${TOOL}`, { intent: "reply", id: reviewId, body: "Thanks: citations now open at the quoted passage." }, { cookie: maker.cookie });
    expect([replied.status, flashOf(replied)]).toEqual([302, "replyPosted"]);
    expect(await app.query("select body, role from review_replies")).toEqual([{ body: "Thanks: citations now open at the quoted passage.", role: "maker" }]);
    const page = await plain(await app.request(`/tools/${TOOL}`));
    expect(page).toContain("Thanks: citations now open at the quoted passage.");
    expect(page).toMatch(/Mia Maker <span[^>]*>Maker<\/span>/);
  });

  it("stops a lapsed claim's maker from replying or editing; the reply already written stays", async () => {
    await app.query("update tool_claims set status = 'lapsed', lapsed_at = now() where user_id = (select id from users where email = $1)", [maker.email]);
    const edit = await post(app, `/tools/${TOOL}`, { intent: "reply", id: reviewId, body: "Edited after the claim lapsed." }, { cookie: maker.cookie });
    expect(edit.status).toBe(403);
    expect(await plain(edit)).toContain("Only our editors and the tool&#x27;s maker can reply to reviews.");
    expect(await app.query("select body, role from review_replies")).toEqual([{ body: "Thanks: citations now open at the quoted passage.", role: "maker" }]);
    expect(await plain(await app.request(`/tools/${TOOL}`))).toContain("Thanks: citations now open at the quoted passage.");
  });

  it("stops a revoked claim's maker from replying, the form gone from their page at once", async () => {
    expect(await plain(await get(app, `/tools/${TOOL}`, other.cookie))).toContain("Reply publicly");
    const revoked = await post(app, "/admin/claims", { intent: "revoke", id: String(otherClaim) }, { cookie: owner.cookie });
    expect(revoked.status).toBe(200);
    const refused = await post(app, `/tools/${TOOL}`, { intent: "reply", id: reviewId, body: "Still the makers." }, { cookie: other.cookie });
    expect(refused.status).toBe(403);
    expect(await plain(await get(app, `/tools/${TOOL}`, other.cookie))).not.toContain("Reply publicly");
    expect(await app.query("select count(*)::int as n from review_replies")).toEqual([{ n: 1 }]);
  });
});
