import { beforeAll, expect, it } from "vitest";
import { planFieldName, pricingFormValues } from "../../app/lib/tool/pricing-edit";
import { createVerifiedUser, get, post } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { serverBuildPath } from "../support/paths";

/**
 * Makers' proposals (issue 45, decision 084) through the built app: a verified maker proposes a price; it is not on
 * the public page until an editor accepts it, then it is, at once, with "as proposed by the maker, accepted by our
 * editors" and its source in the history, a receipt that says the maker proposed it, and a watcher's alert. A rejected
 * proposal shows the maker the editor's reason and changes nothing. Who may reach what: a reader, the maker of another
 * tool, an editor and an owner.
 */

type User = Awaited<ReturnType<typeof createVerifiedUser>> & { id: string };
type Build = { runAlertJob: () => Promise<unknown> };

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
const TOOL = "chatgpt";
const OTHER = "claude-ai";

describeEachBackend("makers' proposed changes", (app: TestApp) => {
  let build: Build;
  const users = {} as Record<"maker" | "otherMaker" | "reader" | "editor" | "owner" | "watcher", User>;

  const claim = async (user: User, slug: string) =>
    app.query(
      "insert into tool_claims (tool_id, user_id, method, domain, nonce, status, verified_at, last_checked_at) select id, $2, 'dns', 'example.com', 'n', 'verified', now(), now() from tools where slug = $1",
      [slug, user.id],
    );
  /** ChatGPT's pricing as the maker's form holds it, with Plus at `price`. */
  const pricingForm = async (price: string) => {
    const [row] = await app.query<{ pricing_model: string; plans: never[]; has_free_trial: boolean }>("select pricing_model, plans, has_free_trial from tools where slug = $1", [
      TOOL,
    ]);
    const values = pricingFormValues({ model: row!.pricing_model as never, plans: row!.plans }, row!.has_free_trial);
    const plus = row!.plans.findIndex((plan: { name: string }) => plan.name === "Plus");
    values[planFieldName(plus, "price")] = price;
    return values;
  };
  const propose = (user: User, intent: string, fields: Record<string, string>, slug = TOOL) => post(app, `/maker/tools/${slug}`, { intent, ...fields }, { cookie: user.cookie });
  const proposalOf = async (field: string) =>
    (
      await app.query<{ id: number; status: string }>(
        "select p.id, p.status from maker_proposals p join tools t on t.id = p.tool_id where t.slug = $1 and p.field = $2 order by p.id desc limit 1",
        [TOOL, field],
      )
    )[0]!;

  beforeAll(async () => {
    build = (await import(serverBuildPath)) as Build;
    const names = ["maker", "otherMaker", "reader", "editor", "owner", "watcher"] as const;
    const created = await Promise.all(names.map((name) => createVerifiedUser(app, { name: `Test ${name}` })));
    for (const [index, name] of names.entries()) {
      const [row] = await app.query<{ id: string }>("select id from users where email = $1", [created[index]!.email]);
      users[name] = { ...created[index]!, id: row!.id };
    }
    await app.query("update users set role = 'editor' where id = $1", [users.editor.id]);
    await app.query("update users set role = 'owner' where id = $1", [users.owner.id]);
    await claim(users.maker, TOOL);
    await claim(users.otherMaker, OTHER);
    // The watcher watches the tool; earlier changes are old news.
    await app.query("insert into tool_watches (user_id, tool_id) select $1, id from tools where slug = $2", [users.watcher.id, TOOL]);
    await build.runAlertJob();
  });

  it("lets only the verified maker of the tool reach its maker page and propose; editors decide in /admin/proposals, which makers and readers cannot reach", async () => {
    expect((await get(app, "/maker")).status).toBe(302);
    expect((await get(app, `/maker/tools/${TOOL}`, users.maker.cookie)).status).toBe(200);
    for (const who of ["reader", "otherMaker", "editor", "owner"] as const) expect((await get(app, `/maker/tools/${TOOL}`, users[who].cookie)).status, who).toBe(404);
    expect(await text(await get(app, "/maker", users.otherMaker.cookie))).toContain(`href="/maker/tools/${OTHER}"`);
    const form = await pricingForm("27");
    for (const who of ["reader", "otherMaker", "editor"] as const) {
      const refused = await propose(users[who], "pricing", { ...form, sourceUrl: "https://chatgpt.com/pricing" });
      expect(refused.status, who).toBe(403);
      expect(await text(refused), who).toContain("Claim the listing first");
    }
    expect(await app.query("select id from maker_proposals")).toEqual([]);
    for (const who of ["reader", "maker", "otherMaker"] as const) expect((await get(app, "/admin/proposals", users[who].cookie)).status, who).toBe(404);
    for (const who of ["editor", "owner"] as const) expect((await get(app, "/admin/proposals", users[who].cookie)).status, who).toBe(200);
  });

  it("refuses a source page off the tool's domain and a proposal that changes nothing, keeping what was typed", async () => {
    const elsewhere = await propose(users.maker, "pricing", { ...(await pricingForm("27")), sourceUrl: "https://example.org/prices" });
    expect(elsewhere.status).toBe(400);
    const page = await text(elsewhere);
    expect(page).toContain("The source page must be on the tool's own domain");
    expect(page).toContain('value="https://example.org/prices"');
    const [{ description }] = (await app.query<{ description: string }>("select description from tools where slug = $1", [TOOL])) as [{ description: string }];
    const same = await propose(users.maker, "description", { description, sourceUrl: "https://chatgpt.com/overview" });
    expect(same.status).toBe(400);
    expect(await text(same)).toContain("Nothing to change");
    expect(await app.query("select id from maker_proposals")).toEqual([]);
  });

  it("keeps a price proposal off the public page until an editor accepts it; then shows it at once, marked as the maker's, with its receipt, and tells watchers", async () => {
    expect(await text(await get(app, `/tools/${TOOL}`))).not.toContain("$27/month");
    const sent = await propose(users.maker, "pricing", { ...(await pricingForm("27")), sourceUrl: "https://chatgpt.com/pricing", note: "Plus went up on 1 December." });
    expect(sent.status).toBe(200);
    expect(await text(sent)).toContain("Proposal sent");
    const proposal = await proposalOf("pricing");
    expect(proposal.status).toBe("pending");
    // Not live: the public page, the catalogue's row and the history are as they were.
    expect(await text(await get(app, `/tools/${TOOL}`))).not.toContain("$27/month");
    expect(await app.query("select id from tool_changes where source = 'maker'")).toEqual([]);
    // The maker sees it waiting; a second one of the same field waits for the first.
    expect(await text(await get(app, `/maker/tools/${TOOL}`, users.maker.cookie))).toContain("Waiting for our editors");
    expect(await text(await propose(users.maker, "pricing", { ...(await pricingForm("28")), sourceUrl: "https://chatgpt.com/pricing" }))).toContain("A proposal already waits");

    const queue = await text(await get(app, "/admin/proposals", users.editor.cookie));
    expect(queue).toContain(`data-proposal="${proposal.id}"`);
    expect(queue).toContain("https://chatgpt.com/pricing");
    expect(queue).toContain("Plus went up on 1 December.");
    // Accepting needs what the editor read on the source page.
    expect(await text(await post(app, "/admin/proposals", { intent: "accept", id: String(proposal.id), seen: "" }, { cookie: users.editor.cookie }))).toContain("Not decided");
    const accepted = await post(
      app,
      "/admin/proposals",
      { intent: "accept", id: String(proposal.id), seen: "Plus $27 per month on the pricing page" },
      { cookie: users.editor.cookie },
    );
    expect(await text(accepted)).toContain("Proposal accepted");

    const page = await text(await get(app, `/tools/${TOOL}`));
    expect(page).toContain("$27/month");
    expect(page).toContain("as proposed by the maker, accepted by our editors");
    expect(page).toContain('href="https://chatgpt.com/pricing"');
    const [change] = await app.query<{ kind: string; source_url: string }>("select kind, source_url from tool_changes where source = 'maker'");
    expect(change).toEqual({ kind: "price-up", source_url: "https://chatgpt.com/pricing" });
    expect(await text(await get(app, `/changes?tool=${TOOL}`))).toContain("as proposed by the maker, accepted by our editors");
    // The prices' confirmation is the editor's, and its receipt says where the facts came from.
    const [check] = await app.query<{ id: number; checked_by: string }>(
      "select id, checked_by from fact_checks where subject_kind = 'tool-pricing' and subject = $1 order by id desc limit 1",
      [TOOL],
    );
    expect(check!.checked_by).toBe("editor");
    const receipt = await text(await get(app, `/receipts/${check!.id}`));
    expect(receipt).toContain("Proposed by the maker, who named this page; accepted by our editors after reading it.");
    expect(receipt).toContain("Plus $27 per month on the pricing page");
    // The maker sees it accepted; the audit log has both steps with who.
    expect(await text(await get(app, `/maker/tools/${TOOL}`, users.maker.cookie))).toContain("Accepted");
    const audit = await app.query<{ action: string; actor_email: string }>(
      "select action, actor_email from audit_log where target_type = 'maker_proposal' and target_id = $1 order by id",
      [String(proposal.id)],
    );
    expect(audit).toEqual([
      { action: "proposal.create", actor_email: users.maker.email },
      { action: "proposal.accept", actor_email: users.editor.email },
    ]);
    // The maker hears of it by mail.
    const [acceptedMail] = await app.query<{ subject: string; text: string }>(`select subject, text from email_outbox where "to" = $1 order by id desc limit 1`, [
      users.maker.email,
    ]);
    expect(acceptedMail!.subject).toBe("Your change to ChatGPT on AI Tools Atlas is live");
    expect(acceptedMail!.text).toContain("accepted your proposed change to ChatGPT: plans and prices");
    // Watchers hear of it, marked as the maker's.
    await build.runAlertJob();
    const [mail] = await app.query<{ text: string }>(`select text from email_outbox where "to" = $1 order by id desc limit 1`, [users.watcher.email]);
    expect(mail!.text).toContain("$27/month");
    expect(mail!.text).toContain("as proposed by the maker, accepted by our editors");
    // Decided once: a second accept is refused.
    expect(
      await text(await post(app, "/admin/proposals", { intent: "accept", id: String(proposal.id), seen: "Plus $27 per month again" }, { cookie: users.editor.cookie })),
    ).toContain("Already decided");
  });

  it("shows the maker why a proposal was rejected, and changes nothing on the listing", async () => {
    const [before] = await app.query<{ description: string }>("select description from tools where slug = $1", [TOOL]);
    const description = `${before!.description} Now with a proposed sentence that our editors will turn down for the test.`.slice(0, 900);
    expect((await propose(users.maker, "description", { description, sourceUrl: "https://chatgpt.com/overview" })).status).toBe(200);
    const proposal = await proposalOf("description");
    expect(await text(await post(app, "/admin/proposals", { intent: "reject", id: String(proposal.id), reason: "short" }, { cookie: users.editor.cookie }))).toContain(
      "Say why, in at least 10 characters",
    );
    const rejected = await post(
      app,
      "/admin/proposals",
      { intent: "reject", id: String(proposal.id), reason: "The page you named does not say this." },
      { cookie: users.editor.cookie },
    );
    expect(await text(rejected)).toContain("Proposal rejected");
    const makerPage = await text(await get(app, `/maker/tools/${TOOL}`, users.maker.cookie));
    expect(makerPage).toContain("Why our editors turned it down:");
    expect(makerPage).toContain("The page you named does not say this.");
    const [mail] = await app.query<{ subject: string; text: string }>(`select subject, text from email_outbox where "to" = $1 order by id desc limit 1`, [users.maker.email]);
    expect(mail!.subject).toBe("Your proposed change to ChatGPT on AI Tools Atlas");
    expect(mail!.text).toContain("The page you named does not say this.");
    expect(await app.query("select description from tools where slug = $1", [TOOL])).toEqual([{ description: before!.description }]);
    expect(await app.query("select id from tool_changes where kind = 'listing-changed'")).toEqual([]);
    // Another maker never sees this tool's proposals.
    expect(await text(await get(app, `/maker/tools/${OTHER}`, users.otherMaker.cookie))).not.toContain("The page you named does not say this.");
  });

  it("accepts a website change as a dated listing change with its source, and refuses one made against a listing that changed since", async () => {
    expect((await propose(users.maker, "website", { websiteUrl: "https://chatgpt.com/home", sourceUrl: "https://chatgpt.com/" })).status).toBe(200);
    const proposal = await proposalOf("website");
    await app.query("update tools set website_url = 'https://chatgpt.com/moved' where slug = $1", [TOOL]);
    expect(await text(await get(app, "/admin/proposals", users.editor.cookie))).toContain("Listing changed since");
    expect(
      await text(await post(app, "/admin/proposals", { intent: "accept", id: String(proposal.id), seen: "The home page links here" }, { cookie: users.editor.cookie })),
    ).toContain("The listing changed since");
    await app.query("update tools set website_url = 'https://chatgpt.com' where slug = $1", [TOOL]);
    expect((await post(app, "/admin/proposals", { intent: "accept", id: String(proposal.id), seen: "The home page links here" }, { cookie: users.editor.cookie })).status).toBe(
      200,
    );
    expect(await app.query("select website_url from tools where slug = $1", [TOOL])).toEqual([{ website_url: "https://chatgpt.com/home" }]);
    expect(await app.query("select value from tool_listing_overrides where field = 'website'")).toEqual([{ value: "https://chatgpt.com/home" }]);
    expect(await text(await get(app, `/changes?tool=${TOOL}`))).toContain("Website: https://chatgpt.com → https://chatgpt.com/home");
  });
});
