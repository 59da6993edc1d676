import { chromium } from "playwright-core";
import { startSite } from "./bench/pages.js";
const site = await startSite();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const [name, width, p, y] of [["home-insights", 1280, "/", "#insights-heading"], ["blog-mobile", 360, "/blog", null], ["post-mobile2", 360, "/blog/ai-seo-tools-compared", "#toc-heading"]]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(site.base + p); await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  if (y) await page.locator(y).scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  console.log(name, "overflow", overflow);
  await page.screenshot({ path: `/tmp/shot-${name}.png` });
  await page.close();
}
await browser.close(); await site.stop();
