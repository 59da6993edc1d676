import { randomBytes } from "node:crypto";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
// Flags that keep Chromium off the (closed) network and quiet in a sandbox.
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export const baseUrl = () => inject("baseUrl");

let clientCounter = 0;
// Files share a worker process (and so its pid) and the browser tests' server: a random part per file keeps their addresses apart.
const fileTag = randomBytes(4).toString("hex");
/**
 * A documentation-range address (RFC 3849) per browser context, never repeated: the server's per-address rate limits
 * count each one. (The old 198.51.x.y form came round after 250 contexts and was the same in every file of a worker.)
 */
export function uniqueClientIp() {
  clientCounter += 1;
  return `2001:db8:${fileTag.slice(0, 4)}:${fileTag.slice(4)}::${clientCounter.toString(16)}`;
}

type Session = { page: Page; context: BrowserContext; consoleErrors: string[]; allowedHttpErrors: number[]; allowedNetworkErrors: string[] };
type PageOptions = BrowserContextOptions & { allowedHttpErrors?: number[]; allowedNetworkErrors?: string[] };

/**
 * One browser per test file and a fresh context per test. A test fails if the
 * page logs a console error or throws, unless it expected that error.
 */
export function useBrowser(contextOptions: BrowserContextOptions = {}) {
  let browser: Browser;
  const sessions: Session[] = [];
  // Pages kept from test to test (reusedPage), by viewport: their errors are checked after each test like the others'.
  const kept = new Map<string, Session>();
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterEach(async () => {
    const errors = [...sessions, ...kept.values()].flatMap((session) => session.consoleErrors.splice(0));
    await Promise.all(sessions.splice(0).map((session) => session.context.close()));
    expect(errors, "console errors on the page").toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open({ allowedHttpErrors = [], allowedNetworkErrors = [], ...options }: PageOptions): Promise<Session> {
    // Each context is its own "client" for the per-IP rate limits (the server trusts the proxy header in tests).
    const extraHTTPHeaders = { "X-Forwarded-For": uniqueClientIp(), ...contextOptions.extraHTTPHeaders, ...options.extraHTTPHeaders };
    const context = await browser.newContext({ baseURL: baseUrl(), ...contextOptions, ...options, extraHTTPHeaders });
    const page = await context.newPage();
    const session: Session = { page, context, consoleErrors: [], allowedHttpErrors, allowedNetworkErrors };
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const status = Number(message.text().match(/Failed to load resource: the server responded with a status of (\d{3})/)?.[1]);
      if (session.allowedHttpErrors.includes(status)) return;
      const networkError = message.text().match(/Failed to load resource: (net::\S+)/)?.[1];
      if (networkError && session.allowedNetworkErrors.includes(networkError)) return;
      session.consoleErrors.push(message.text());
    });
    // The console line does not say which request failed; this does, for the test log.
    page.on("requestfailed", (request) => {
      const reason = request.failure()?.errorText ?? "";
      if (reason !== "net::ERR_ABORTED" && reason !== "csp") console.warn(`request failed: ${request.method()} ${request.url()} ${reason}`);
    });
    page.on("pageerror", (error) => session.consoleErrors.push(error.message));
    return session;
  }

  return {
    /**
     * `allowedHttpErrors` names statuses the test expects to meet (a 404 page, a
     * mocked 503), whose "Failed to load resource" console lines are not failures. `allowedNetworkErrors` does the
     * same for Chromium's own transport errors (such as net::ERR_TOO_MANY_RETRIES) where a test drives a real proxy.
     */
    async newPage(options: PageOptions = {}): Promise<Page> {
      const session = await open(options);
      sessions.push(session);
      return session.page;
    },
    /**
     * One page per viewport kept for the whole file, for tests that only open a URL and read it (the accessibility
     * audits): a context costs about 0.2 s to make and a fresh one downloads the scripts and styles again. Its cookies
     * and storage carry over, so a test that signs in, sets a theme or stores anything takes `newPage`.
     */
    async reusedPage({ viewport, allowedHttpErrors = [] }: { viewport: { width: number; height: number }; allowedHttpErrors?: number[] }): Promise<Page> {
      const key = `${viewport.width}x${viewport.height}`;
      let session = kept.get(key);
      if (!session) kept.set(key, (session = await open({ viewport })));
      session.allowedHttpErrors = allowedHttpErrors;
      return session.page;
    },
  };
}

/** Waits until React has hydrated the document, so clicks reach handlers. */
export async function waitForHydration(page: Page) {
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  // Sections hydrated after the rest of the page (app/components/ui/hydrate-later.tsx) load when they come near the
  // screen, and say so themselves: each is brought into view in turn, as a reader scrolling would, and the page put
  // back where it was.
  await page.evaluate(async () => {
    const { scrollX, scrollY } = window;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (const anchor of document.querySelectorAll("[data-later-anchor]")) {
      anchor.scrollIntoView({ block: "center" });
      await frame();
    }
    window.scrollTo(scrollX, scrollY);
  });
  await page.waitForFunction(() => document.querySelectorAll("[data-hydrate-later]:not([data-hydrated])").length === 0);
}

type PageOpener = { newPage: (options?: BrowserContextOptions & { allowedHttpErrors?: number[] }) => Promise<Page> };

/**
 * Opens `path` hydrated and marks the document, so a test can tell a
 * client-side navigation (marker kept) from a full reload (marker gone).
 */
export async function openMarked(browser: PageOpener, path: string, options: Parameters<PageOpener["newPage"]>[0] = {}) {
  const page = await browser.newPage(options);
  await page.goto(path);
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  return page;
}

export const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
