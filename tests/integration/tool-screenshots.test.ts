import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import { cookiesFrom, createVerifiedUser, get, post, uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { MESSAGES } from "~/lib/messages";
import { formatLongDate } from "~/lib/ui/dates";

/**
 * Tools' screenshots (issue 29, decision 048): editors add them in /admin/screenshots/<slug> through the review
 * images' checks, and the tool page shows them at once, page cache or not, in a gallery of plain links with the alt
 * text, the caption and the JSON-LD `image`. Readers and strangers cannot add any; a tool has at most six; the gallery
 * is absent (not empty) while a tool has none; a screenshot outlives the account of the editor who added it. An image
 * under 640×360 or beyond 3:1 is refused; each screenshot says when it was added and who made it (issue 41, decision 063).
 */

const TOOL = "beautiful-ai";
const ADMIN = `/admin/screenshots/${TOOL}`;
const PAGE = `/tools/${TOOL}`;
type User = Awaited<ReturnType<typeof createVerifiedUser>>;
type Fields = Record<string, string | [Blob, string]>;
/** Today as the gallery dates a screenshot added now (UTC). */
const today = () => new Date().toISOString().slice(0, 10);

/** A multipart post as a browser without JavaScript sends it. */
function multipart(app: TestApp, pathname: string, fields: Fields, cookie?: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) form.append(name, value[0], value[1]);
    else form.append(name, value);
  }
  return app.request(pathname, { method: "POST", body: form, headers: { ...(cookie ? { Cookie: cookie } : {}), "X-Forwarded-For": uniqueIp() } });
}

/** A JPEG with a camera's EXIF (a copyright line and a maker's note) that the site must not keep. */
async function photo(color = "#2255aa", width = 1800, height = 1100) {
  const bytes = await sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .withExif({ IFD0: { Copyright: "Secret Studio 2026", Make: "SpyCam" } })
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: "image/jpeg" });
}

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
const anonymous = (app: TestApp, path: string) => app.request(path, { headers: { "X-Forwarded-For": uniqueIp() } });
const rows = (app: TestApp) =>
  app.query<{ id: number; position: number; key: string; thumb_key: string; alt: string; caption: string | null; uploaded_by: string | null }>(
    "select s.id::int as id, s.position, s.key, s.thumb_key, s.alt, s.caption, s.uploaded_by from tool_screenshots s join tools t on t.id = s.tool_id where t.slug = $1 order by s.position",
    [TOOL],
  );

/** The SoftwareApplication block of a tool page. */
function softwareApplication(html: string): Record<string, unknown> {
  for (const match of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    const data = JSON.parse(match[1]!);
    if (data["@type"] === "SoftwareApplication") return data;
  }
  throw new Error("no SoftwareApplication on the page");
}

describeEachBackend("tools' screenshots", (app) => {
  let reader: User;
  let editor: User;
  beforeAll(async () => {
    [reader, editor] = await Promise.all([createVerifiedUser(app, { name: "Rae Reader" }), createVerifiedUser(app, { name: "Eddie Editor" })]);
    await app.query("update users set role = 'editor' where email = $1", [editor.email]);
  });

  it("sends a stranger to sign in and shows a reader the not-found page, storing nothing", async () => {
    const image = await photo();
    const stranger = await multipart(app, ADMIN, { intent: "add", alt: "Editor", file: [image, "shot.jpg"] });
    expect([stranger.status, stranger.headers.get("location")]).toEqual([302, `/auth?redirectTo=${encodeURIComponent(ADMIN)}`]);
    expect((await get(app, ADMIN)).status).toBe(302);
    // Admin pages do not admit they exist to a reader (decision 018): the form's post is refused like the page.
    const refused = await multipart(app, ADMIN, { intent: "add", alt: "Editor", file: [image, "shot.jpg"] }, reader.cookie);
    expect(refused.status).toBe(404);
    expect((await get(app, ADMIN, reader.cookie)).status).toBe(404);
    expect(await rows(app)).toEqual([]);
  });

  it("shows no gallery while a tool has none, then an editor's screenshot at once, with its alt text, caption and JSON-LD image", async () => {
    // The anonymous page is in the page cache before the upload.
    expect((await anonymous(app, PAGE)).headers.get("x-cache")).toBe("MISS");
    const before = await anonymous(app, PAGE);
    expect(before.headers.get("x-cache")).toBe("HIT");
    const beforeHtml = await text(before);
    expect(beforeHtml).not.toContain("screenshots-heading");
    expect(beforeHtml).not.toContain("/uploads/screenshots/");
    expect(softwareApplication(beforeHtml).image).toBeUndefined();

    const added = await multipart(
      app,
      ADMIN,
      { intent: "add", alt: "The slide editor with a chart being placed", caption: "Smart slides rearrange as you add content.", file: [await photo(), "editor.jpg"] },
      editor.cookie,
    );
    expect([added.status, added.headers.get("location"), cookiesFrom(added)["atlas.flash"]]).toEqual([302, ADMIN, "screenshotAdded"]);
    const [row] = await rows(app);
    expect(row).toMatchObject({ position: 0, alt: "The slide editor with a chart being placed", caption: "Smart slides rearrange as you add content." });
    const [{ id: editorId }] = (await app.query<{ id: string }>("select id from users where email = $1", [editor.email])) as [{ id: string }];
    expect(row!.uploaded_by).toBe(editorId);

    const after = await anonymous(app, PAGE);
    expect(after.headers.get("x-cache")).toBe("MISS");
    const html = await text(after);
    const gallery = html.slice(html.indexOf('id="screenshots-heading"'));
    expect(gallery).toContain(">Beautiful.ai screenshots</h2>");
    const img = /<img [^>]*src="\/uploads\/(screenshots\/[^"]+)"[^>]*>/.exec(gallery)!;
    expect(img[1]).toBe(row!.thumb_key);
    expect(img[0]).toContain('alt="The slide editor with a chart being placed"');
    expect(img[0]).toContain('loading="lazy"');
    expect(img[0]).toMatch(/width="640" height="391"/);
    // The thumbnail is a plain link to the larger image, which works without JavaScript.
    expect(gallery).toMatch(new RegExp(`<a href="/uploads/${row!.key}"[^>]*><img `));
    expect(gallery).toContain("<figcaption");
    expect(gallery).toContain("Smart slides rearrange as you add content.</span>");
    // When it was added and who made it, from the row (decision 063).
    expect(gallery).toContain(`Added <time dateTime="${today()}">${formatLongDate(today())}</time> by our editors`);
    expect(softwareApplication(html).image).toEqual([
      { "@type": "ImageObject", contentUrl: `http://localhost:3000/uploads/${row!.key}`, width: 1600, height: 978, caption: "Smart slides rearrange as you add content." },
    ]);

    // Both files are re-encoded WebP without the camera's metadata.
    for (const key of [row!.key, row!.thumb_key]) {
      const served = await anonymous(app, `/uploads/${key}`);
      expect([served.status, served.headers.get("content-type")]).toEqual([200, "image/webp"]);
      const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([metadata.format, metadata.exif, metadata.icc, metadata.xmp]).toEqual(["webp", undefined, undefined, undefined]);
    }
    const [audit] = await app.query<{ action: string; actor_email: string }>("select action, actor_email from audit_log where target_type = 'tool' and target_id = $1", [TOOL]);
    expect(audit).toEqual({ action: "screenshot.add", actor_email: editor.email });
  });

  it("refuses a file that is no image with the review images' words, a missing alt text, and a seventh screenshot, keeping what was typed", async () => {
    const page = new Blob(["<html><script>alert(1)</script></html>"], { type: "image/png" });
    const fake = await multipart(app, ADMIN, { intent: "add", alt: "Kept alt text", caption: "Kept caption", file: [page, "shot.png"] }, editor.cookie);
    expect(fake.status).toBe(400);
    const fakeHtml = await text(fake);
    expect(fakeHtml).toContain("Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.");
    expect(fakeHtml).toContain('value="Kept alt text"');
    expect(fakeHtml).toContain(">Kept caption</textarea>");

    const big = new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: "image/png" });
    const tooLarge = await multipart(app, ADMIN, { intent: "add", alt: "Too large", file: [big, "big.png"] }, editor.cookie);
    expect(tooLarge.status).toBe(413);
    expect(await text(tooLarge)).toContain("File size too large. Maximum size is 5MB.");

    const noAlt = await multipart(app, ADMIN, { intent: "add", alt: "  ", file: [await photo(), "shot.jpg"] }, editor.cookie);
    expect(noAlt.status).toBe(400);
    expect(await text(noAlt)).toContain("Describe what the screenshot shows, for readers who cannot see it");
    const noFile = await post(app, ADMIN, { intent: "add", alt: "No file chosen" }, { cookie: editor.cookie });
    expect(noFile.status).toBe(400);
    expect(await text(noFile)).toContain("Choose an image file: JPEG, PNG, GIF or WebP, at most 5MB");
    // An image too small or too thin to show the product (decision 063): a 1×1 pixel, a 4000×100 strip.
    const dot = await multipart(app, ADMIN, { intent: "add", alt: "A pixel", file: [await photo("#000000", 1, 1), "dot.jpg"] }, editor.cookie);
    expect(dot.status).toBe(400);
    const dotHtml = await text(dot);
    expect(dotHtml).toContain(MESSAGES.screenshotTooSmall.description);
    expect(dotHtml).toContain('value="A pixel"');
    const strip = await multipart(app, ADMIN, { intent: "add", alt: "A strip", file: [await photo("#000000", 4000, 100), "strip.jpg"] }, editor.cookie);
    expect(strip.status).toBe(400);
    expect(await text(strip)).toContain(MESSAGES.screenshotBadShape.description);
    expect(await rows(app)).toHaveLength(1);

    // 1280×720 is a screenshot; this one the maker supplied, and the page says so.
    const hd = await multipart(app, ADMIN, { intent: "add", alt: "Screen 2", providedBy: "maker", file: [await photo("#aa2222", 1280, 720), "hd.jpg"] }, editor.cookie);
    expect(hd.status).toBe(302);
    expect(await text(await anonymous(app, PAGE))).toContain(`Added <time dateTime="${today()}">${formatLongDate(today())}</time> by the maker`);
    for (const [index, color] of ["#22aa22", "#aaaa22", "#22aaaa", "#aa22aa"].entries()) {
      const added = await multipart(app, ADMIN, { intent: "add", alt: `Screen ${index + 3}`, file: [await photo(color, 800, 600), "shot.jpg"] }, editor.cookie);
      expect(added.status).toBe(302);
    }
    expect((await rows(app)).map((shot) => shot.position)).toEqual([0, 1, 2, 3, 4, 5]);
    const seventh = await multipart(app, ADMIN, { intent: "add", alt: "One too many", file: [await photo(), "shot.jpg"] }, editor.cookie);
    expect(seventh.status).toBe(409);
    expect(await text(seventh)).toContain("A tool has at most 6 screenshots. Delete one to add another.");
    expect(await rows(app)).toHaveLength(6);
    // A full gallery offers no upload form.
    expect(await text(await get(app, ADMIN, editor.cookie))).toContain("The gallery is full: delete a screenshot to add another.");
  });

  it("reorders, re-describes and deletes screenshots, and the public page follows at once", async () => {
    const [first, second] = await rows(app);
    await anonymous(app, PAGE);
    const moved = await post(app, ADMIN, { intent: "move", id: String(first!.id), move: "down" }, { cookie: editor.cookie });
    expect([moved.status, cookiesFrom(moved)["atlas.flash"]]).toEqual([302, "screenshotMoved"]);
    expect((await rows(app)).slice(0, 2).map((shot) => shot.id)).toEqual([second!.id, first!.id]);
    const order = (html: string) => [...html.matchAll(/<img [^>]*src="\/uploads\/(screenshots\/[^"]+)"/g)].map((match) => match[1]);
    expect(order(await text(await anonymous(app, PAGE))).slice(0, 2)).toEqual([second!.thumb_key, first!.thumb_key]);

    const described = await post(app, ADMIN, { intent: "describe", id: String(second!.id), alt: "Theme picker with six palettes", caption: "" }, { cookie: editor.cookie });
    expect(described.status).toBe(302);
    expect((await rows(app))[0]).toMatchObject({ id: second!.id, alt: "Theme picker with six palettes", caption: null });
    const unknown = await post(app, ADMIN, { intent: "delete", id: "999999" }, { cookie: editor.cookie });
    expect(unknown.status).toBe(404);
    expect(await text(unknown)).toContain("It may have been deleted by another editor.");

    const deleted = await post(app, ADMIN, { intent: "delete", id: String(first!.id) }, { cookie: editor.cookie });
    expect([deleted.status, cookiesFrom(deleted)["atlas.flash"]]).toEqual([302, "screenshotDeleted"]);
    const left = await rows(app);
    expect(left.map((shot) => shot.position)).toEqual([0, 1, 2, 3, 4]);
    expect(left.map((shot) => shot.id)).not.toContain(first!.id);
    for (const key of [first!.key, first!.thumb_key]) expect((await anonymous(app, `/uploads/${key}`)).status).toBe(404);
    const html = await text(await anonymous(app, PAGE));
    expect(html).not.toContain(first!.thumb_key);
    expect(html).toContain('alt="Theme picker with six palettes"');

    const actions = await app.query<{ action: string }>("select action from audit_log where target_type = 'tool' and target_id = $1 order by id", [TOOL]);
    expect(actions.map((row) => row.action)).toEqual([...Array(6).fill("screenshot.add"), "screenshot.move", "screenshot.describe", "screenshot.delete"]);
  });

  it("keeps a screenshot when the editor who added it deletes their account, without the account's id", async () => {
    const leaving = await createVerifiedUser(app, { name: "Lee Leaving" });
    await app.query("update users set role = 'editor' where email = $1", [leaving.email]);
    for (const shot of await rows(app)) await post(app, ADMIN, { intent: "delete", id: String(shot.id) }, { cookie: editor.cookie });
    expect(await rows(app)).toEqual([]);
    const added = await multipart(app, ADMIN, { intent: "add", alt: "Presenter view", file: [await photo(), "presenter.jpg"] }, leaving.cookie);
    expect(added.status).toBe(302);
    const [{ id }] = (await app.query<{ id: string }>("select id from users where email = $1", [leaving.email])) as [{ id: string }];
    expect((await rows(app))[0]!.uploaded_by).toBe(id);

    const erased = await post(app, "/settings", { intent: "delete-account", password: leaving.password, confirm: "DELETE" }, { cookie: leaving.cookie });
    expect(erased.status).toBe(302);
    const [kept] = await rows(app);
    expect(kept).toMatchObject({ alt: "Presenter view", uploaded_by: null });
    expect((await anonymous(app, `/uploads/${kept!.key}`)).status).toBe(200);
    expect(await text(await anonymous(app, PAGE))).toContain('alt="Presenter view"');
  });
});
