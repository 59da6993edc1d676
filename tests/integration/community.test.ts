import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import { createVerifiedUser, post, uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";

type Api = { ok: boolean; toast: { title: string; description?: string }; data?: Record<string, unknown>; field?: string };

async function api(app: TestApp, method: string, pathname: string, body: unknown, cookie?: string) {
  const response = await app.request(pathname, {
    method,
    headers: { "Content-Type": "application/json", "X-Forwarded-For": uniqueIp(), ...(cookie ? { Cookie: cookie } : {}) },
    body: method === "GET" ? undefined : JSON.stringify(body ?? {}),
  });
  return { status: response.status, body: (await response.json()) as Api };
}

async function upload(app: TestApp, cookie: string, bytes: Uint8Array | Buffer, name: string, type: string) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type }), name);
  // The multipart body as bytes, as a socket delivers it: a FormData body is streamed by undici's own generator, which
  // enqueues into the request's stream after the server has stopped reading an oversized upload and closed it (an
  // unhandled "ReadableStream is already closed" in this process, CI of 2026-12-03), a state no real client reaches.
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const headers = { Cookie: cookie, "X-Forwarded-For": uniqueIp(), "Content-Type": encoded.headers.get("content-type")! };
  const response = await app.request("/api/uploads", { method: "POST", body, headers });
  return { status: response.status, body: (await response.json()) as Api };
}

const png = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: "#3366aa" } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: "exif-marker-in-upload", Make: "SecretCam" } } })
    .toBuffer();

/** The AggregateRating in the page's JSON-LD, or undefined when the page has none. */
async function aggregateRatingOf(app: TestApp, slug: string) {
  const { body } = await app.html(`/tools/${slug}`);
  const blocks = [...body.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!));
  return blocks.find((block) => block["@type"] === "SoftwareApplication")?.aggregateRating as Record<string, number> | undefined;
}

async function storedAggregate(app: TestApp, slug: string) {
  const [row] = await app.query<{ n: number; avg: string | null; written: number }>(
    "select count(*)::int as n, round(avg(r.rating)::numeric, 1)::text as avg, count(*) filter (where r.comment <> '')::int as written from reviews r join tools t on t.id = r.tool_id where t.slug = $1",
    [slug],
  );
  return row!;
}

describeEachBackend("community: favourites, reviews, images, votes", (app) => {
  let alice: Awaited<ReturnType<typeof createVerifiedUser>>;
  let bob: Awaited<ReturnType<typeof createVerifiedUser>>;
  beforeAll(async () => {
    alice = await createVerifiedUser(app, { name: "Alice Reviewer" });
    bob = await createVerifiedUser(app, { name: "Bob Voter" });
  });

  it("asks anonymous visitors to sign in, in the spec's words", async () => {
    const favorite = await api(app, "POST", "/api/favorites", { toolSlug: "chatgpt", favorite: true });
    expect(favorite.status).toBe(401);
    expect(favorite.body.toast).toEqual({ title: "Authentication required", description: "Please sign in to bookmark tools.", variant: "destructive" });
    const review = await api(app, "POST", "/api/reviews", { toolSlug: "chatgpt", rating: 5, comment: "Hi" });
    expect(review.body.toast.description).toBe("Please sign in to write a review.");
    expect((await api(app, "POST", "/api/tools/chatgpt/feedback", { kind: "reaction", value: 1 })).status).toBe(401);
  });

  it("saves and removes favourites, shown on the profile with the date added", async () => {
    const added = await api(app, "POST", "/api/favorites", { toolSlug: "midjourney", favorite: true }, alice.cookie);
    expect(added.body).toMatchObject({ ok: true, toast: { title: "Added to favorites", description: "The tool has been saved to your favorites." } });
    await api(app, "POST", "/api/favorites", { toolSlug: "midjourney", favorite: true }, alice.cookie);
    const { body } = await app.request("/favorites", { headers: { Cookie: alice.cookie } }).then(async (r) => ({ body: await r.text() }));
    expect(body).toContain("Favorites (1)");
    expect(body).toContain("Midjourney");
    expect(body).toContain("Added to favorites");
    expect((await app.html("/tools/midjourney")).body).toContain("Add to Favorites");
    const page = await app.request("/tools/midjourney", { headers: { Cookie: alice.cookie } });
    expect(await page.text()).toContain("Favorited");
    const removed = await api(app, "POST", "/api/favorites", { toolSlug: "midjourney", favorite: false }, alice.cookie);
    expect(removed.body.toast.title).toBe("Removed from favorites");
    expect(await app.query("select 1 from favorites f join users u on u.id = f.user_id where u.email = $1", [alice.email])).toHaveLength(0);
    expect((await api(app, "POST", "/api/favorites", { toolSlug: "no-such-tool", favorite: true }, alice.cookie)).status).toBe(404);
  });

  it("validates reviews on the server with the spec's messages", async () => {
    const cases: [unknown, number, string][] = [
      [{ toolSlug: "claude-ai", rating: 0, comment: "Fine" }, 400, "Rating required"],
      [{ toolSlug: "claude-ai", rating: 4, comment: "   " }, 400, "Review content required"],
      [{ toolSlug: "claude-ai", rating: 4, comment: "x".repeat(501) }, 400, "Review too long"],
      [{ toolSlug: "claude-ai", rating: 9, comment: "Fine" }, 400, "Invalid request"],
      [
        { toolSlug: "claude-ai", rating: 4, comment: "Fine", images: ["/uploads/reviews/a.webp", "/uploads/reviews/b.webp", "/uploads/reviews/c.webp", "/uploads/reviews/d.webp"] },
        400,
        "Too many images",
      ],
    ];
    for (const [body, status, title] of cases) {
      const result = await api(app, "POST", "/api/reviews", body, alice.cookie);
      expect([result.status, result.body.toast.title], JSON.stringify(body).slice(0, 60)).toEqual([status, title]);
    }
    expect(await app.query("select 1 from reviews r join tools t on t.id = r.tool_id where t.slug = 'claude-ai'")).toHaveLength(0);
  });

  it("checks upload bytes, not names: renamed executables, HTML and SVG are refused; images are re-encoded without EXIF", async () => {
    const html = await upload(app, alice.cookie, Buffer.from("<!doctype html><script>alert(1)</script>"), "photo.png", "image/png");
    expect([html.status, html.body.toast.description]).toEqual([400, "Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed."]);
    const elf = await upload(app, alice.cookie, Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(2000)]), "holiday.jpg", "image/jpeg");
    expect(elf.body.toast.description).toBe("Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.");
    const svg = await upload(app, alice.cookie, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), "logo.svg", "image/svg+xml");
    expect(svg.body.toast.description).toBe("Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.");
    const extension = await upload(app, alice.cookie, await png(), "shot.exe", "image/png");
    expect(extension.body.toast.description).toBe("Invalid file extension");
    const big = await upload(app, alice.cookie, Buffer.alloc(6 * 1024 * 1024, 1), "big.png", "image/png");
    expect([big.status, big.body.toast.description]).toEqual([413, "File size too large. Maximum size is 5MB."]);
    // A small file that decodes to 48 megapixels is a decompression bomb.
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(5 * 1024 * 1024);
    const refused = await upload(app, alice.cookie, bomb, "bomb.png", "image/png");
    expect(refused.status).toBe(400);
    expect(await app.query("select 1 from uploads u join users x on x.id = u.user_id where x.email = $1", [alice.email])).toHaveLength(0);

    const ok = await upload(app, alice.cookie, await png(2400, 1200), "screen.png", "image/png");
    expect(ok.status).toBe(201);
    const url = ok.body.data!.url as string;
    expect(url).toMatch(/^\/uploads\/reviews\/[a-f0-9]{32}-\d{13}\.webp$/);
    const served = await app.request(url);
    expect(served.headers.get("cache-control")).toBe("public, max-age=3600");
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1600, height: 800 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes("exif-marker-in-upload")).toBe(false);
    expect(bytes.includes("SecretCam")).toBe(false);
  });

  it("keeps aggregates equal to the stored rows through create, edit and delete; none means none", async () => {
    expect(await aggregateRatingOf(app, "jasper-ai")).toBeUndefined();
    expect((await app.html("/tools/jasper-ai")).body).toContain("No ratings from readers yet");

    const image1 = (await upload(app, alice.cookie, await png(), "a.png", "image/png")).body.data!.url as string;
    const image2 = (await upload(app, alice.cookie, await png(), "b.png", "image/png")).body.data!.url as string;
    const created = await api(
      app,
      "POST",
      "/api/reviews",
      { toolSlug: "jasper-ai", rating: 5, comment: "I wrote three landing pages with it.", images: [image1, image2] },
      alice.cookie,
    );
    expect([created.status, created.body.toast.title]).toEqual([201, "Review submitted!"]);
    const bobReview = await api(app, "POST", "/api/reviews", { toolSlug: "jasper-ai", rating: 2, comment: "My drafts needed heavy editing." }, bob.cookie);
    expect(bobReview.status).toBe(201);

    let stored = await storedAggregate(app, "jasper-ai");
    expect(stored).toEqual({ n: 2, avg: "3.5", written: 2 });
    expect(await aggregateRatingOf(app, "jasper-ai")).toMatchObject({ ratingValue: 3.5, ratingCount: 2, reviewCount: 2 });
    const page = (await app.html("/tools/jasper-ai")).body;
    expect(page).toContain("Reader reviews (2)");
    expect(page).toContain("2 ratings · 2 written reviews");
    expect(page).toContain("I wrote three landing pages with it.");
    expect(page).toContain(image1);

    // Writing again edits the one review (and can drop an image, whose file goes too).
    const edited = await api(
      app,
      "POST",
      "/api/reviews",
      { toolSlug: "jasper-ai", rating: 4, comment: "I wrote three landing pages; one needed rework.", images: [image1] },
      alice.cookie,
    );
    expect([edited.status, edited.body.toast.title]).toEqual([200, "Review updated"]);
    expect(existsSync(path.join(app.dataDir, image2.replace(/^\//, "")))).toBe(false);
    stored = await storedAggregate(app, "jasper-ai");
    expect(stored).toEqual({ n: 2, avg: "3.0", written: 2 });
    expect(await aggregateRatingOf(app, "jasper-ai")).toMatchObject({ ratingValue: 3, ratingCount: 2 });

    // A rating from the rating card counts in the average but is not a written review.
    const carol = await createVerifiedUser(app, { name: "Carol Rater" });
    expect((await api(app, "POST", "/api/tools/jasper-ai/feedback", { kind: "rating", rating: 5 }, carol.cookie)).body.toast.title).toBe("Thanks for rating!");
    expect(await storedAggregate(app, "jasper-ai")).toEqual({ n: 3, avg: "3.7", written: 2 });
    expect(await aggregateRatingOf(app, "jasper-ai")).toMatchObject({ ratingValue: 3.7, ratingCount: 3, reviewCount: 2 });

    const [{ id: bobId }] = (await app.query<{ id: number }>("select r.id::int as id from reviews r join users u on u.id = r.user_id where u.email = $1", [bob.email])) as [
      { id: number },
    ];
    expect((await api(app, "DELETE", `/api/reviews/${bobId}`, {}, bob.cookie)).body.toast.title).toBe("Review deleted");
    expect(await storedAggregate(app, "jasper-ai")).toEqual({ n: 2, avg: "4.5", written: 1 });
    expect(await aggregateRatingOf(app, "jasper-ai")).toMatchObject({ ratingValue: 4.5, ratingCount: 2, reviewCount: 1 });
  });

  it("never lets a second user edit, delete or vote twice, nor attach someone else's image", async () => {
    const aliceImage = (await upload(app, alice.cookie, await png(), "mine.png", "image/png")).body.data!.url as string;
    await api(app, "POST", "/api/reviews", { toolSlug: "claude-ai", rating: 5, comment: "I use it for long documents." }, alice.cookie);
    const [{ id }] = (await app.query<{ id: number }>(
      "select r.id::int as id from reviews r join users u on u.id = r.user_id join tools t on t.id = r.tool_id where u.email = $1 and t.slug = 'claude-ai'",
      [alice.email],
    )) as [{ id: number }];

    const deleteOther = await api(app, "DELETE", `/api/reviews/${id}`, {}, bob.cookie);
    expect([deleteOther.status, deleteOther.body.toast.description]).toEqual([403, "You can only change your own reviews."]);
    const stolen = await api(app, "POST", "/api/reviews", { toolSlug: "claude-ai", rating: 1, comment: "Mine now", images: [aliceImage] }, bob.cookie);
    expect(stolen.status).toBe(400);
    // Bob "editing" only ever writes his own review.
    await api(app, "POST", "/api/reviews", { toolSlug: "claude-ai", rating: 1, comment: "My own view." }, bob.cookie);
    const [aliceRow] = await app.query<{ rating: number; comment: string }>("select rating, comment from reviews where id = $1", [id]);
    expect(aliceRow).toEqual({ rating: 5, comment: "I use it for long documents." });

    const own = await api(app, "POST", `/api/reviews/${id}/helpful`, {}, alice.cookie);
    expect([own.status, own.body.toast.description]).toEqual([403, "You cannot vote on your own review."]);
    const first = await api(app, "POST", `/api/reviews/${id}/helpful`, {}, bob.cookie);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ helpfulCount: 1 });
    const second = await api(app, "POST", `/api/reviews/${id}/helpful`, {}, bob.cookie);
    expect(second.status).toBe(409);
    const [counted] = await app.query<{ helpful_count: number }>("select helpful_count from reviews where id = $1", [id]);
    expect(counted!.helpful_count).toBe(1);
    expect((await app.html("/tools/claude-ai")).body).toContain("1 person found this helpful");

    const report = await api(app, "POST", `/api/reviews/${id}/report`, { reason: "spam", details: "Looks copied" }, bob.cookie);
    expect(report.body.toast.title).toBe("Review reported");
    expect(await app.query("select reason from review_reports where review_id = $1", [id])).toEqual([{ reason: "spam: Looks copied" }]);
    expect((await api(app, "POST", `/api/reviews/${id}/report`, { reason: "nonsense" }, bob.cookie)).status).toBe(400);
    expect((await api(app, "DELETE", "/api/reviews/999999", {}, bob.cookie)).status).toBe(404);
  });

  it("stores one like or dislike per user and tool, and comments as notes without a rating", async () => {
    const like = await api(app, "POST", "/api/tools/notion-ai/feedback", { kind: "reaction", value: 1 }, alice.cookie);
    expect(like.body.toast).toMatchObject({ title: "Thanks for your feedback!", description: "Your positive feedback has been recorded." });
    await api(app, "POST", "/api/tools/notion-ai/feedback", { kind: "reaction", value: -1 }, alice.cookie);
    const rows = await app.query<{ value: number }>("select value from tool_reactions r join tools t on t.id = r.tool_id where t.slug = 'notion-ai'");
    expect(rows).toEqual([{ value: -1 }]);
    await api(app, "POST", "/api/tools/notion-ai/feedback", { kind: "reaction", value: 0 }, alice.cookie);
    expect(await app.query("select 1 from tool_reactions r join tools t on t.id = r.tool_id where t.slug = 'notion-ai'")).toHaveLength(0);

    const empty = await api(app, "POST", "/api/tools/notion-ai/feedback", { kind: "note", body: "   " }, alice.cookie);
    expect([empty.status, empty.body.toast.title, empty.body.toast.description]).toEqual([400, "Empty comment", "Please enter some text before submitting your comment."]);
    const note = await api(app, "POST", "/api/tools/notion-ai/feedback", { kind: "note", body: "Handy for meeting notes." }, alice.cookie);
    expect(note.body.toast.title).toBe("Comment submitted!");
    const page = (await app.html("/tools/notion-ai")).body;
    expect(page).toContain("Notes from readers");
    expect(page).toContain("Handy for meeting notes.");
    expect(await aggregateRatingOf(app, "notion-ai")).toBeUndefined();
  });

  it("puts a reader's votes, reports, likes and notes in their own data export, and nobody else's", async () => {
    const author = await createVerifiedUser(app, { name: "Export Author" });
    const reader = await createVerifiedUser(app, { name: "Export Reader" });
    const other = await createVerifiedUser(app, { name: "Export Other" });
    await api(app, "POST", "/api/reviews", { toolSlug: "perplexity-ai", rating: 4, comment: "Good for sourced answers." }, author.cookie);
    const [{ id }] = (await app.query<{ id: number }>(
      "select r.id::int as id from reviews r join users u on u.id = r.user_id join tools t on t.id = r.tool_id where u.email = $1 and t.slug = 'perplexity-ai'",
      [author.email],
    )) as [{ id: number }];
    await api(app, "POST", `/api/reviews/${id}/helpful`, {}, reader.cookie);
    await api(app, "POST", `/api/reviews/${id}/report`, { reason: "spam", details: "Export check" }, reader.cookie);
    await api(app, "POST", "/api/tools/perplexity-ai/feedback", { kind: "reaction", value: -1 }, reader.cookie);
    await api(app, "POST", "/api/tools/perplexity-ai/feedback", { kind: "note", body: "Export note from the reader." }, reader.cookie);
    await api(app, "POST", "/api/tools/perplexity-ai/feedback", { kind: "note", body: "Someone else's note." }, other.cookie);

    const exported = await (await app.request("/settings/export", { headers: { Cookie: reader.cookie } })).json();
    expect(exported.helpfulVotes).toEqual([{ review: id, tool: "perplexity-ai", votedAt: expect.any(String) }]);
    expect(exported.reviewReports).toEqual([{ review: id, tool: "perplexity-ai", reason: "spam: Export check", reportedAt: expect.any(String) }]);
    expect(exported.toolReactions).toEqual([{ tool: "perplexity-ai", reaction: "dislike", updatedAt: expect.any(String) }]);
    expect(exported.toolNotes).toEqual([{ tool: "perplexity-ai", body: "Export note from the reader.", createdAt: expect.any(String) }]);
    expect([exported.newsletter, exported.contactMessages]).toEqual([null, []]);
    expect(JSON.stringify(exported)).not.toContain("Someone else's note");
  });

  it("lists written reviews newest first, five to a page", async () => {
    for (let index = 1; index <= 7; index++) {
      const user = await createVerifiedUser(app, { name: `Pager ${index}` });
      await api(app, "POST", "/api/reviews", { toolSlug: "copy-ai", rating: (index % 5) + 1, comment: `Review number ${index}` }, user.cookie);
    }
    const first = (await app.html("/tools/copy-ai")).body;
    expect(first).toContain("Reader reviews (7)");
    expect(first).toContain("Page 1 of 2");
    expect(first.indexOf("Review number 7")).toBeLessThan(first.indexOf("Review number 3"));
    expect(first).not.toContain("Review number 2");
    const second = (await app.html("/tools/copy-ai?reviews=2")).body;
    expect(second).toContain("Page 2 of 2");
    expect(second).toContain("Review number 2");
    expect(second).toContain("Review number 1");
    expect(second).not.toContain("Review number 3");
    // Out-of-range pages fall back to the last one instead of failing.
    expect((await app.html("/tools/copy-ai?reviews=99")).body).toContain("Page 2 of 2");
  });

  it("rate-limits review writes", async () => {
    const dave = await createVerifiedUser(app, { name: "Dave Spammer" });
    const statuses: number[] = [];
    for (let index = 0; index < 11; index++) {
      statuses.push((await api(app, "POST", "/api/reviews", { toolSlug: "perplexity-ai", rating: 3, comment: `Attempt ${index}` }, dave.cookie)).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 200 || status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("answers a form post from another site with 403 and no write", async () => {
    const response = await post(app, "/api/favorites", { toolSlug: "chatgpt" }, { cookie: alice.cookie, origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });
});
