import path from "node:path";
import { FACT_STALE_DAYS } from "~/lib/tool/data-facts";
import { describe, expect, it } from "vitest";
import { DOCUMENT_UPDATED } from "../../app/lib/blog/document-dates";
import { isDealLive } from "../../app/lib/deal/deals";
import { readToolFiles } from "../../app/models/content/load.server";
import { loadOffers } from "../../app/models/content/offers.server";
import { slugsIn } from "../support/catalogue";
import { projectRoot } from "../support/paths";
import { createVerifiedUser, get, post, uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";

/**
 * Labels with data behind them (issue 41, decision 062): a label names popularity only when the order differs from
 * the rating order, 'Popular' on a deal only with the recorded clicks, 'New' never on the launch catalogue, and the
 * pages about the site state no year, count or promise the database does not back.
 */

const cardOf = (html: string, slug: string) => {
  const start = html.indexOf(`<article data-tool-slug="${slug}"`);
  return start < 0 ? "" : html.slice(start, html.indexOf("</article>", start));
};
const dealCard = (html: string, id: string) => {
  const start = html.indexOf(`data-deal-id="${id}"`);
  return start < 0 ? "" : html.slice(start, html.indexOf("</article>", start));
};
const dealIds = (html: string) => [...html.matchAll(/<article id="deal-[^"]+" data-deal-id="([^"]+)"/g)].map((match) => match[1]!);

/** The visible text of some HTML: scripts, styles and tags out, entities the pages use decoded, spaces collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replace(/\s+/g, " ")
    .replace(/ ([.,;:])/g, "$1")
    .trim();
/** The page's own part: <main>, without the header and footer every page shares; a section heading's number ('3. ') left out. */
const mainOf = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>") + 7).replace(/(<h2\b[^>]*>)\d+\.(<!-- -->)? /g, "$1");
/** A newsletter sign-up box (components/newsletter/newsletter-form.tsx), by its source. */
const newsletterBox = (html: string, source: string) => {
  const start = html.indexOf(`data-newsletter="${source}"`);
  return start < 0 ? "" : html.slice(html.lastIndexOf("<form", start), html.indexOf("</form>", start) + 7);
};
/** The live deals of the content files, in the files' order. */
const liveDeals = () => loadOffers(readToolFiles(path.join(projectRoot, "content"))).deals.filter((deal) => isDealLive(deal, new Date()));
const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-Z“"(])/).filter(Boolean);

/**
 * Promises and claims the site cannot back from its records, in any page about the site itself: a reply time, a
 * frequency, a founding year, a readership, a 'named editor' when no author is a person.
 */
const UNBACKED = [
  /\b(reply|replies|answer|respond)\w*\s+within\b/i,
  /\b\d+\s*[-–]\s*\d+\s+hours\b/i,
  /\bevery (day|week|month)\b/i,
  /\b(one|an?|two|three) (email|issue|newsletter)s? (a|per|every) (day|week|month)\b/i,
  /\b(daily|weekly|monthly)\b/i,
  /\b(started|founded|launched|since) in \d{4}\b/i,
  /\bwe read every message\b/i,
  /\b\d[\d,]*\+/,
  /\b(thousands|millions) of\b/i,
  /\bmost popular\b/i,
  /\btrusted by\b/i,
];

describeEachBackend("labels with data behind them", (app: TestApp) => {
  describe("deals", () => {
    // First in the suite: the click count is read once an hour at most (cached until then), so the clicks go in
    // before any page reads it.
    it("shows 'Popular' only on a deal with at least 10 visitors' clicks in the last 30 days, and says the rule", async () => {
      const [popular, nine, old] = liveDeals().map((deal) => deal.id);
      expect(popular && nine && old).toBeTruthy();
      const click = (target: string, visitor: string, daysAgo: number) =>
        app.query(
          `insert into affiliate_clicks (kind, target, destination, value, visitor_hash, created_at) values ('deal', $1, 'https://example.com/', 1, $2, now() - make_interval(days => $3))`,
          [target, visitor, daysAgo],
        );
      for (let visitor = 0; visitor < 10; visitor += 1) await click(popular!, `v${visitor}`, visitor);
      // Nine visitors, one of them four times: nine, not twelve.
      for (let visitor = 0; visitor < 9; visitor += 1) await click(nine!, `v${visitor}`, 1);
      for (let again = 0; again < 3; again += 1) await click(nine!, "v0", 2);
      // Ten visitors, all before the window.
      for (let visitor = 0; visitor < 10; visitor += 1) await click(old!, `v${visitor}`, 31 + visitor);

      const { body } = await app.html("/deals");
      expect(dealCard(body, popular!)).toContain(">Popular</span>");
      expect(dealCard(body, nine!)).not.toContain(">Popular</span>");
      expect(dealCard(body, old!)).not.toContain(">Popular</span>");
      // Popular first.
      expect(dealIds(body)[0]).toBe(popular);
      expect(textOf(body)).toContain("Popular: at least 10 visitors followed the deal's link in the last 30 days (each visitor counted once a day).");
      // No card anywhere says Popular without those clicks.
      for (const page of ["/deals", "/"]) {
        const html = (await app.html(page)).body;
        for (const id of dealIds(html)) {
          if (!dealCard(html, id).includes(">Popular</span>")) continue;
          const [row] = await app.query<{ visitors: number }>(
            "select count(distinct visitor_hash)::int as visitors from affiliate_clicks where kind = 'deal' and target = $1 and created_at >= now() - interval '30 days'",
            [id],
          );
          expect(row!.visitors, `${page}: ${id}`).toBeGreaterThanOrEqual(10);
        }
      }
    });
  });

  describe("the directory's sort", () => {
    it("never labels popularity an order that is the rating order", async () => {
      const { body } = await app.html("/tools");
      const select = body.slice(body.indexOf('id="tool-sort"'), body.indexOf("</select>", body.indexOf('id="tool-sort"')));
      const options = [...select.matchAll(/<option value="([^"]+)"[^>]*>([^<]+)<\/option>/g)].map((match) => ({ value: match[1]!, label: match[2]! }));
      expect(options.length).toBeGreaterThan(3);
      const selected = select.match(/<option value="([^"]+)" selected=""/)?.[1] ?? options[0]!.value;
      const rating = slugsIn((await app.html("/tools?sort=rating")).body);
      for (const option of options.filter((candidate) => /popular/i.test(candidate.label))) {
        const order = slugsIn((await app.html(`/tools?sort=${option.value}`)).body);
        expect(order, `'${option.label}' is the rating order`).not.toEqual(rating);
      }
      // The default order shown is named for what it is.
      const label = options.find((option) => option.value === selected)!.label;
      if (/popular/i.test(label)) expect(slugsIn(body)).not.toEqual(rating);
      expect(label).toBe("Highest rated (reviewed first)");
      expect(slugsIn(body)).toEqual(rating);
      // An old link's ?sort=popular reads as what it always was, the rating order, and no page says 'Most popular'.
      const old = (await app.html("/tools?sort=popular")).body;
      expect(slugsIn(old)).toEqual(rating);
      expect(textOf(old)).not.toMatch(/most popular/i);
      expect(textOf((await app.html("/tools/category/ai-assistant")).body)).not.toMatch(/most popular/i);
    });
  });

  describe("'New'", () => {
    it("never marks a tool of the launch catalogue New, and marks one added after it", async () => {
      const [launch] = await app.query<{ opened: string; last: string }>("select min(added_at)::text as opened, max(added_at)::text as last from tools");
      // The content's tools went in over two days: all of them are the launch catalogue.
      expect(Date.parse(launch!.last) - Date.parse(launch!.opened)).toBeLessThanOrEqual(7 * 86_400_000);
      const newest = (await app.html("/tools?sort=newest")).body;
      expect(slugsIn(newest)).toHaveLength(24);
      expect(newest).not.toContain(">New</span>");
      const [first] = slugsIn(newest);
      expect((await app.html(`/tools/${first}`)).body).not.toContain(">New</span>");
      expect((await app.html("/")).body).not.toContain(">New</span>");

      // A tool added today, after the launch catalogue, is New.
      await app.query("update tools set added_at = current_date where slug = 'grammarly'");
      const later = (await app.html("/tools?sort=newest&after=1")).body;
      expect(slugsIn(later)[0]).toBe("grammarly");
      expect(cardOf(later, "grammarly")).toContain(">New</span>");
      expect(later.split(">New</span>")).toHaveLength(2);
    });
  });

  describe("the pages about the site", () => {
    it("state no year, count or promise the database does not back", async () => {
      const [figures] = await app.query<{ opened: string; tools: number; reviews: number; people: number; posts: number }>(
        `select min(added_at)::text as opened, count(*)::int as tools,
           (select count(*)::int from tool_reviews) as reviews,
           (select count(*)::int from authors where kind = 'person') as people,
           (select count(*)::int from posts) as posts
         from tools`,
      );
      const opened = figures!.opened;
      const openedWords = new Date(`${opened}T00:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
      const [policy] = await app.query<Record<string, number>>(
        `select (select count(*)::int from tools where source = 'editorial') as editorial, (select count(*)::int from tools where source = 'community') as community,
           (select count(*)::int from reviews where hidden_at is null) as ratings, (select count(*)::int from reviews where hidden_at is null and comment <> '') as written,
           (select count(*)::int from reviews where hidden_at is null and comment <> '' and verified_at is not null) as verified,
           (select count(*)::int from reviews where hidden_at >= now() - interval '90 days') as hidden,
           (select count(*)::int from audit_log where action = 'review.delete' and created_at >= now() - interval '90 days') as deleted`,
      );
      const authorCounts = await app.query<{ n: number }>(
        "select (select count(*)::int from posts where author_id = a.id) as n from authors a union all select (select count(*)::int from tool_reviews where author_id = a.id) from authors a",
      );
      /**
       * The numbers these pages may print: the database's figures, the day the catalogue opened, and the numbers of
       * the rules they state (ratings out of 5, the 90-day moderation window, the reply time's 10 replies in 30 days).
       */
      const allowed = [
        ...[figures!.tools, figures!.reviews, figures!.posts, figures!.people, ...Object.values(policy!), ...authorCounts.map((row) => row.n)].map(String),
        ...openedWords.match(/\d+/g)!,
        "5",
        "90",
        "10",
        "30",
        // The data facts' rule: a fact older than this is marked (issue 44).
        String(FACT_STALE_DAYS),
        // The date /how-we-review was last written (its 'Last updated' line): a record of the document itself.
        ...DOCUMENT_UPDATED["/how-we-review"].split("-").map((part) => String(Number(part))),
      ];
      const pages: Record<string, string> = {};
      for (const path of ["/about", "/how-we-review", "/contact"]) {
        const { response, body } = await app.html(path);
        expect(response.status, path).toBe(200);
        pages[path] = textOf(mainOf(body));
        if (path === "/about") pages["newsletter box"] = textOf(newsletterBox(body, "footer"));
      }
      expect(pages["newsletter box"]).toContain("Subscribe");

      for (const [page, text] of Object.entries(pages)) {
        for (const sentence of sentencesOf(text)) {
          for (const pattern of UNBACKED) expect(sentence, `${page}: ${pattern}`).not.toMatch(pattern);
          // A year only as the database has it: the day the catalogue opened, or the page's own dated records.
          for (const year of sentence.match(/\b(19|20)\d{2}\b/g) ?? [])
            expect([opened.slice(0, 4), DOCUMENT_UPDATED["/how-we-review"].slice(0, 4)], `${page}: "${sentence}"`).toContain(year);
          if (figures!.people === 0) expect(sentence, page).not.toMatch(/\bwritten by a named editor\b/i);
          // Every other figure is one the database gives, or a stated rule's own number.
          // (The names of two standards, SOC 2 and ISO 27001, are no figures.)
          for (const figure of sentence.replace(/\bSOC 2\b|\bISO(\/IEC)? 27001\b/g, "").match(/\b\d[\d,]*(\.\d+)?\b/g) ?? [])
            expect(allowed, `${page}: ${figure} in "${sentence}"`).toContain(figure.replaceAll(",", ""));
        }
      }

      // /about: when the catalogue opened and its figures, from the database.
      expect(pages["/about"]).toContain(`Our catalogue opened on ${openedWords}, the day its first tool was added.`);
      // (The figure list puts each label before its number: the number is drawn first by CSS.)
      expect(pages["/about"]).toContain(`AI tools listed ${figures!.tools}`);
      expect(pages["/about"]).toContain(`in-depth reviews ${figures!.reviews}`);
      expect(pages["/about"]).toContain(`articles ${figures!.posts}`);
      if (figures!.people === 0) expect(pages["/about"]).toContain("no named editor has signed one");
      // /how-we-review: who signed the reviews.
      if (figures!.people === 0)
        expect(pages["/how-we-review"]).toContain(
          `We have published ${figures!.reviews} in-depth reviews; all are signed by the AI Tools Atlas editorial team as a whole, not by a named editor.`,
        );
      // /contact: no reply time before ten replies in 30 days.
      expect(pages["/contact"]).toContain("Not published yet: we will state our median reply time once we have answered at least 10 messages in 30 days.");
      expect(pages["/contact"]).not.toMatch(/\bhours?\b/);
    });

    it("states the measured median reply time on /contact once ten replies back it, and the inbox marks what is unanswered after 48 hours", async () => {
      const editor = await createVerifiedUser(app, { name: "Reply Editor" });
      await app.query("update users set role = 'editor' where email = $1", [editor.email]);
      const send = async (subject: string) => {
        const sent = await post(
          app,
          "/contact",
          {
            intent: "contact",
            firstName: "Ann",
            lastName: "Reader",
            email: `${subject.replaceAll(" ", "-").toLowerCase()}@example.com`,
            subject,
            message: "A question about the directory, long enough to send.",
          },
          { ip: uniqueIp() },
        );
        expect(sent.status, await sent.clone().text()).toBeLessThan(400);
        const [row] = await app.query<{ id: number }>("select id from contact_messages where subject = $1", [subject]);
        return row!.id;
      };
      // Nine messages answered 2, 4, ... 18 hours after they arrived, and one left for three days.
      const ids: number[] = [];
      for (let index = 0; index < 10; index += 1) ids.push(await send(`Reply time ${index}`));
      for (const [index, id] of ids.slice(0, 9).entries())
        await app.query("update contact_messages set created_at = now() - make_interval(hours => $2) where id = $1", [id, 2 * (index + 1)]);
      await app.query("update contact_messages set created_at = now() - interval '3 days' where id = $1", [ids[9]]);
      for (const id of ids.slice(0, 9)) expect((await post(app, `/admin/messages/${id}`, { intent: "replied" }, { cookie: editor.cookie })).status).toBe(302);

      // Nine replies: no figure.
      expect(textOf(mainOf((await app.html("/contact")).body))).toContain("Not published yet");
      const inbox = (await (await get(app, "/admin/messages", editor.cookie)).text()).replaceAll("<!-- -->", "");
      expect(inbox).toMatch(new RegExp(`data-message-id="${ids[9]}"[^>]*data-overdue="true"`));
      expect(inbox).toContain("Unanswered after 48 h");
      expect(inbox).toMatch(new RegExp(`data-message-id="${ids[0]}"[^>]*data-overdue="false"`));
      expect(inbox).toContain("3 days old");

      // The tenth reply (after 72 hours) makes ten: the median of 2, 4, ..., 18 and 72 hours is 11 hours.
      expect((await post(app, `/admin/messages/${ids[9]}`, { intent: "replied" }, { cookie: editor.cookie })).status).toBe(302);
      const [audit] = await app.query<{ n: number }>("select count(*)::int as n from audit_log where action = 'message.replied'");
      expect(audit!.n).toBe(10);
      const contact = (await app.html("/contact")).body;
      const median = Number(contact.match(/data-reply-time="(\d+)"/)?.[1]);
      expect(Math.abs(median - 11 * 3_600_000)).toBeLessThan(120_000);
      expect(textOf(mainOf(contact))).toContain("Half of the 10 messages we answered in the last 30 days had their reply within 11 hours (the median, measured from our inbox).");
      // Answered messages are no longer marked.
      expect((await (await get(app, "/admin/messages", editor.cookie)).text()).replaceAll("<!-- -->", "")).not.toContain("Unanswered after 48 h");
    });
  });
});
