import { beforeAll, expect, it } from "vitest";
import { createVerifiedUser, get, post, uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { readOutbox, settleMail } from "../support/mail";

type User = Awaited<ReturnType<typeof createVerifiedUser>>;

const makeRole = (app: TestApp, user: User, role: string) => app.query("update users set role = $1 where email = $2", [role, user.email]);
/** The page's text as a reader sees it (React separates adjacent text with empty comments; quotes are escaped). */
const textOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
const anonymous = (app: TestApp, path: string) => app.request(path, { headers: { "X-Forwarded-For": uniqueIp() } });

let counter = 0;
/** A complete, valid submission of a made-up tool on its own domain. */
function submission(overrides: Record<string, string> = {}) {
  counter += 1;
  const name = `Quillwright ${process.pid % 1000}x${counter}`;
  return {
    intent: "submit",
    name,
    websiteUrl: `https://quillwright-${process.pid}-${counter}.example`,
    categorySlug: "content-writing",
    tagline: "Drafts long-form articles from an outline, in your house style.",
    description:
      "Quillwright turns an outline into a first draft of a long article, keeps a glossary of the terms your team prefers and flags sentences that repeat earlier sections.",
    pricingText: "Free plan; Pro from $15/month",
    pricingModel: "freemium",
    hasFreeTrial: "true",
    makerRole: "maker",
    ...overrides,
  };
}

const submissionId = async (app: TestApp, name: string) => {
  const [row] = await app.query<{ id: string }>("select id::text as id from tool_submissions where name = $1", [name]);
  return row!.id;
};

/** The fields of a stored submission as the editor's form posts them back. */
const editorFields = (fields: ReturnType<typeof submission>, extra: Record<string, string>) => {
  const { makerRole: _role, ...rest } = fields;
  return { ...rest, ...extra };
};

/** Maker submissions (issue 19): /submit, the editors' queue, approval into the catalogue, rejection, and who may do what. */
describeEachBackend("maker submissions", (app) => {
  let maker: User;
  let reader: User;
  let editor: User;
  beforeAll(async () => {
    [maker, reader, editor] = await Promise.all([
      createVerifiedUser(app, { name: "Mia Maker" }),
      createVerifiedUser(app, { name: "Ray Reader" }),
      createVerifiedUser(app, { name: "Eve Editor" }),
    ]);
    await makeRole(app, editor, "editor");
  });

  it("asks a stranger to sign in and come back to /submit, never to another site", async () => {
    const page = await anonymous(app, "/submit");
    expect(page.status).toBe(200);
    const body = await textOf(page);
    expect(body).toContain("Sign in to submit a tool");
    expect(body).toContain('href="/auth?redirectTo=%2Fsubmit"');
    expect(body).not.toContain('name="websiteUrl"');
    expect((await anonymous(app, "/submit")).headers.get("x-cache")).toBe("HIT");

    const attempt = await post(app, "/submit", { ...submission(), redirectTo: "//evil.example/" });
    expect([attempt.status, attempt.headers.get("location")]).toEqual([302, "/auth?redirectTo=%2Fsubmit"]);
    expect(await app.query("select count(*)::int as n from tool_submissions")).toEqual([{ n: 0 }]);
    // The category page's and the FAQ's 'suggest a tool' lead here.
    expect(await textOf(await anonymous(app, "/tools/category/content-writing"))).toMatch(/href="\/submit"[^>]*>.*Suggest a tool/s);
  });

  it("names each field's problem in words and keeps what was typed", async () => {
    const page = await textOf(await get(app, "/submit", maker.cookie));
    for (const label of [
      "Tool name",
      "Website",
      "Category",
      "Short description",
      "Description",
      "Pricing",
      "Pricing model",
      "It offers a free trial",
      "Your relation to the tool",
    ]) {
      expect(page).toContain(label);
    }
    const response = await post(
      app,
      "/submit",
      {
        intent: "submit",
        name: "Q",
        websiteUrl: "ftp://quill.example",
        categorySlug: "no-such-category",
        tagline: "Short",
        description: "Too short.",
        pricingText: "$",
        pricingModel: "cheap",
      },
      { cookie: maker.cookie },
    );
    expect(response.status).toBe(400);
    const body = await textOf(response);
    for (const text of [
      "Submission not sent",
      "Tool name must be at least 2 characters",
      "Enter the tool's website, starting with https://",
      "Short description must be at least 10 characters",
      "Description must be at least 80 characters",
      "Pricing must be at least 3 characters",
      "Choose free, freemium or paid",
      "Choose how you relate to the tool",
    ]) {
      expect(body).toContain(text);
    }
    expect(body).toContain('value="ftp://quill.example"');
    expect(body).toContain(">Too short.</textarea>");

    // Valid fields but a category the select never offered.
    const forged = await post(app, "/submit", submission({ categorySlug: "no-such-category" }), { cookie: maker.cookie });
    expect([forged.status, (await textOf(forged)).includes("Choose a category")]).toEqual([400, true]);
    expect(await app.query("select count(*)::int as n from tool_submissions")).toEqual([{ n: 0 }]);
  });

  it("refuses a website that is listed (linking to the listing) or already waiting, whatever its spelling", async () => {
    const listed = await post(app, "/submit", submission({ websiteUrl: "https://WWW.ChatGPT.com/pricing/" }), { cookie: maker.cookie });
    expect(listed.status).toBe(409);
    const body = await textOf(listed);
    expect(body).toContain("Already listed");
    expect(body).toContain("This website is already listed");
    expect(body).toMatch(/href="\/tools\/chatgpt"[^>]*>ChatGPT<\/a>/);
    expect(body).toContain('value="https://WWW.ChatGPT.com/pricing/"');

    const first = submission({ websiteUrl: `https://waiting-${process.pid}.example` });
    expect((await post(app, "/submit", first, { cookie: maker.cookie })).status).toBe(302);
    const again = await post(app, "/submit", submission({ websiteUrl: `https://www.Waiting-${process.pid}.example/` }), { cookie: reader.cookie });
    expect(again.status).toBe(409);
    expect(await textOf(again)).toContain("This website has already been submitted");
  });

  it("takes a submission to an approved tool in the directory, search, sitemap and feed, with the submitter told", async () => {
    // Each test's submitter has a fresh rate-limit window.
    maker = await createVerifiedUser(app, { name: "Mia Maker" });
    const fields = submission();
    const sent = await post(app, "/submit", fields, { cookie: maker.cookie });
    expect([sent.status, sent.headers.get("location")]).toEqual([302, "/submit?sent=1"]);
    expect(await textOf(await get(app, "/submit?sent=1", maker.cookie))).toContain(`Thank you: ${fields.name} is submitted`);
    const [stored] = await app.query<{ domain: string; status: string; maker_role: string; has_free_trial: boolean }>(
      "select domain, status, maker_role, has_free_trial from tool_submissions where name = $1",
      [fields.name],
    );
    expect(stored).toEqual({ domain: new URL(fields.websiteUrl).hostname, status: "pending", maker_role: "maker", has_free_trial: true });
    expect(await textOf(await get(app, "/profile", maker.cookie))).toMatch(new RegExp(`${fields.name}</p><span[^>]*>Pending review`));

    // Anonymous pages that will show the tool are cached before the approval.
    for (const path of ["/tools", "/tools/category/content-writing", "/sitemap-tools.xml", "/feed/tools.xml"]) {
      await anonymous(app, path);
      expect((await anonymous(app, path)).headers.get("x-cache"), path).toBe("HIT");
    }

    const dashboard = await textOf(await get(app, "/admin", editor.cookie));
    expect(dashboard).toContain("Pending submissions");
    expect(dashboard).toContain('href="/admin/submissions"');
    const id = await submissionId(app, fields.name);
    const queue = await textOf(await get(app, "/admin/submissions", editor.cookie));
    expect(queue).toContain(`data-submission-id="${id}"`);
    expect(queue).toContain(maker.email);
    const page = await get(app, `/admin/submissions/${id}`, editor.cookie);
    expect(page.status).toBe(200);
    expect(await textOf(page)).toContain('value="quillwright-');

    // The editor corrects the tagline (audited), then approves under a slug an editorial tool has: refused in words.
    const tagline = "Turns outlines into long-form drafts in your house style.";
    const saved = await post(app, `/admin/submissions/${id}`, editorFields(fields, { intent: "save", tagline }), { cookie: editor.cookie });
    expect([saved.status, (await textOf(saved)).includes("Submission saved")]).toEqual([200, true]);
    const clash = await post(app, `/admin/submissions/${id}`, editorFields(fields, { intent: "approve", tagline, slug: "chatgpt" }), { cookie: editor.cookie });
    expect(clash.status).toBe(409);
    const clashBody = await textOf(clash);
    expect(clashBody).toContain("Slug taken");
    expect(clashBody).toContain("Another tool already uses this slug");
    expect(await app.query("select status from tool_submissions where id = $1", [id])).toEqual([{ status: "pending" }]);

    const slug = `quillwright-${process.pid}`;
    const approved = await post(app, `/admin/submissions/${id}`, editorFields(fields, { intent: "approve", tagline, slug }), { cookie: editor.cookie });
    expect([approved.status, (await textOf(approved)).includes("Tool approved")]).toEqual([200, true]);
    const [tool] = await app.query<{
      id: number;
      source: string;
      tagline: string;
      is_free: boolean;
      is_pro: boolean;
      has_free_trial: boolean;
      added_at: string;
      pricing_url: string;
    }>("select id, source, tagline, is_free, is_pro, has_free_trial, added_at::text, pricing_url from tools where slug = $1", [slug]);
    expect(tool).toMatchObject({ source: "community", tagline, is_free: true, is_pro: true, has_free_trial: true, added_at: new Date().toISOString().slice(0, 10) });
    // Every tool names a pricing page the price check reads: a maker's tool, its own site.
    expect(tool!.pricing_url).toBe(fields.websiteUrl);
    expect(tool!.id).toBeGreaterThanOrEqual(1_000_000);
    expect(await app.query("select status, tool_id from tool_submissions where id = $1", [id])).toEqual([{ status: "approved", tool_id: tool!.id }]);

    // Listed at once: the cached pages were dropped; the newest tool comes first when sorted by 'Recently added'.
    for (const path of ["/tools", "/tools/category/content-writing", "/sitemap-tools.xml", "/feed/tools.xml"]) {
      expect((await anonymous(app, path)).headers.get("x-cache"), path).toBe("MISS");
    }
    expect(await textOf(await anonymous(app, "/tools?sort=recent"))).toContain(`data-tool-slug="${slug}"`);
    expect(await textOf(await anonymous(app, "/tools/category/content-writing?sort=recent"))).toContain(`data-tool-slug="${slug}"`);
    const toolPage = await textOf(await anonymous(app, `/tools/${slug}`));
    expect(toolPage).toContain("Community submission");
    expect(toolPage).toContain(`<time dateTime="${tool!.added_at}">${tool!.added_at}</time>`);
    // No editorial rating is claimed (other tools' cards on the page keep theirs).
    expect(toolPage).not.toContain(">Our Rating</span>");
    expect(toolPage).not.toContain("Our rating 0.0");
    // The maker's words become structured pricing (models/submission/tool-row.ts): a free plan and one priced from their figure.
    expect(toolPage).toContain("Community submission. Pricing: Free plan; $15/month.");
    expect(toolPage).toContain("Free plan; Pro from $15/month");
    const quick = (await (await anonymous(app, `/api/search?q=${encodeURIComponent(fields.name)}`)).json()) as { tools: { slug: string }[] };
    expect(quick.tools.map((found) => found.slug)).toContain(slug);
    expect(await textOf(await anonymous(app, `/search?q=${encodeURIComponent("quillwright outline")}`))).toContain(`/tools/${slug}`);
    expect(await textOf(await anonymous(app, "/sitemap-tools.xml"))).toContain(`/tools/${slug}</loc>`);
    // The tools feed lists top rated tools only: a community tool has no rating of ours (issue 26).
    expect(await textOf(await anonymous(app, "/feed/tools.xml"))).not.toContain(`/tools/${slug}`);
    expect(toolPage).toContain("Reader rating:</span> No ratings yet");
    expect(await app.query("select rating from tools where slug = $1", [slug])).toEqual([{ rating: null }]);
    // Its count of alternatives is stored in the approval's transaction (the sitemap and the tool page read it).
    expect((await app.query<{ n: number }>("select count(*)::int as n from tools where alternatives_count is null"))[0]!.n).toBe(0);

    await settleMail(app);
    const mail = readOutbox(app.dataDir).filter((message) => message.to.includes(maker.email) && message.subject.includes("is now listed"));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(`/tools/${slug}`);
    const profile = await textOf(await get(app, "/profile", maker.cookie));
    expect(profile).toMatch(new RegExp(`${fields.name}</p><span[^>]*>Approved`));
    expect(profile).toContain(`href="/tools/${slug}"`);

    const audit = await app.query<{ action: string; actor_email: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      "select action, actor_email, before, after from audit_log where target_type = 'submission' and target_id = $1 order by id",
      [id],
    );
    expect(audit.map((row) => [row.action, row.actor_email])).toEqual([
      ["submission.edit", editor.email],
      ["submission.approve", editor.email],
    ]);
    expect(audit[0]!.before).toEqual({ tagline: fields.tagline });
    expect(audit[0]!.after).toEqual({ tagline });
    expect(audit[1]!.after).toMatchObject({ status: "approved", toolId: tool!.id, slug });

    // Decided once: a second approval is refused and writes nothing.
    const twice = await post(app, `/admin/submissions/${id}`, editorFields(fields, { intent: "approve", tagline, slug: `${slug}-2` }), { cookie: editor.cookie });
    expect([twice.status, (await textOf(twice)).includes("Already reviewed")]).toEqual([409, true]);
  });

  it("rejects with a reason that the submitter is emailed and sees on their profile", async () => {
    maker = await createVerifiedUser(app, { name: "Rita Rejected" });
    const fields = submission();
    expect((await post(app, "/submit", fields, { cookie: maker.cookie })).status).toBe(302);
    const id = await submissionId(app, fields.name);
    const short = await post(app, `/admin/submissions/${id}`, { intent: "reject", reason: "No." }, { cookie: editor.cookie });
    expect([short.status, (await textOf(short)).includes("Give the submitter a reason of at least 10 characters")]).toEqual([400, true]);

    const reason = "We could not find a public website or pricing for this tool yet.";
    const rejected = await post(app, `/admin/submissions/${id}`, { intent: "reject", reason }, { cookie: editor.cookie });
    expect([rejected.status, (await textOf(rejected)).includes("Submission rejected")]).toEqual([200, true]);
    expect(await app.query("select status, rejection_reason from tool_submissions where id = $1", [id])).toEqual([{ status: "rejected", rejection_reason: reason }]);
    expect(await app.query("select count(*)::int as n from tools where name = $1", [fields.name])).toEqual([{ n: 0 }]);

    await settleMail(app);
    const mail = readOutbox(app.dataDir).filter((message) => message.to.includes(maker.email) && message.subject.includes(`Your submission of ${fields.name}`));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(reason);
    const profile = await textOf(await get(app, "/profile", maker.cookie));
    expect(profile).toMatch(new RegExp(`${fields.name}</p><span[^>]*>Rejected`));
    expect(profile).toContain(`Reason: ${reason}`);
    expect(await app.query("select action, after from audit_log where target_type = 'submission' and target_id = $1", [id])).toEqual([
      { action: "submission.reject", after: { status: "rejected", reason } },
    ]);
    // A rejected website may be submitted again.
    expect((await post(app, "/submit", submission({ websiteUrl: fields.websiteUrl }), { cookie: maker.cookie })).status).toBe(302);
  });

  it("shows the queue and its actions to editors only: a stranger is sent to sign in, a reader gets the not-found page", async () => {
    maker = await createVerifiedUser(app, { name: "Sam Submitter" });
    const fields = submission();
    expect((await post(app, "/submit", fields, { cookie: maker.cookie })).status).toBe(302);
    const id = await submissionId(app, fields.name);
    const stranger = await get(app, "/admin/submissions");
    expect([stranger.status, stranger.headers.get("location")]).toEqual([302, "/auth?redirectTo=%2Fadmin%2Fsubmissions"]);
    for (const path of ["/admin/submissions", `/admin/submissions/${id}`, "/admin/submissions/999999"]) {
      const response = await get(app, path, reader.cookie);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain("Admin sections");
    }
    for (const fieldsPosted of [editorFields(fields, { intent: "approve", slug: "reader-approved" }), { intent: "reject", reason: "A reader should never get to do this." }]) {
      expect((await post(app, `/admin/submissions/${id}`, fieldsPosted, { cookie: reader.cookie })).status).toBe(404);
      expect((await post(app, `/admin/submissions/${id}`, fieldsPosted, { cookie: maker.cookie })).status).toBe(404);
      expect((await post(app, `/admin/submissions/${id}`, fieldsPosted)).status).toBe(302);
    }
    expect(await app.query("select status from tool_submissions where id = $1", [id])).toEqual([{ status: "pending" }]);
    expect(await app.query("select count(*)::int as n from audit_log where target_type = 'submission' and target_id = $1", [String(id)])).toEqual([{ n: 0 }]);
    expect((await get(app, `/admin/submissions/${id}`, editor.cookie)).status).toBe(200);
    expect((await get(app, "/admin/submissions/not-a-number", editor.cookie)).status).toBe(404);
    expect((await get(app, "/admin/submissions?tab=approved", editor.cookie)).status).toBe(200);
  });

  it("limits how many submissions one account sends", async () => {
    const busy = await createVerifiedUser(app, { name: "Busy Maker" });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) statuses.push((await post(app, "/submit", submission(), { cookie: busy.cookie })).status);
    expect(statuses).toEqual([302, 302, 302, 302, 302, 302, 429]);
    const refused = await post(app, "/submit", submission(), { cookie: busy.cookie });
    expect(refused.status).toBe(429);
    expect(await textOf(refused)).toContain("Too many attempts");
  });
});
