import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { beforeAll, expect, it } from "vitest";
import { createVerifiedUser, get, post, uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";

/**
 * A maker's proposed logo (issue 45, decision 084) through the built app: a verified maker posts an image with a source
 * page on the tool's domain, in a multipart form as a browser without JavaScript sends it. The image is checked by the
 * site's one image path and re-encoded, and kept private: not under /uploads, not in the tool's logo file, and its
 * guarded route answers only the editors and the maker who proposed it. An editor accepts: the logo file embeds the
 * image at once, the tool's history says "Logo replaced" as proposed by the maker, and the page cache drops the tool's
 * page. SVG, a page renamed .png, a small or wide image and a missing file are refused with a field message, never a
 * 500, storing nothing; a rejected logo's file is deleted, and so is a waiting one's with the maker's account.
 */

type User = Awaited<ReturnType<typeof createVerifiedUser>> & { id: string };
type Fields = Record<string, string | [Blob, string]>;

const TOOL = "github-copilot";
const OTHER = "claude";
const SOURCE = "https://github.com/logos";
const LOGO_FILE = `/images/tools/${TOOL}.svg`;

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
const anonymous = (app: TestApp, pathname: string) => app.request(pathname, { headers: { "X-Forwarded-For": uniqueIp() } });

/** A multipart post as a browser without JavaScript sends it. */
function multipart(app: TestApp, pathname: string, fields: Fields, cookie?: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) form.append(name, value[0], value[1]);
    else form.append(name, value);
  }
  return app.request(pathname, { method: "POST", body: form, headers: { ...(cookie ? { Cookie: cookie } : {}), "X-Forwarded-For": uniqueIp() } });
}

/** A PNG drawn here: a coloured square with a white disc, `width`×`height`. */
async function png(width = 512, height = 512, colour = "#7c3aed") {
  const disc = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#fff"/></svg>`,
  );
  const bytes = await sharp({ create: { width, height, channels: 4, background: colour } })
    .composite([{ input: disc }])
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(bytes)], { type: "image/png" });
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><script>alert(document.cookie)</script><rect width="256" height="256"/></svg>';

describeEachBackend("a maker's proposed logo", (app: TestApp) => {
  const users = {} as Record<"maker" | "coMaker" | "otherMaker" | "reader" | "editor", User>;
  const logoFiles = () => {
    const dir = path.join(app.dataDir, "uploads", "logos");
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const propose = (user: User, file: [Blob, string] | null, fields: Record<string, string> = {}) =>
    multipart(
      app,
      `/maker/tools/${TOOL}`,
      { intent: "logo", sourceUrl: SOURCE, note: "Our new mark, on the press page.", ...fields, ...(file ? { logo: file } : {}) },
      user.cookie,
    );
  const proposals = () =>
    app.query<{ id: number; status: string; before: unknown; proposed: { kind: string; key: string } }>(
      "select p.id::int as id, p.status, p.before, p.proposed from maker_proposals p join tools t on t.id = p.tool_id where t.slug = $1 and p.field = 'logo' order by p.id",
      [TOOL],
    );

  beforeAll(async () => {
    const names = ["maker", "coMaker", "otherMaker", "reader", "editor"] as const;
    const created = await Promise.all(names.map((name) => createVerifiedUser(app, { name: `Test ${name}` })));
    for (const [index, name] of names.entries()) {
      const [row] = await app.query<{ id: string }>("select id from users where email = $1", [created[index]!.email]);
      users[name] = { ...created[index]!, id: row!.id };
    }
    await app.query("update users set role = 'editor' where id = $1", [users.editor.id]);
    const claim = (user: User, slug: string) =>
      app.query(
        "insert into tool_claims (tool_id, user_id, method, domain, nonce, status, verified_at, last_checked_at) select id, $2, 'dns', 'github.com', 'n', 'verified', now(), now() from tools where slug = $1",
        [slug, user.id],
      );
    await claim(users.maker, TOOL);
    await claim(users.coMaker, TOOL);
    await claim(users.otherMaker, OTHER);
  });

  it("refuses SVG, a page renamed .png, a small or wide image, no file and a source off the domain with a field message, storing nothing", async () => {
    const cases: [string, [Blob, string] | null, string, Record<string, string>?][] = [
      ["svg", [new Blob([SVG], { type: "image/svg+xml" }), "logo.svg"], "Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed."],
      ["svg named png", [new Blob([SVG], { type: "image/png" }), "logo.png"], "Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed."],
      ["too small", [await png(64, 64), "logo.png"], "The image is too small for a logo: at least 128×128 pixels"],
      ["too wide", [await png(600, 200), "logo.png"], "A logo must be square or nearly: one side at most 1.25 times the other"],
      ["no file", null, "Choose the logo's image: PNG, JPEG or WebP"],
      ["elsewhere", [await png(), "logo.png"], "The source page must be on the tool's own domain", { sourceUrl: "https://example.org/press" }],
    ];
    for (const [label, file, message, fields] of cases) {
      const refused = await propose(users.coMaker, file, fields);
      expect(refused.status, label).toBe(400);
      const page = await text(refused);
      expect(page, label).toContain(message);
      // The logo's form is open again, with what was typed.
      expect(page, label).toMatch(/<details[^>]*open=""[^>]*data-proposal-form="logo"/);
      expect(page, label).toContain("Our new mark, on the press page.");
    }
    // Within the page's body limit (an image's 5MB and a form's allowance), over an image's.
    const huge = await propose(users.coMaker, [new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: "image/png" }), "huge.png"]);
    expect(huge.status).toBe(413);
    const hugePage = await text(huge);
    expect(hugePage).toContain("File size too large. Maximum size is 5MB.");
    expect(hugePage).toMatch(/<details[^>]*open=""[^>]*data-proposal-form="logo"/);
    // Without a verified claim of the tool: refused before the file is read.
    for (const who of ["reader", "otherMaker"] as const) {
      const refused = await propose(users[who], [await png(), "logo.png"]);
      expect(refused.status, who).toBe(403);
    }
    expect(await proposals()).toEqual([]);
    expect(logoFiles()).toEqual([]);
  });

  it("keeps a proposed logo private until an editor accepts it; then the tool's logo file draws it at once, and its history says so", async () => {
    const before = await (await anonymous(app, LOGO_FILE)).text();
    expect(before).toContain("<path");
    expect(before).not.toContain("<image");
    // The tool page, kept by the page cache for anonymous readers.
    expect(await text(await anonymous(app, `/tools/${TOOL}`))).not.toContain("Logo replaced");

    const sent = await propose(users.maker, [await png(), "copilot-logo.png"]);
    expect(sent.status).toBe(200);
    expect(await text(sent)).toContain("Proposal sent");
    const [proposal] = await proposals();
    expect(proposal).toMatchObject({ status: "pending", before: { kind: "brand", key: "githubcopilot" }, proposed: { kind: "upload" } });
    const key = proposal!.proposed.key;
    expect(key).toMatch(/^logos\/[a-f0-9]{32}-[0-9]{13}\.webp$/);
    // Re-encoded: a 256-pixel square WebP.
    const stored = readFileSync(path.join(app.dataDir, "uploads", key));
    expect(await sharp(stored).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });

    // Not public: /uploads does not serve it, the logo file is unchanged, and only the editors and this maker reach its image.
    expect((await anonymous(app, `/uploads/${key}`)).status).toBe(404);
    expect(await (await anonymous(app, LOGO_FILE)).text()).toBe(before);
    const image = `/maker/proposals/${proposal!.id}/logo`;
    expect((await anonymous(app, image)).status).toBe(404);
    for (const who of ["reader", "otherMaker", "coMaker"] as const) expect((await get(app, image, users[who].cookie)).status, who).toBe(404);
    for (const who of ["maker", "editor"] as const) {
      const answer = await get(app, image, users[who].cookie);
      expect(answer.status, who).toBe(200);
      expect(answer.headers.get("content-type"), who).toBe("image/webp");
      expect(answer.headers.get("cache-control"), who).toBe("private, no-store");
      expect(Buffer.from(await answer.arrayBuffer()).equals(stored), who).toBe(true);
    }
    expect(await text(await get(app, `/maker/tools/${TOOL}`, users.maker.cookie))).toContain(`src="${image}"`);

    // The editor sees the logo pages draw now beside the proposed image.
    const queue = await text(await get(app, "/admin/proposals", users.editor.cookie));
    expect(queue).toContain(`data-proposal-logos="${proposal!.id}"`);
    expect(queue).toContain(`src="${image}"`);
    expect(queue).toContain(`href="${LOGO_FILE}#light"`);
    expect(queue).toContain("Brand mark (from simple-icons)");

    const accepted = await post(app, "/admin/proposals", { intent: "accept", id: String(proposal!.id), seen: "The press page shows this mark" }, { cookie: users.editor.cookie });
    expect(await text(accepted)).toContain("Proposal accepted");
    const after = await (await anonymous(app, LOGO_FILE)).text();
    expect(after).toContain(`href="data:image/webp;base64,${stored.toString("base64")}"`);
    expect(after).not.toContain("<path");
    expect(await app.query("select o.value from tool_listing_overrides o join tools t on t.id = o.tool_id where t.slug = $1 and o.field = 'logo'", [TOOL])).toEqual([
      { value: { kind: "upload", key } },
    ]);
    const [change] = await app.query<{ kind: string; source: string; source_url: string; before: unknown; after: unknown }>(
      "select kind, c.source, c.source_url, before, after from tool_changes c join tools t on t.id = c.tool_id where t.slug = $1 and c.source = 'maker'",
      [TOOL],
    );
    expect(change).toEqual({
      kind: "listing-changed",
      source: "maker",
      source_url: SOURCE,
      before: { field: "logo", value: { kind: "brand", key: "githubcopilot" } },
      after: { field: "logo", value: { kind: "upload", key } },
    });
    // The kept tool page was dropped: its history shows the change, marked as the maker's.
    const page = await text(await anonymous(app, `/tools/${TOOL}`));
    expect(page).toContain("Logo replaced");
    expect(page).toContain("as proposed by the maker, accepted by our editors");
    expect(await text(await anonymous(app, `/changes?tool=${TOOL}`))).toContain("Logo replaced");
    // Still not under /uploads: the logo file embeds it.
    expect((await anonymous(app, `/uploads/${key}`)).status).toBe(404);
    const audit = await app.query<{ action: string }>("select action from audit_log where target_type = 'maker_proposal' and target_id = $1 order by id", [String(proposal!.id)]);
    expect(audit.map((row) => row.action)).toEqual(["proposal.create", "proposal.accept"]);
  });

  it("deletes a rejected logo's file; the accepted logo stays", async () => {
    const accepted = await (await anonymous(app, LOGO_FILE)).text();
    expect((await propose(users.coMaker, [await png(400, 360, "#0f766e"), "logo.png"])).status).toBe(200);
    const proposal = (await proposals()).at(-1)!;
    expect(proposal.before).toMatchObject({ kind: "upload" });
    expect(existsSync(path.join(app.dataDir, "uploads", proposal.proposed.key))).toBe(true);
    const rejected = await post(
      app,
      "/admin/proposals",
      { intent: "reject", id: String(proposal.id), reason: "The press page shows another mark." },
      { cookie: users.editor.cookie },
    );
    expect(await text(rejected)).toContain("Proposal rejected");
    expect(existsSync(path.join(app.dataDir, "uploads", proposal.proposed.key))).toBe(false);
    expect((await get(app, `/maker/proposals/${proposal.id}/logo`, users.coMaker.cookie)).status).toBe(404);
    expect(await (await anonymous(app, LOGO_FILE)).text()).toBe(accepted);
    expect(logoFiles()).toHaveLength(1);
  });

  it("deletes a waiting logo's file with the maker's account; the accepted logo is the tool's and stays", async () => {
    expect((await propose(users.coMaker, [await png(), "logo.png"])).status).toBe(200);
    const waiting = (await proposals()).at(-1)!;
    expect(waiting.status).toBe("pending");
    expect(logoFiles()).toHaveLength(2);
    const deleted = await post(app, "/settings", { intent: "delete-account", password: users.coMaker.password, confirm: "DELETE" }, { cookie: users.coMaker.cookie });
    expect(deleted.status).toBe(302);
    expect(existsSync(path.join(app.dataDir, "uploads", waiting.proposed.key))).toBe(false);
    expect((await proposals()).map((row) => row.status)).toEqual(["accepted"]);
    expect(logoFiles()).toHaveLength(1);
    expect(await (await anonymous(app, LOGO_FILE)).text()).toContain("data:image/webp;base64,");
  });
});
