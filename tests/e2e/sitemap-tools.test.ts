import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeIndexNow } from "../support/indexnow-endpoint";
import { latestLink } from "../support/mail";
import { uniqueEmail } from "./support/accounts";
import { useBrowser, waitForHydration } from "./support/browser";
import { startProductionServer, type ProductionServer } from "./support/server";

const browser = useBrowser();

describe("/sitemap-download", () => {
  it("checks every sitemap on open: Valid, a size, a URL count and when; Refresh is disabled while checking", async () => {
    const page = await browser.newPage();
    await page.goto("/sitemap-download");
    await waitForHydration(page);
    const files = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 3 }) });
    await expect.poll(() => files.getByText("Valid", { exact: true }).count()).toBe(5);
    const tools = files.filter({ has: page.getByRole("heading", { name: "Tools Sitemap" }) });
    expect(await tools.locator("dd").first().textContent()).toMatch(/^\d+(\.\d+)? (Bytes|KB)$/);
    expect(Number((await tools.locator("dd").nth(1).textContent())!.replace(/,/g, ""))).toBeGreaterThan(10);
    expect(await tools.locator("dd").nth(2).textContent()).toMatch(/\d/);

    const refresh = page.getByRole("button", { name: "Refresh" });
    // The answers are held until the checking state has been seen: an ordering, not a delay that a busy machine outlasts.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/sitemap*.xml", async (route) => {
      await held;
      await route.continue();
    });
    await refresh.click();
    const checking = page.getByRole("button", { name: "Checking..." });
    expect(await checking.isDisabled()).toBe(true);
    release();
    await page.getByRole("button", { name: "Refresh" }).waitFor();
  });

  it("marks a file that fails to load Invalid, size 0 and 0 URLs, with the error", async () => {
    const page = await browser.newPage({ allowedHttpErrors: [500] });
    await page.route("**/sitemap-blog.xml", (route) => route.fulfill({ status: 500, body: "broken" }));
    await page.goto("/sitemap-download");
    await waitForHydration(page);
    const blog = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Blog Sitemap" }) });
    await blog.getByText("Invalid").waitFor();
    expect(await blog.locator("dd").allTextContents()).toEqual(["0 Bytes", "0", expect.stringMatching(/\d/)]);
    expect(await blog.getByRole("list", { name: "Errors in Blog Sitemap" }).textContent()).toBe("Failed to fetch sitemap: 500 Internal Server Error");
  });

  it("previews a file's XML", async () => {
    const page = await browser.newPage();
    await page.goto("/sitemap-download");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Preview" }).click();
    await page.getByLabel("Sitemap file").selectOption("sitemap-tools.xml");
    const contents = page.getByRole("region", { name: "Contents of sitemap-tools.xml" });
    await expect.poll(() => contents.textContent()).toContain("/tools/chatgpt</loc>");
    expect(await contents.textContent()).toMatch(/^<\?xml/);
  });

  it("downloads a file under its own name and says so for 3 seconds", async () => {
    const page = await browser.newPage();
    // The page's clock is the test's (stopped after hydration): the three seconds are counted on it, not measured.
    await page.clock.install();
    await page.goto("/sitemap-download");
    await waitForHydration(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download sitemap-courses.xml" }).click()]);
    expect(download.suggestedFilename()).toBe("sitemap-courses.xml");
    const saved = readFileSync((await download.path())!, "utf8");
    expect(saved).toContain("<urlset");
    const status = page.getByRole("status").filter({ hasText: "Downloaded sitemap-courses.xml" });
    await status.waitFor();
    await page.clock.runFor(2999);
    expect(await status.count(), "still shown just before 3 s").toBe(1);
    await page.clock.runFor(1);
    await status.waitFor({ state: "detached" });
  });

  it("downloads without JavaScript too", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false, acceptDownloads: true });
    await page.goto("/sitemap-download");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download sitemap-index.xml" }).click()]);
    expect(download.suggestedFilename()).toBe("sitemap-index.xml");
  });
});

describe("/sitemap-dashboard with IndexNow on", () => {
  let server: ProductionServer | undefined;
  let fake: Awaited<ReturnType<typeof startFakeIndexNow>>;
  const owner = { email: uniqueEmail("owner"), password: "quartz-lagoon-52-fern" };

  beforeAll(async () => {
    fake = await startFakeIndexNow();
    // An empty data folder: the first start's sync submits every page, the older rows the latest-first order is checked against.
    server = await startProductionServer({
      emptyDataDir: true,
      env: { OWNER_EMAILS: owner.email, INDEXNOW_KEY: "atlas-e2e-key-1234", INDEXNOW_ENDPOINT: fake.url, INDEXNOW_BATCH_SIZE: "100" },
    });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  it("shows the owner's submission results after the owner submits", async () => {
    const page = await browser.newPage({ baseURL: server!.baseUrl });
    const signUp = await page.request.post("/auth", {
      form: { intent: "signup", from: "dialog", name: "Site Owner", email: owner.email, password: owner.password, confirmPassword: owner.password },
    });
    expect(signUp.status()).toBe(201);
    const url = new URL(await latestLink(server!.dataDir, owner.email, "/auth/verify-email"));
    await page.request.get(url.pathname + url.search);

    await page.goto("/sitemap-dashboard");
    await waitForHydration(page);
    const before = fake.posts.length;
    await page.getByRole("button", { name: "Submit all URLs" }).click();
    await page.getByRole("status").filter({ hasText: "The URLs are on their way to IndexNow." }).waitFor();
    const rows = page.getByRole("region", { name: "Submission results, latest first" }).locator("tbody tr");
    const submitted = rows.filter({ hasText: "Submit all URLs" });
    await expect.poll(() => submitted.count()).toBeGreaterThan(1);
    await expect.poll(() => submitted.filter({ hasText: "Success (HTTP 200)" }).count(), { timeout: 15_000 }).toBe(await submitted.count());
    expect(fake.posts.length - before).toBe(await submitted.count());
    // Latest first: this submission's rows come before those of the start's content sync.
    expect(await rows.first().textContent()).toContain("Submit all URLs");
  });

  it("submits without JavaScript as a plain form post", async () => {
    const page = await browser.newPage({ baseURL: server!.baseUrl, javaScriptEnabled: false });
    const signIn = await page.request.post("/auth", { form: { intent: "signin", from: "page", email: owner.email, password: owner.password, redirectTo: "/" } });
    expect(signIn.ok()).toBe(true);
    await page.goto("/sitemap-dashboard");
    await page.getByRole("button", { name: "Submit changed" }).click();
    await page.getByText(/Nothing to submit|The URLs are on their way to IndexNow\./).waitFor();
  });
});
