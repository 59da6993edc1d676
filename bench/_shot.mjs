// Temporary: node bench/_shot.mjs <url> <out.png> <width> [selector]
import { chromium } from "playwright-core";
const [url, out, width, selector] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
await page.goto(url);
if (selector) await page.locator(selector).first().screenshot({ path: out });
else await page.screenshot({ path: out, fullPage: false });
console.log("overflow", await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth));
await browser.close();
