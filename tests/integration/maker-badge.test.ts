import { readFileSync } from "node:fs";
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { beforeAll, expect, it } from "vitest";
import { MESSAGES } from "~/lib/messages";
import { formatDayMonthYear } from "~/lib/ui/dates";
import { createVerifiedUser, post, uniqueIp } from "../support/accounts";
import { describeEachBackend, type TestApp } from "../support/app";

/**
 * A tool's badge for its maker's site (issue 45, decision 083): /badges/<slug>.svg says "Listed on AI Tools Atlas",
 * and "Prices confirmed <day>" only while a recorded confirmation covers the prices as they are now, as the tool page
 * decides. Kept by the page cache with the tool page's tags, so an editor's confirmation makes both fresh at once.
 */
const content = (file: string) => JSON.parse(readFileSync(path.join(process.cwd(), "content", file), "utf8"));
const SEEN = "Every plan and price as the tool page lists them";
const anonymous = (app: TestApp, address: string) => app.request(address, { headers: { "X-Forwarded-For": uniqueIp() } });
const titleOf = (svg: string) => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(svg).svg.title as string;
/** Asks until the page cache keeps the address (one with a query is kept from its second request), then once more: HIT. */
async function kept(app: TestApp, address: string): Promise<Response> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const response = await anonymous(app, address);
    if (response.headers.get("x-cache") === "HIT") return response;
    await response.arrayBuffer();
  }
  throw new Error(`${address} was not kept`);
}

describeEachBackend("a tool's badge", (app: TestApp) => {
  let editorCookie = "";
  const chatgpt = content("tools/chatgpt.json");

  beforeAll(async () => {
    const editor = await createVerifiedUser(app, { name: "Badge Editor" });
    await app.query("update users set role = 'editor' where email = $1", [editor.email]);
    editorCookie = editor.cookie;
  });

  it("is a valid SVG that says the tool is listed and nothing about prices before a confirmation, with an explicit Cache-Control", async () => {
    const response = await anonymous(app, "/badges/chatgpt.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const svg = await response.text();
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(titleOf(svg)).toBe("Listed on AI Tools Atlas");
    expect(svg).toContain('aria-label="Listed on AI Tools Atlas"');
    expect(svg).not.toContain("Prices confirmed");
    expect(svg).not.toMatch(/<script/i);
  });

  it("is served from the page cache the second time, and its dark theme differs", async () => {
    const light = await kept(app, "/badges/chatgpt.svg");
    expect(light.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
    expect(light.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    const dark = await kept(app, "/badges/chatgpt.svg?theme=dark");
    const [lightSvg, darkSvg] = [await light.text(), await dark.text()];
    expect(darkSvg).not.toBe(lightSvg);
    expect(titleOf(darkSvg)).toBe(titleOf(lightSvg));
    // An unknown value is ignored: the light badge.
    expect(await (await anonymous(app, "/badges/chatgpt.svg?theme=%3Cscript%3E&prices=maybe")).text()).toBe(lightSvg);
  });

  it("says 'Prices confirmed <day>' right after an editor confirms the prices, fresh with the tool page, then kept again", async () => {
    await kept(app, "/tools/chatgpt");
    await kept(app, "/badges/chatgpt.svg");
    await kept(app, "/badges/chatgpt.svg?theme=dark");
    const confirmed = await post(app, "/admin/prices", { intent: "confirm-pricing", slug: "chatgpt", sourceUrl: chatgpt.pricingUrl, seen: SEEN }, { cookie: editorCookie });
    expect(confirmed.status).toBe(200);
    // The day the confirmation was recorded (not the test's clock, which may have passed midnight since).
    const [check] = await app.query<{ checked_at: string }>("select checked_at from fact_checks where subject = 'chatgpt'");
    const day = formatDayMonthYear(check!.checked_at);

    // The confirmation's write invalidated the tool's tag: the tool page and its badges are rendered again.
    const page = await anonymous(app, "/tools/chatgpt");
    expect(page.headers.get("x-cache")).toBe("MISS");
    expect(await page.text()).toContain("last confirmed");
    const fresh = await anonymous(app, "/badges/chatgpt.svg");
    expect(fresh.headers.get("x-cache")).toBe("MISS");
    const svg = await fresh.text();
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(titleOf(svg)).toBe(`Listed on AI Tools Atlas. Prices confirmed ${day}`);
    expect(svg).toContain(`>Prices confirmed ${day}</text>`);
    expect(await (await kept(app, "/badges/chatgpt.svg")).text()).toBe(svg);
    const dark = await anonymous(app, "/badges/chatgpt.svg?theme=dark");
    expect(dark.headers.get("x-cache")).not.toBe("HIT");
    expect(await dark.text()).toContain(`Prices confirmed ${day}`);
    // The maker may leave the prices out.
    const without = await (await anonymous(app, "/badges/chatgpt.svg?prices=0")).text();
    expect(titleOf(without)).toBe("Listed on AI Tools Atlas");
    expect(without).not.toContain("Prices");
  });

  it("says nothing about prices when the confirmation no longer covers them, as the tool page says", async () => {
    const [tool] = await app.query<{ slug: string }>("select slug from tools where pricing_model = 'paid' and slug <> 'chatgpt' order by slug limit 1");
    const file = content(`tools/${tool!.slug}.json`);
    const confirmed = await post(app, "/admin/prices", { intent: "confirm-pricing", slug: tool!.slug, sourceUrl: file.pricingUrl, seen: SEEN }, { cookie: editorCookie });
    expect(confirmed.status).toBe(200);
    // The plans change after the confirmation (as a content sync would write them), before anything read the tool.
    await app.query("update tools set plans = jsonb_set(plans, '{0,limits}', '\"Changed after the confirmation\"') where slug = $1", [tool!.slug]);
    const svg = await (await anonymous(app, `/badges/${tool!.slug}.svg`)).text();
    expect(titleOf(svg)).toBe("Listed on AI Tools Atlas");
    expect(svg).not.toContain("Prices");
    expect(await (await anonymous(app, `/tools/${tool!.slug}`)).text()).toContain("not yet confirmed — check before you buy");
  });

  it("answers an unknown tool or file with the catalogue's 404, kept by no cache", async () => {
    const words = `${MESSAGES.fileNotFound.title}: ${MESSAGES.fileNotFound.description}\n`;
    for (const address of ["/badges/no-such-tool.svg", "/badges/chatgpt.png", "/badges/.svg", "/badges/no-such-tool.svg?theme=dark"]) {
      const response = await anonymous(app, address);
      expect([address, response.status, response.headers.get("cache-control"), response.headers.get("content-type"), await response.text()]).toEqual([
        address,
        404,
        "no-store",
        "text/plain; charset=utf-8",
        words,
      ]);
    }
  });
});
