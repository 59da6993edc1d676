import { describe, expect, inject, it } from "vitest";
import { latestLink } from "../support/mail";
import { openMarked, sameDocument, useBrowser } from "./support/browser";

const browser = useBrowser();
const dataDir = () => inject("dataDir");
let counter = 0;
const address = (label: string) => `${label}-${process.pid}-${Date.now().toString(36)}-${++counter}@example.com`;

describe("newsletter boxes, the contact form and outbound links in the browser", () => {
  it("subscribes from an article's box in place, then confirms from the emailed link", async () => {
    const page = await openMarked(browser, "/blog/midjourney-vs-dall-e");
    const box = page.getByRole("region", { name: "Get AI Tool Updates & Deals" });
    const email = address("article-reader");
    await box.getByLabel("Email address").fill(email);
    await box.getByLabel("Your name (optional)").fill("Ada");
    await box.getByRole("button", { name: "Subscribe" }).click();
    await box.getByText("Thanks for subscribing! Check your inbox soon.").waitFor();
    // An article is a reading page (decision 049): its script's toast, not sonner's.
    await page.locator("[data-toast]").filter({ hasText: "Successfully subscribed!" }).waitFor();
    expect(await box.getByLabel("Email address").count()).toBe(0);
    expect(await sameDocument(page)).toBe(true);

    const url = new URL(await latestLink(dataDir(), email, "/newsletter/confirm"));
    await page.goto(url.pathname + url.search);
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await page.getByText("Subscription confirmed").first().waitFor();
  });

  it("subscribes from the home page's own box in place", async () => {
    const page = await openMarked(browser, "/");
    const box = page.getByRole("region", { name: "Get AI Tool Updates & Deals" });
    await box.getByLabel("Email address").fill(address("home-reader"));
    await box.getByRole("button", { name: "Subscribe" }).click();
    await box.getByText("Thanks for subscribing! Check your inbox soon.").waitFor();
    expect(await sameDocument(page)).toBe(true);
  });

  it("subscribes from an article's box without JavaScript", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto("/blog/midjourney-vs-dall-e");
    const box = page.getByRole("region", { name: "Get AI Tool Updates & Deals" });
    await box.getByLabel("Email address").fill(address("article-no-js"));
    await box.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL(/\/newsletter$/);
    await page.getByText("Thanks for subscribing! Check your inbox soon.").first().waitFor();
  });

  it("keeps what was typed and names the problem when the address is refused", async () => {
    const page = await openMarked(browser, "/", { allowedHttpErrors: [400] });
    const footer = page.locator("footer");
    await footer.getByLabel("Your name (optional)").fill("Grace");
    await footer.getByLabel("Email address").fill("grace@example");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await footer.getByText("Subscription failed").waitFor();
    expect(await footer.getByLabel("Email address").inputValue()).toBe("grace@example");
    expect(await footer.getByLabel("Your name (optional)").inputValue()).toBe("Grace");
  });

  it("subscribes from the footer without JavaScript, landing on /newsletter with the same message", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto("/tools");
    const footer = page.locator("footer");
    await footer.getByLabel("Email address").fill(address("no-js"));
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL(/\/newsletter$/);
    await page.getByText("Thanks for subscribing! Check your inbox soon.").first().waitFor();
  });

  // /contact is a reading page (decision 049): the form posts as a page, which prints the answer.
  it("sends a contact message, keeping the typed text through a refusal", async () => {
    const page = await browser.newPage({ allowedHttpErrors: [400] });
    await page.goto("/contact");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Send Message" }) });
    await form.getByLabel("First name").fill("Grace");
    await form.getByLabel("Last name").fill("Hopper");
    await form.getByLabel("Email", { exact: true }).fill(address("contact"));
    await form.getByLabel("Subject").fill("A tool you should review");
    await form.getByLabel("Message").fill("Too short");
    // The browser's own minlength check would stop this; the server's check is what is tested.
    await form.evaluate((element) => element.setAttribute("novalidate", ""));
    await form.getByRole("button", { name: "Send Message" }).click();
    await page.getByText("Please write at least 10 characters").waitFor();
    expect(await form.getByLabel("Subject").inputValue()).toBe("A tool you should review");
    expect(await form.getByLabel("Message").inputValue()).toBe("Too short");

    await form.getByLabel("Message").fill("Please review a tool that writes alt text for images in bulk.");
    await form.evaluate((element) => element.removeAttribute("novalidate"));
    await form.getByRole("button", { name: "Send Message" }).click();
    await form.getByRole("status").filter({ hasText: "Message Sent!" }).waitFor();
    expect(await form.getByLabel("Message").inputValue()).toBe("");
  });

  it("opens an outbound button through /go in a new tab", async () => {
    const page = await openMarked(browser, "/tools/chatgpt");
    const button = page.locator('a[href="/go/tool/chatgpt"]').first();
    expect(await button.getAttribute("target")).toBe("_blank");
    expect(await button.getAttribute("rel")).toBe("sponsored nofollow noopener");
    // The destination is outside this sandbox: the test reads the redirect the new tab received.
    const redirected = page.context().waitForEvent("response", (response) => response.url().endsWith("/go/tool/chatgpt"));
    const [popup] = await Promise.all([page.context().waitForEvent("page"), button.click()]);
    const response = await redirected;
    expect(response.status()).toBe(302);
    const location = new URL((await response.headerValue("location"))!);
    expect(location.hostname).toBe("chatgpt.com");
    expect(location.searchParams.get("ref")).toBe("aitoolsatlas");
    expect(popup).not.toBe(page);
    expect(await sameDocument(page)).toBe(true);
  });
});
