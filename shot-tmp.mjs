import { chromium } from "playwright-core";
import { startSite } from "./bench/pages.js";
const site = await startSite();
for (const p of ["/blog", "/blog?search=midjorney", "/blog?tags=comparison", "/blog/category/education", "/blog/category/nope", "/blog/midjourney-vs-dall-e", "/blog/Midjourney-vs-DALL-E", "/blog/vs-dall", "/blog/nothing-here", "/images/posts/midjourney-vs-dall-e.png", "/blog/category"]) {
  const r = await fetch(site.base + p, { redirect: "manual" }); const t = await r.text();
  console.log(p, r.status, r.headers.get("location") ?? "", (t.match(/<h1[^>]*>(.*?)<\/h1>/) ?? [])[1]?.replace(/<[^>]+>/g, "").slice(0, 80) ?? "");
}
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const [name, width, p] of [["blog-desktop", 1280, "/blog"], ["blog-mobile", 360, "/blog"], ["post-desktop", 1280, "/blog/midjourney-vs-dall-e"], ["post-mobile", 360, "/blog/ai-seo-tools-compared"]]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors = []; page.on("console", (m) => m.type() === "error" && errors.push(m.text())); page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(site.base + p); await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await page.screenshot({ path: `/tmp/shot-${name}.png`, fullPage: name.endsWith("desktop") ? false : false });
  console.log(name, "errors:", errors);
  await page.close();
}
await browser.close(); console.log(site.output().slice(-800)); await site.stop();
