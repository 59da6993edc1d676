import { expect, it } from "vitest";
import { createVerifiedUser, GOOD_PASSWORD, post, signIn, uniqueEmail, uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { readOutbox, settleMail } from "../support/mail";

/**
 * Decision 038: what a stranger can have us mail to an address is limited per address and per day, counting the
 * messages queued, not the attempts: at most 5 reset links, 5 confirmation links and 3 newsletter mails a day. The
 * forms' answers stay the same whether or not the address has an account.
 */

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

/** Ends the rate-limit windows whose keys match `pattern` (SQL LIKE): the clock moved past them. */
const endWindows = (app: TestApp, pattern: string) => app.query("update rate_limits set reset_at = now() - interval '1 second' where key like $1", [pattern]);

/** The messages sent to `address` whose subject contains `subject`, once the outbox has delivered everything. */
async function mailTo(app: TestApp, address: string, subject: string) {
  await settleMail(app);
  return readOutbox(app.dataDir).filter((message) => message.to.includes(address) && message.subject.includes(subject));
}

const counted = async (app: TestApp, key: string) => (await app.query<{ count: number }>("select count from rate_limits where key = $1", [key]))[0]?.count ?? 0;

/** The toast of a page, without the request-specific parts (nonces, ids). */
const toastOf = (page: string) => page.match(/Please check your email for password reset instructions\.|Email already sent|Too many attempts/g);

describeEachBackend("mail limits per address", (app) => {
  it("sends at most 5 reset links a day to an address, whatever the number of requests, and a 6th once the day has passed", async () => {
    const user = await createVerifiedUser(app);
    const forgot = (email: string) => post(app, "/auth", { intent: "forgot", from: "page", email });
    const answers: { status: number; toast: string[] | null }[] = [];
    for (let request = 0; request < 20; request++) {
      // A minute later each time (the form's own one-a-minute rule counts attempts), from a new client address.
      await endWindows(app, `email:a0:${user.email}`);
      const response = await forgot(user.email);
      answers.push({ status: response.status, toast: toastOf(await text(response)) });
    }
    expect(await mailTo(app, user.email, "Reset")).toHaveLength(5);
    // Only the messages sent are counted, not the 15 requests answered without one.
    expect(await counted(app, `resetMail:a0:${user.email}`)).toBe(5);
    // Every answer, the ones that sent nothing included, is the one an address without an account gets.
    const unknown = await forgot(uniqueEmail("nobody"));
    const stranger = { status: unknown.status, toast: toastOf(await text(unknown)) };
    expect(stranger.status).toBe(200);
    expect(new Set(stranger.toast)).toEqual(new Set(["Please check your email for password reset instructions."]));
    expect(answers).toEqual(Array.from({ length: 20 }, () => stranger));

    // A day later (the window ends): the next request sends the 6th link, which works.
    await endWindows(app, `resetMail:%${user.email}`);
    await endWindows(app, `email:a0:${user.email}`);
    expect((await forgot(user.email)).status).toBe(200);
    expect(await mailTo(app, user.email, "Reset")).toHaveLength(6);
    // Twenty-odd requests through Better Auth: room for a busy machine.
  }, 90_000);

  it("sends at most 5 confirmation links a day; signing in with the password then says when to ask again, the resend form answers as ever", async () => {
    const email = uniqueEmail("unconfirmed");
    const signUp = await post(app, "/auth", { intent: "signup", from: "dialog", name: "Una Confirmed", email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD });
    expect(signUp.status).toBe(201);
    const resend = async () => {
      await endWindows(app, `email:a0:${email}`);
      const response = await post(app, "/auth", { intent: "resend", from: "page", email });
      return { status: response.status, said: (await text(response)).includes("If that address has an unconfirmed account, a new confirmation link is on its way.") };
    };
    const answers = [];
    for (let request = 0; request < 7; request++) answers.push(await resend());
    expect(answers).toEqual(Array.from({ length: 7 }, () => ({ status: 200, said: true })));
    // The sign-up's link and four more.
    expect(await mailTo(app, email, "Confirm your email")).toHaveLength(5);

    // The right password proves the visitor may be told: when, in hours, and Retry-After.
    await endWindows(app, `email:a0:${email}`);
    const held = await signIn(app, email, GOOD_PASSWORD);
    expect(held.response.status).toBe(429);
    expect(Number(held.response.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    const page = await text(held.response);
    expect(page).toContain("Please confirm your email");
    expect(page).toMatch(/We have sent it as many confirmation links as we send in a day: please use one of them, or try again in 2[34] hours\./);
    // A wrong password learns nothing new.
    expect((await signIn(app, email, "not-the-password-at-all")).response.status).toBe(401);

    await endWindows(app, `confirmationMail:%${email}`);
    await endWindows(app, `email:a0:${email}`);
    const later = await signIn(app, email, GOOD_PASSWORD);
    expect(later.response.status).toBe(403);
    expect(await text(later.response)).toContain("We have sent you a new confirmation link.");
    expect(await mailTo(app, email, "Confirm your email")).toHaveLength(6);
  }, 90_000);

  it("sends an address at most 3 newsletter mails a day, says when to try again, and refused attempts never count", async () => {
    const email = uniqueEmail("reader");
    const subscribe = async (fields: Record<string, string> = {}) => {
      const response = await post(app, "/newsletter", { source: "home", email, ...fields }, { ip: uniqueIp() });
      return { status: response.status, page: await text(response) };
    };
    // Five bad attempts for the address (a name too long): refused, and they hold nothing against it.
    for (let attempt = 0; attempt < 5; attempt++) expect((await subscribe({ name: "n".repeat(81) })).status).toBe(400);
    expect((await subscribe()).status).toBe(200);
    expect(await mailTo(app, email, "")).toHaveLength(1);

    // At most one a minute (counted when sent), three a day.
    const tooSoon = await subscribe();
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.page).toContain("Email already sent");
    for (let mail = 2; mail <= 3; mail++) {
      await endWindows(app, `newsletterMail:a0:${email}`);
      expect((await subscribe()).status).toBe(200);
    }
    await endWindows(app, `newsletterMail:a0:${email}`);
    const fourth = await subscribe();
    expect(fourth.status).toBe(429);
    expect(fourth.page).toContain("Email limit reached");
    expect(fourth.page).toMatch(/We have sent this address as many emails as we send in a day\. Please check your inbox \(and spam folder\), or try again in 2[34] hours\./);
    expect(await mailTo(app, email, "")).toHaveLength(3);
    expect(await counted(app, `newsletterMail:a1:${email}`)).toBe(3);

    // A day later the address may ask again.
    await endWindows(app, `newsletterMail:%${email}`);
    expect((await subscribe()).status).toBe(200);
    expect(await mailTo(app, email, "")).toHaveLength(4);
  });
});
