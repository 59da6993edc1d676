import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import { cookiesFrom, createVerifiedUser, post, uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";

/**
 * Every community write as a plain HTML form post (no JavaScript): the same
 * write path as the JSON API, answered with a redirect back and a flash on
 * success, or the page with the message and what was typed on refusal.
 */

async function multipart(app: TestApp, pathname: string, fields: Record<string, string | Blob | [Blob, string]>, cookie: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) form.append(name, value[0], value[1]);
    else form.append(name, value);
  }
  return app.request(pathname, { method: "POST", body: form, headers: { Cookie: cookie, "X-Forwarded-For": uniqueIp() } });
}

const flashOf = (response: Response) => cookiesFrom(response)["atlas.flash"];

describeEachBackend("community writes without JavaScript", (app) => {
  let alice: { cookie: string; email: string };
  let bob: { cookie: string; email: string };
  beforeAll(async () => {
    alice = await createVerifiedUser(app, { name: "Alice Forms" });
    bob = await createVerifiedUser(app, { name: "Bob Forms" });
  });

  it("sends an anonymous form post to sign in, returning to the page the form was on", async () => {
    const response = await post(app, "/tools/midjourney", { intent: "favorite", favorite: "true", redirectTo: "/tools?category=image-generation" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent("/tools?category=image-generation")}`);
  });

  it("saves and removes a favourite from any page's card, back to that page with the message", async () => {
    const added = await post(app, "/tools/midjourney", { intent: "favorite", favorite: "true", redirectTo: "/tools" }, { cookie: alice.cookie });
    expect([added.status, added.headers.get("location"), flashOf(added)]).toEqual([302, "/tools", "favoriteAdded"]);
    const rows = () =>
      app.query("select 1 from favorites f join tools t on t.id = f.tool_id join users u on u.id = f.user_id where t.slug = 'midjourney' and u.email = $1", [alice.email]);
    expect(await rows()).toHaveLength(1);
    // The flash is shown once on the next page, then cleared.
    const next = await app.request("/tools", { headers: { Cookie: `${alice.cookie}; atlas.flash=favoriteAdded` } });
    expect(await next.text()).toContain("Added to favorites");
    expect(next.headers.getSetCookie().some((line) => /^atlas\.flash=;/.test(line))).toBe(true);

    const removed = await post(app, "/tools/midjourney", { intent: "favorite", favorite: "false", redirectTo: "//evil.example/" }, { cookie: alice.cookie });
    // An unsafe redirectTo falls back to the tool page itself.
    expect([removed.status, removed.headers.get("location"), flashOf(removed)]).toEqual([302, "/tools/midjourney", "favoriteRemoved"]);
    expect(await rows()).toHaveLength(0);
  });

  it("writes a review with an image in one multipart post, and keeps what was typed when it is refused", async () => {
    const image = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#2255aa" } })
      .png()
      .toBuffer();
    const refused = await multipart(app, "/tools/canva", { intent: "review", rating: "4", comment: "   " }, alice.cookie);
    expect(refused.status).toBe(400);
    const page = (await refused.text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Review content required");
    const stars = page.match(/<input[^>]*name="rating"[^>]*>/g) ?? [];
    expect(stars.some((tag) => tag.includes('value="4"') && tag.includes('checked=""'))).toBe(true);

    const unrated = await multipart(app, "/tools/canva", { intent: "review", comment: "Kept text after a refusal." }, alice.cookie);
    expect(unrated.status).toBe(400);
    expect(await unrated.text()).toContain("Kept text after a refusal.");

    const svg = await multipart(
      app,
      "/tools/canva",
      { intent: "review", rating: "4", comment: "With a bad file", files: [new Blob(["<svg/>"], { type: "image/svg+xml" }), "x.svg"] },
      alice.cookie,
    );
    expect(svg.status).toBe(400);
    expect(await svg.text()).toContain("Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.");
    expect(await app.query("select 1 from reviews r join tools t on t.id = r.tool_id where t.slug = 'canva'")).toHaveLength(0);

    const created = await multipart(
      app,
      "/tools/canva",
      {
        intent: "review",
        rating: "4",
        comment: "I made our event posters with it in an afternoon.",
        files: [new Blob([new Uint8Array(image)], { type: "image/png" }), "poster.png"],
      },
      alice.cookie,
    );
    expect([created.status, created.headers.get("location"), flashOf(created)]).toEqual([302, "/tools/canva#reviews", "reviewSubmitted"]);
    const [row] = await app.query<{ rating: number; images: string[] }>("select r.rating, r.images from reviews r join tools t on t.id = r.tool_id where t.slug = 'canva'");
    expect(row!.rating).toBe(4);
    expect(row!.images).toHaveLength(1);
    expect((await app.request(row!.images[0]!)).headers.get("content-type")).toBe("image/webp");

    // Editing keeps the image it names and says so.
    const edited = await multipart(app, "/tools/canva", { intent: "review", rating: "5", comment: "Still my go-to for posters.", images: row!.images[0]! }, alice.cookie);
    expect(flashOf(edited)).toBe("reviewUpdated");
    expect((await app.query<{ images: string[] }>("select r.images from reviews r join tools t on t.id = r.tool_id where t.slug = 'canva'"))[0]!.images).toEqual(row!.images);
  });

  it("votes, reports and deletes through forms, with ownership checked on the server", async () => {
    const [review] = await app.query<{ id: number }>("select r.id from reviews r join tools t on t.id = r.tool_id where t.slug = 'canva'");
    const id = String(review!.id);

    const own = await post(app, "/tools/canva", { intent: "helpful", id }, { cookie: alice.cookie });
    expect(own.status).toBe(403);
    expect(await own.text()).toContain("You cannot vote on your own review.");
    const vote = await post(app, "/tools/canva", { intent: "helpful", id }, { cookie: bob.cookie });
    expect([vote.status, flashOf(vote)]).toEqual([302, "helpfulVoted"]);
    expect(await app.query("select helpful_count from reviews where id = $1", [id])).toEqual([{ helpful_count: 1 }]);

    const report = await post(app, "/tools/canva", { intent: "report", id, reason: "spam", details: "Reads like an ad" }, { cookie: bob.cookie });
    expect([report.status, flashOf(report)]).toEqual([302, "reviewReported"]);
    expect(await app.query("select reason from review_reports where review_id = $1", [id])).toEqual([{ reason: "spam: Reads like an ad" }]);

    const notTheirs = await post(app, "/tools/canva", { intent: "delete-review", id }, { cookie: bob.cookie });
    expect(notTheirs.status).toBe(403);
    expect(await notTheirs.text()).toContain("You can only change your own reviews.");
    const missing = await post(app, "/tools/canva", { intent: "delete-review", id: "999999" }, { cookie: bob.cookie });
    expect(missing.status).toBe(404);
    const deleted = await post(app, "/tools/canva", { intent: "delete-review", id }, { cookie: alice.cookie });
    expect([deleted.status, flashOf(deleted)]).toEqual([302, "reviewDeleted"]);
    expect(await app.query("select 1 from reviews where id = $1", [id])).toHaveLength(0);
  });

  it("rates, reacts and leaves a note through forms", async () => {
    const rating = await post(app, "/tools/notion-ai", { intent: "rating", rating: "3" }, { cookie: bob.cookie });
    expect(flashOf(rating)).toBe("ratingSaved");
    const noStars = await post(app, "/tools/notion-ai", { intent: "rating" }, { cookie: bob.cookie });
    expect(noStars.status).toBe(400);
    expect(await noStars.text()).toContain("Please select a star rating.");
    const like = await post(app, "/tools/notion-ai", { intent: "reaction", value: "1" }, { cookie: bob.cookie });
    expect(flashOf(like)).toBe("feedbackThanksPositive");
    const note = await post(app, "/tools/notion-ai", { intent: "note", body: "Good for meeting notes.", redirectTo: "/tools/chatgpt#similar-heading" }, { cookie: bob.cookie });
    expect([note.headers.get("location"), flashOf(note)]).toEqual(["/tools/chatgpt#similar-heading", "commentSubmitted"]);
    expect(await app.query("select body from tool_notes n join tools t on t.id = n.tool_id where t.slug = 'notion-ai'")).toEqual([{ body: "Good for meeting notes." }]);
  });

  it("refuses an unknown intent and a wrong method without a 500", async () => {
    const unknown = await post(app, "/tools/notion-ai", { intent: "launch-rockets" }, { cookie: bob.cookie });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Unknown request");
    const put = await app.request("/api/favorites", { method: "PUT", headers: { Cookie: bob.cookie } });
    expect(put.status).toBe(405);
    // The one error type's answer (utils/errors.server.ts), not a text of its own.
    expect([put.headers.get("allow"), put.headers.get("cache-control")]).toEqual(["POST", "private, no-store"]);
    expect(await put.json()).toMatchObject({ ok: false, code: "METHOD_NOT_ALLOWED" });
  });
});
