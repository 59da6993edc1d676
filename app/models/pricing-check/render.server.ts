import type { PageText } from "~/lib/pricing-check/page-text";
import { log } from "~/utils/logger.server";
import { outboundFetch } from "~/utils/outbound-fetch.server";

/**
 * Rendering a pricing page that draws its prices with JavaScript (issue 27, decision 034), only when the owner set
 * `PRICE_CHECK_BROWSER`. Chromium runs the vendor's scripts, but never touches the network itself:
 *
 * - every request the page makes is intercepted and answered by the safe outbound fetcher (the same address rules
 *   on every hop: private and loopback hosts refused, no downgrade), so the browser connects to nothing;
 * - in case anything slipped past interception (a WebSocket, a prefetch), Chromium resolves no name and its proxy is
 *   a closed local port, and WebRTC may not send UDP outside that proxy;
 * - only GET requests for the document, scripts, styles and data are answered; images, fonts, media and any other
 *   method are refused (they never change the text);
 * - a fresh browser and context per page (no cookies, storage or service workers kept), closed afterwards;
 * - a time budget for the whole render and a byte budget for everything fetched.
 */

export const RENDER_TIMEOUT_MS = 30_000;
export const RENDER_MAX_BYTES = 5_000_000;
const ANSWERED = new Set(["document", "script", "stylesheet", "xhr", "fetch"]);

const ISOLATION_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dns-prefetch",
  "--host-resolver-rules=MAP * ~NOTFOUND",
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
];

export type RenderResult = { ok: true; finalUrl: string; page: PageText; refused: string[]; bytes: number } | { ok: false; error: string; refused: string[] };

export async function renderPage(
  url: string,
  { executablePath, signal, timeoutMs = RENDER_TIMEOUT_MS, maxBytes = RENDER_MAX_BYTES }: { executablePath: string; signal?: AbortSignal; timeoutMs?: number; maxBytes?: number },
): Promise<RenderResult> {
  const { chromium } = await import("playwright-core");
  const deadline = AbortSignal.timeout(timeoutMs);
  const stop = signal ? AbortSignal.any([deadline, signal]) : deadline;
  const refused: string[] = [];
  let bytes = 0;
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ISOLATION_ARGS,
    // A closed port: whatever the interception does not answer goes nowhere.
    proxy: { server: "http://127.0.0.1:9", bypass: "<-loopback>" },
  });
  const close = () => void browser.close().catch(() => {});
  stop.addEventListener("abort", close, { once: true });
  try {
    const context = await browser.newContext({ serviceWorkers: "block", acceptDownloads: false, javaScriptEnabled: true });
    await context.route("**/*", async (route) => {
      const request = route.request();
      if (request.method() !== "GET" || !ANSWERED.has(request.resourceType()) || bytes >= maxBytes || stop.aborted) return route.abort("blockedbyclient").catch(() => {});
      const fetched = await outboundFetch(request.url(), {
        readBody: true,
        maxBytes: maxBytes - bytes,
        timeoutMs: 10_000,
        hostDelayMs: 0,
        signal: stop,
        accept: request.headers()["accept"],
      });
      if (!fetched.ok) {
        refused.push(`${request.url()} (${fetched.error})`);
        return route.abort(fetched.error === "blocked-address" || fetched.error === "downgrade" ? "blockedbyclient" : "failed").catch(() => {});
      }
      const body = fetched.body ?? "";
      bytes += Buffer.byteLength(body);
      // The fetcher decoded the body; it is handed back as UTF-8, whatever charset the server named.
      const contentType = (fetched.contentType ?? "text/html").replace(/charset=[^;]+/i, "charset=utf-8");
      return route.fulfill({ status: fetched.status, contentType, body }).catch(() => {});
    });
    await context.routeWebSocket(/.*/, (socket) => void socket.close());
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "load", timeout: timeoutMs });
    // Prices often arrive by a request after load: wait for the network to settle, within the budget.
    await page.waitForLoadState("networkidle", { timeout: Math.min(5_000, timeoutMs) }).catch(() => {});
    const text = await page.evaluate(() => document.body?.innerText ?? "");
    const title = await page.title();
    const hasPasswordField = await page
      .locator('input[type="password"]')
      .first()
      .isVisible()
      .catch(() => false);
    const lines = text
      .split("\n")
      .map((line) => line.replace(/\s+/g, " ").trim())
      .filter(Boolean);
    return { ok: true, finalUrl: page.url(), page: { text: lines.join("\n"), title: title.replace(/\s+/g, " ").trim(), hasPasswordField }, refused, bytes };
  } catch (error) {
    const reason = stop.aborted ? "timeout" : error instanceof Error ? error.message.split("\n")[0]! : String(error);
    log.warn(`price check: render of ${url} failed`, { error: reason });
    return { ok: false, error: reason, refused };
  } finally {
    stop.removeEventListener("abort", close);
    await browser.close().catch(() => {});
  }
}
