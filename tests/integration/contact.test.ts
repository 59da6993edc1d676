import { expect, it } from "vitest";
import { createVerifiedUser, get, post, uniqueEmail, uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";
import { readOutbox, settleMail } from "../support/mail";

const CONTACT_EMAIL = "editors@aitoolsatlas.example";
const message = (overrides: Record<string, string> = {}) => ({
  firstName: "Grace",
  lastName: "Hopper",
  email: uniqueEmail("sender"),
  subject: "Correction for the Jasper listing",
  message: "The Creator plan price changed last week; the listing still shows the old one.",
  ...overrides,
});
const stored = (app: TestApp, email: string) =>
  app.query<{ first_name: string; subject: string; message: string; emailed_at: Date | null }>(
    "select first_name, subject, message, emailed_at from contact_messages where email = $1",
    [email],
  );

describeEachBackend("the contact page", (app) => {
  it("shows the form, no promised response time, real contact details and ContactPage data", async () => {
    const { response, body } = await app.html("/contact");
    expect(response.status).toBe(200);
    expect(body).toContain(">Contact Us</h1>");
    for (const label of ["First name", "Last name", "Email", "Subject", "Message"]) expect(body).toContain(`>${label}</label>`);
    // No promised reply time: the measured median, once ten replies in 30 days back it (honest-labels.test.ts).
    expect(body).toContain('data-reply-time="none"');
    expect(body).not.toMatch(/\d+-\d+ hours/);
    expect(body).toContain(`mailto:${CONTACT_EMAIL}`);
    expect(body).not.toMatch(/href="#"/);
    expect(body).toContain('"@type":"ContactPage"');
    // Kept for anonymous visitors like every public page.
    expect((await app.request("/contact")).headers.get("x-cache")).toBe("HIT");
    expect((await app.request("/support")).headers.get("x-cache")).toMatch(/MISS|HIT/);
    expect((await app.request("/support")).headers.get("x-cache")).toBe("HIT");
  });

  it("stores a message and mails it to the editors with the sender as Reply-To, never to the sender", async () => {
    const fields = message();
    const response = await post(app, "/contact", fields);
    expect(response.status).toBe(201);
    const page = (await response.text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Message Sent!");
    expect(page).toContain("We&#x27;ll get back to you as soon as possible.");
    const [row] = await stored(app, fields.email);
    expect(row).toMatchObject({ first_name: "Grace", subject: fields.subject, message: fields.message });
    expect(row!.emailed_at).not.toBeNull();
    await settleMail(app);
    const mail = readOutbox(app.dataDir).filter((item) => item.subject.includes(fields.subject));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to).toContain(CONTACT_EMAIL);
    expect(mail[0]!.text).toContain(fields.message);
    expect(readOutbox(app.dataDir).some((item) => item.to.includes(fields.email))).toBe(false);
  });

  it("refuses bad fields with a message under each, keeping everything typed", async () => {
    const fields = message({ firstName: " ", email: "grace@", subject: "x".repeat(151), message: "short" });
    const response = await post(app, "/contact", fields);
    expect(response.status).toBe(400);
    const page = (await response.text()).replaceAll("<!-- -->", "");
    expect(page).toContain("Message not sent");
    for (const text of ["First name is required", "Enter a valid email address", "Subject must be at most 150 characters", "Please write at least 10 characters"]) {
      expect(page).toContain(text);
    }
    expect(page).toContain('value="Hopper"');
    expect(page).toContain('value="grace@"');
    expect(page).toContain(">short</textarea>");
    expect(await stored(app, "grace@")).toHaveLength(0);
  });

  it("limits messages per address and per IP, and ignores bots that fill the hidden field", async () => {
    const email = uniqueEmail("chatty");
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++) statuses.push((await post(app, "/contact", message({ email }))).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const ip = uniqueIp();
    expect((await post(app, "/contact", message(), { ip })).status).toBe(201);
    expect((await post(app, "/contact", message(), { ip })).status).toBe(201);
    expect((await post(app, "/contact", message(), { ip })).status).toBe(429);
    const bot = message({ company: "Spam Inc" });
    expect((await post(app, "/contact", bot)).status).toBe(200);
    expect(await stored(app, bot.email)).toHaveLength(0);
  });

  it("fills in a signed-in reader's name and address", async () => {
    const user = await createVerifiedUser(app, { name: "Ada King Lovelace" });
    const body = (await (await get(app, "/contact", user.cookie)).text()).replaceAll("<!-- -->", "");
    expect(body).toContain('value="Ada"');
    expect(body).toContain('value="King Lovelace"');
    expect(body).toContain(`value="${user.email}"`);
  });
});

describeEachBackend("the support page", (app) => {
  it("answers the common questions with working links and carries the contact form", async () => {
    const { response, body } = await app.html("/support");
    expect(response.status).toBe(200);
    expect(body).toContain(">Help and Support</h1>");
    for (const topic of ["Finding and comparing tools", "Your account", "Reviews and saved items", "Newsletter, privacy and your data"]) expect(body).toContain(topic);
    expect(body).toMatch(/<form [^>]*action="\/contact"/);
    expect(body).not.toMatch(/\d+-\d+ hours/);
    for (const href of ["/settings", "/newsletter/unsubscribe", "/affiliate-disclosure", "/resources/ai-tools-comparison-matrix"]) expect(body).toContain(`href="${href}"`);
  });
});
