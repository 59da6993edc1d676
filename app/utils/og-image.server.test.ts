import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { toolCard } from "~/lib/seo/og-image";
import { cardResponse, cardSvg, renderCard, wrapTitle } from "./og-image.server";

const card = toolCard({ name: "Tom & Jerry <AI>", tagline: `Quotes "and" 'apostrophes'.`, categoryName: "Writing", categoryColor: "#be123c", rating: 4.2 });

describe("share image drawing", () => {
  it("escapes every piece of text in the SVG", () => {
    const svg = cardSvg(card);
    expect(svg).toContain("Tom &#38; Jerry &#60;AI&#62;");
    expect(svg).not.toContain("<AI>");
    expect(svg).not.toContain('"and"');
  });

  it("wraps a title in at most three lines, the last cut with an ellipsis", () => {
    expect(wrapTitle("Short title")).toEqual(["Short title"]);
    const lines = wrapTitle("The complete and honest guide to choosing an AI writing assistant for your whole team in 2026");
    expect(lines).toHaveLength(3);
    expect(lines.every((line) => line.length <= 26)).toBe(true);
    expect(lines[2]).toBe("writing assistant for…");
  });

  it("draws a 1200x630 PNG whose text really renders (a font is installed)", async () => {
    const png = await renderCard(card);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
    // The same card without text differs from it only where the text is: tens of thousands of pixels with a font, a few boxes without one.
    const blank = await renderCard({ ...card, eyebrow: "", title: "", footer: "" });
    const [a, b] = await Promise.all([sharp(png).raw().toBuffer(), sharp(blank).raw().toBuffer()]);
    let differing = 0;
    for (let i = 0; i < a.length; i += 3) if (Math.abs(a[i]! - b[i]!) > 60) differing++;
    expect(differing).toBeGreaterThan(10_000);
  });

  it("answers with a cacheable PNG, its hash as ETag, and 304 when the browser has it", async () => {
    const first = await cardResponse(card, new Request("https://example.com/og/tool/x.png"));
    expect(first.headers.get("Content-Type")).toBe("image/png");
    expect(first.headers.get("Cache-Control")).toBe("public, max-age=86400");
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[0-9a-f]{8}"$/);
    const versioned = await cardResponse(card, new Request(`https://example.com/og/tool/x.png?v=${etag.slice(1, -1)}`));
    expect(versioned.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const again = await cardResponse(card, new Request("https://example.com/og/tool/x.png", { headers: { "If-None-Match": etag } }));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });
});
