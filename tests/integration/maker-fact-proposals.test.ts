import { beforeAll, expect, it } from "vitest";
import { formatLongDate } from "../../app/lib/ui/dates";
import { createVerifiedUser, get, post } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";

/**
 * Makers' proposals of data and security facts (issue 45, decisions 081 and 084) through the built app: a verified
 * maker proposes a fact for one tier with a page on their domain; it is not on the tool page until an editor accepts
 * it; accepted, the page shows it "Confirmed <date> by an editor" with a receipt that says the maker proposed it, and
 * /changes says "as proposed by the maker, accepted by our editors". A value that is not one of the fact's is refused
 * with a field message; a reader and the maker of another tool are refused; a tool with no facts file gets its fact.
 */

type User = Awaited<ReturnType<typeof createVerifiedUser>> & { id: string };

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');
const TOOL = "chatgpt";
const OTHER = "claude";
/** A tool with no facts file (content/facts/ has none for it). */
const BARE = "ada";
const SOURCE = "https://chatgpt.com/security";
const today = () => formatLongDate(new Date().toISOString().slice(0, 10));

describeEachBackend("makers' proposed data and security facts", (app: TestApp) => {
  // `bareMaker` makes the tool with no facts file: a maker may send 10 proposals in 10 minutes, and `maker` sends most of that.
  const users = {} as Record<"maker" | "bareMaker" | "otherMaker" | "reader" | "editor", User>;

  const claim = async (user: User, slug: string) =>
    app.query(
      "insert into tool_claims (tool_id, user_id, method, domain, nonce, status, verified_at, last_checked_at) select id, $2, 'dns', 'example.com', 'n', 'verified', now(), now() from tools where slug = $1",
      [slug, user.id],
    );
  const propose = (user: User, fields: Record<string, string>, slug = TOOL) => post(app, `/maker/tools/${slug}`, { intent: "data-fact", ...fields }, { cookie: user.cookie });
  const decide = (fields: Record<string, string>) => post(app, "/admin/proposals", fields, { cookie: users.editor.cookie });
  const latestProposal = async (slug: string) =>
    (
      await app.query<{ id: number; status: string; before: unknown; proposed: unknown }>(
        "select p.id, p.status, p.before, p.proposed from maker_proposals p join tools t on t.id = p.tool_id where t.slug = $1 and p.field = 'data-fact' order by p.id desc limit 1",
        [slug],
      )
    )[0]!;
  const factsOf = async (slug: string) =>
    (await app.query<{ facts: { fact: string; tier: string; value: string; source?: string }[] }>("select facts from tool_data_facts where tool_slug = $1", [slug]))[0]?.facts;

  beforeAll(async () => {
    const names = ["maker", "bareMaker", "otherMaker", "reader", "editor"] as const;
    const created = await Promise.all(names.map((name) => createVerifiedUser(app, { name: `Test ${name}` })));
    for (const [index, name] of names.entries()) {
      const [row] = await app.query<{ id: string }>("select id from users where email = $1", [created[index]!.email]);
      users[name] = { ...created[index]!, id: row!.id };
    }
    await app.query("update users set role = 'editor' where id = $1", [users.editor.id]);
    await claim(users.maker, TOOL);
    await claim(users.bareMaker, BARE);
    await claim(users.otherMaker, OTHER);
  });

  it("offers the facts form to the maker, and refuses a reader, another tool's maker, a value that is not the fact's and a page off the tool's domain", async () => {
    const page = await text(await get(app, `/maker/tools/${TOOL}`, users.maker.cookie));
    expect(page).toContain('data-proposal-form="data-fact"');
    expect(page).toContain("Data and security facts");
    expect(page).toContain('<option value="soc2-type2/yes">SOC 2 Type II report: Yes</option>');
    expect(page).not.toContain('value="soc2-type2/unknown"');
    // Listed now, in the page's words.
    expect(page).toContain("SOC 2 Type II report (Business and enterprise plans): Yes");

    for (const who of ["reader", "otherMaker", "editor"] as const) {
      const refused = await propose(users[who], { factValue: "soc2-type2/yes", tier: "all", sourceUrl: SOURCE });
      expect(refused.status, who).toBe(403);
      expect(await text(refused), who).toContain("Claim the listing first");
    }
    for (const factValue of ["soc2-type2/choice", "soc2-type2/unknown", "input-retention/30 days", "made-up/yes"]) {
      const refused = await propose(users.maker, { factValue, tier: "all", sourceUrl: SOURCE });
      expect(refused.status, factValue).toBe(400);
      const body = await text(refused);
      expect(body, factValue).toContain("Choose one of the answers listed under a fact");
      // The form is open again with what was typed.
      expect(body, factValue).toContain(`value="${SOURCE}"`);
    }
    expect((await propose(users.maker, { factValue: "soc2-type2/yes", tier: "everyone", sourceUrl: SOURCE })).status).toBe(400);
    const elsewhere = await propose(users.maker, { factValue: "soc2-type2/yes", tier: "all", sourceUrl: "https://example.org/trust" });
    expect(elsewhere.status).toBe(400);
    expect(await text(elsewhere)).toContain("The source page must be on the tool's own domain");
    // What the listing already says is nothing to change.
    expect(await text(await propose(users.maker, { factValue: "soc2-type2/yes", tier: "business", sourceUrl: SOURCE }))).toContain("Nothing to change");
    expect(await app.query("select id from maker_proposals")).toEqual([]);
  });

  it("keeps a proposed SOC 2 fact off the tool page until an editor accepts it; then shows it confirmed by an editor, with a receipt naming the maker and the change in /changes", async () => {
    const sent = await propose(users.maker, { factValue: "soc2-type2/yes", tier: "all", sourceUrl: SOURCE, note: "Our report covers every plan." });
    expect(sent.status).toBe(200);
    expect(await text(sent)).toContain("Proposal sent");
    const proposal = await latestProposal(TOOL);
    expect(proposal).toMatchObject({ status: "pending", before: null, proposed: { fact: "soc2-type2", tier: "all", value: "yes", source: SOURCE } });
    // A second proposal of the same fact and tier waits for the first.
    expect(await text(await propose(users.maker, { factValue: "soc2-type2/no", tier: "all", sourceUrl: SOURCE }))).toContain("A proposal already waits");

    // Not live: the facts, the page and the history are as they were.
    expect((await factsOf(TOOL))!.some((fact) => fact.fact === "soc2-type2" && fact.tier === "all")).toBe(false);
    expect(await text(await get(app, `/tools/${TOOL}`))).not.toContain(`href="${SOURCE}"`);
    expect(await app.query("select id from tool_changes where source = 'maker'")).toEqual([]);

    // The editor sees the fact before and after, in words.
    const queue = await text(await get(app, "/admin/proposals", users.editor.cookie));
    expect(queue).toContain(`data-proposal="${proposal.id}"`);
    expect(queue).toContain("Data and security facts");
    expect(queue).toContain("Not listed");
    expect(queue).toContain("SOC 2 Type II report (All plans): Yes");
    expect(queue).toContain("Our report covers every plan.");

    expect(await text(await decide({ intent: "accept", id: String(proposal.id), seen: "SOC 2 Type II report for the whole platform" }))).toContain("Proposal accepted");
    expect((await factsOf(TOOL))!.find((fact) => fact.fact === "soc2-type2" && fact.tier === "all")).toMatchObject({ value: "yes", source: SOURCE });

    const page = await text(await get(app, `/tools/${TOOL}`));
    expect(page).toContain(`href="${SOURCE}"`);
    expect(page).toContain(`Confirmed ${today()} by an editor`);
    const [check] = await app.query<{ id: number; checked_by: string; source_url: string; details: Record<string, unknown> }>(
      "select id, checked_by, source_url, details from fact_checks where subject_kind = 'tool-fact' and subject = $1 order by id desc limit 1",
      [`${TOOL}/soc2-type2/all`],
    );
    expect(check).toMatchObject({ checked_by: "editor", source_url: SOURCE, details: { proposedBy: "maker", proposalId: Number(proposal.id) } });
    expect(page).toContain(`href="/receipts/${check!.id}"`);
    const receipt = await text(await get(app, `/receipts/${check!.id}`));
    expect(receipt).toContain("SOC 2 Type II report, All plans: Yes");
    expect(receipt).toContain("Proposed by the maker, who named this page; accepted by our editors after reading it.");
    expect(receipt).toContain("SOC 2 Type II report for the whole platform");

    const [change] = await app.query<{ kind: string; source_url: string; before: unknown; after: unknown }>(
      "select kind, source_url, before, after from tool_changes where source = 'maker'",
    );
    expect(change).toEqual({ kind: "data-fact-changed", source_url: SOURCE, before: null, after: { fact: "soc2-type2", tier: "all", value: "yes" } });
    const changes = await text(await get(app, `/changes?tool=${TOOL}`));
    expect(changes).toContain("SOC 2 Type II report (All plans): not listed → Yes");
    expect(changes).toContain("as proposed by the maker, accepted by our editors");
    expect(await app.query("select fact, tier from tool_fact_overrides")).toEqual([{ fact: "soc2-type2", tier: "all" }]);
    expect(await text(await get(app, `/maker/tools/${TOOL}`, users.maker.cookie))).toContain("Accepted");
  });

  it("gives a tool with no facts file its first fact, and refuses one made against a fact that changed since", async () => {
    expect(await factsOf(BARE)).toBeUndefined();
    expect(await text(await get(app, `/tools/${BARE}`))).toContain("We have not yet gathered Ada's data and security facts");
    expect((await propose(users.bareMaker, { factValue: "api-available/yes", tier: "all", sourceUrl: "https://www.ada.cx/developers" }, BARE)).status).toBe(200);
    const api = await latestProposal(BARE);
    expect((await decide({ intent: "accept", id: String(api.id), seen: "The developers page documents the public REST API" })).status).toBe(200);
    expect(await factsOf(BARE)).toEqual([{ fact: "api-available", tier: "all", value: "yes", source: "https://www.ada.cx/developers", enteredAt: expect.any(String) }]);
    const page = await text(await get(app, `/tools/${BARE}`));
    expect(page).not.toContain("We have not yet gathered Ada's data and security facts");
    expect(page).toContain("A public API for developers");
    expect(page).toContain(`Confirmed ${today()} by an editor`);
    expect(page).toContain("Not published");

    // Proposed against "not listed"; the listing then states the fact another way: the proposal is stale.
    expect((await propose(users.bareMaker, { factValue: "dpa/yes", tier: "all", sourceUrl: "https://www.ada.cx/dpa" }, BARE)).status).toBe(200);
    const dpa = await latestProposal(BARE);
    await app.query(
      `update tool_data_facts set facts = facts || '[{"fact":"dpa","tier":"all","value":"no","enteredAt":"2026-12-01","source":"https://www.ada.cx/legal"}]'::jsonb where tool_slug = $1`,
      [BARE],
    );
    expect(await text(await get(app, "/admin/proposals", users.editor.cookie))).toContain("Listing changed since");
    expect(await text(await decide({ intent: "accept", id: String(dpa.id), seen: "The DPA page offers one to every customer" }))).toContain("The listing changed since");
    expect((await factsOf(BARE))!.find((fact) => fact.fact === "dpa")!.value).toBe("no");
  });
});
