import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { get, post, uniqueEmail, uniqueIp } from "../support/accounts";
import { BASE_URL, describeEachBackend, type TestApp } from "../support/app";
import { latestLink, readOutbox, settleMail } from "../support/mail";

/** A subscription as a box posts it without JavaScript; `box` is what /newsletter then shows in its form's place. */
async function subscribe(app: TestApp, fields: Record<string, string>, ip = uniqueIp()) {
  const response = await post(app, "/newsletter", { source: "home", ...fields }, { ip });
  const page = (await response.text()).replaceAll("<!-- -->", "");
  const box = page.slice(page.indexOf('id="newsletter-form-heading"'), page.indexOf("</section>", page.indexOf('id="newsletter-form-heading"')));
  return { response, page, box };
}

/** Every message sent to `address` so far, once the outbox has delivered what the requests before wrote. */
async function messagesTo(app: TestApp, address: string) {
  await settleMail(app);
  return readOutbox(app.dataDir).filter((message) => message.to.includes(address));
}
const rawOf = (app: TestApp, file: string) => readFileSync(path.join(app.dataDir, "outbox", file), "utf8");
const subscriberRow = async (app: TestApp, email: string) =>
  (
    await app.query<{ confirmed_at: Date | null; unsubscribed_at: Date | null; source: string; name: string | null; confirm_nonce: string | null }>(
      "select confirmed_at, unsubscribed_at, source, name, confirm_nonce from newsletter_subscribers where email = $1",
      [email],
    )
  )[0];

describeEachBackend("the newsletter", (app) => {
  it("subscribes with double opt-in: confirmation email, confirm, welcome email, one-click unsubscribe", async () => {
    const email = uniqueEmail("reader");
    const first = await post(app, "/newsletter", { email: `  ${email.toUpperCase()} `, name: " Ada ", source: "article" });
    expect(first.status).toBe(200);
    const page = await first.text();
    expect(page).toContain("Thanks for subscribing! Check your inbox soon.");
    expect(await subscriberRow(app, email)).toMatchObject({ confirmed_at: null, unsubscribed_at: null, source: "article", name: "Ada" });

    const [confirmation] = await messagesTo(app, email);
    expect(confirmation?.subject).toContain("Confirm your subscription");
    const raw = rawOf(app, confirmation!.file);
    const unsubscribeHeader = raw.match(/^List-Unsubscribe:\s*<([^>]+)>/m)?.[1];
    expect(unsubscribeHeader).toMatch(new RegExp(`^${BASE_URL}/newsletter/unsubscribe\\?token=`));
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);

    // Opening the link does not confirm (mail scanners open links); the page's button does, once.
    const link = new URL(await latestLink(app.dataDir, email, "/newsletter/confirm"));
    const opened = await get(app, link.pathname + link.search);
    expect(await opened.text()).toContain("Confirm my subscription");
    expect((await subscriberRow(app, email))?.confirmed_at).toBeNull();
    const confirmed = await post(app, link.pathname + link.search, {});
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Subscription confirmed");
    expect((await subscriberRow(app, email))?.confirmed_at).not.toBeNull();
    const welcome = (await messagesTo(app, email)).at(-1)!;
    expect(welcome.subject).toContain("Welcome");
    expect(rawOf(app, welcome.file)).toMatch(/^List-Unsubscribe:\s*</m);
    const again = await post(app, link.pathname + link.search, {});
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("Link expired");

    // RFC 8058: the mail program posts List-Unsubscribe=One-Click to the header's address, without a page.
    const unsubscribeUrl = new URL(unsubscribeHeader!);
    const oneClick = await app.request(unsubscribeUrl.pathname + unsubscribeUrl.search, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": uniqueIp() },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect((await subscriberRow(app, email))?.unsubscribed_at).not.toBeNull();
    const unsubscribePage = await get(app, unsubscribeUrl.pathname + unsubscribeUrl.search);
    expect((await unsubscribePage.text()).replaceAll("<!-- -->", "")).toContain("is already unsubscribed");
  });

  it("unsubscribes from the page's button too, and refuses a forged link", async () => {
    const email = uniqueEmail("leaver");
    await subscribe(app, { email });
    const link = new URL(await latestLink(app.dataDir, email, "/newsletter/unsubscribe"));
    const page = (await (await get(app, link.pathname + link.search)).text()).replaceAll("<!-- -->", "");
    expect(page).toContain(`Stop sending the newsletter to ${email}?`);
    const done = await post(app, link.pathname + link.search, {});
    expect(await done.text()).toContain("You will not receive the newsletter any more.");
    expect((await subscriberRow(app, email))?.unsubscribed_at).not.toBeNull();

    const [id] = link.searchParams.get("token")!.split(".");
    const forged = `/newsletter/unsubscribe?token=${Number(id) + 1}.${"A".repeat(43)}`;
    expect(await (await get(app, forged)).text()).toContain("This unsubscribe link is not valid.");
    const refused = await post(app, forged, {});
    expect(refused.status).toBe(400);
    const confirmForged = await post(app, `/newsletter/confirm?token=${id}.abc.${"A".repeat(43)}`, {});
    expect(confirmForged.status).toBe(400);
  });

  it("answers a known address exactly like a new one, and sends it a note instead of a second opt-in", async () => {
    const known = uniqueEmail("known");
    await subscribe(app, { email: known });
    const link = new URL(await latestLink(app.dataDir, known, "/newsletter/confirm"));
    await post(app, link.pathname + link.search, {});
    await new Promise((resolve) => setTimeout(resolve, 10));
    const fresh = await subscribe(app, { email: uniqueEmail("fresh") });
    // The per-address limit allows one email a minute; a minute later the known address asks again.
    await app.query("delete from rate_limits where key like 'newsletter%'").catch(() => undefined);
    const repeat = await subscribe(app, { email: known });
    expect(repeat.response.status).toBe(fresh.response.status);
    expect(repeat.box).toEqual(fresh.box);
    expect(repeat.box).toContain("Thanks for subscribing! Check your inbox soon.");
    expect((await messagesTo(app, known)).at(-1)?.subject).toContain("already subscribed");
    expect((await subscriberRow(app, known))?.confirmed_at).not.toBeNull();
  });

  it("refuses a missing or malformed address with the reason, keeping what was typed", async () => {
    const missing = await subscribe(app, { email: "   ", name: "Grace" });
    expect(missing.response.status).toBe(400);
    expect(missing.box).toContain("Subscription failed");
    expect(missing.box).toContain("Email is required");
    expect(missing.box).toContain('value="Grace"');
    const malformed = await post(app, "/newsletter", { email: "grace@", name: "Grace", source: "footer" });
    expect(malformed.status).toBe(400);
    const page = await malformed.text();
    expect(page).toContain("Enter a valid email address");
    expect(page).toContain('value="grace@"');
    expect(page).toContain('value="Grace"');
  });

  it("sends the confirmation at most once a minute per address, and limits an address's IP", async () => {
    const email = uniqueEmail("eager");
    expect((await subscribe(app, { email })).response.status).toBe(200);
    const second = await subscribe(app, { email });
    expect(second.response.status).toBe(429);
    expect(second.box).toContain("Email already sent");
    expect(await messagesTo(app, email)).toHaveLength(1);

    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) statuses.push((await subscribe(app, { email: uniqueEmail("many") }, ip)).response.status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("ignores a bot that fills the hidden field: same answer, nothing stored or sent", async () => {
    const email = uniqueEmail("bot");
    const { response, box } = await subscribe(app, { email, company: "Acme" });
    expect(response.status).toBe(200);
    expect(box).toContain("Thanks for subscribing! Check your inbox soon.");
    expect(await subscriberRow(app, email)).toBeUndefined();
    expect(await messagesTo(app, email)).toHaveLength(0);
  });

  it("has a page saying what the newsletter contains, how often, and how to leave", async () => {
    const { response, body } = await app.html("/newsletter");
    expect(response.status).toBe(200);
    expect(body).toContain("<h1");
    // How often issues went out, from the sent issues, never a promised frequency (decision 061).
    expect(body).not.toMatch(/once a week|one email a week/);
    expect(body).toMatch(/No issue has been sent yet\.|issues? sent (since|so far)/);
    expect(body).toContain('href="/newsletter/unsubscribe"');
    expect(body).toContain('<link rel="canonical" href="http://localhost:3000/newsletter"/>');
    expect((await app.request("/newsletter")).headers.get("x-cache")).toBe("HIT");
    const unsubscribe = await app.html("/newsletter/unsubscribe");
    expect(unsubscribe.body).toContain("one-click");
    expect(unsubscribe.body).toContain('content="noindex, follow"');
  });
});
