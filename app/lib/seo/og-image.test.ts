import { describe, expect, it } from "vitest";
import { cardVersion, categoryCard, categoryOgImage, homeOgImage, postOgImage, toolCard, toolOgImage } from "./og-image";

const tool = { slug: "chatgpt", name: "ChatGPT", tagline: "The general-purpose assistant.", categoryName: "AI Assistant", categoryColor: "#4f46e5", rating: 4.6 };

describe("share images", () => {
  it("name the page's image by kind and slug, versioned by what the card says", () => {
    expect(toolOgImage(tool).path).toBe(`/og/tool/chatgpt.png?v=${cardVersion(toolCard(tool))}`);
    expect(categoryOgImage({ slug: "seo", name: "SEO", color: "#15803d" }, 7).path).toMatch(/^\/og\/category\/seo\.png\?v=[0-9a-f]{8}$/);
    expect(homeOgImage({ tools: 60, categories: 21 }).path).toMatch(/^\/og\/home\.png\?v=[0-9a-f]{8}$/);
    expect(postOgImage({ slug: "a-post", title: "A post", category: "tutorials", categoryName: "Tutorials", readMinutes: 4 }).path).toMatch(
      /^\/images\/posts\/a-post\.png\?v=[0-9a-f]{8}$/,
    );
  });

  it("change version when the content shown changes, and only then", () => {
    const version = cardVersion(toolCard(tool));
    expect(cardVersion(toolCard({ ...tool }))).toBe(version);
    expect(cardVersion(toolCard({ ...tool, rating: 4.7 }))).not.toBe(version);
    expect(cardVersion(toolCard({ ...tool, tagline: "Another line." }))).not.toBe(version);
    expect(homeOgImage({ tools: 61, categories: 21 }).path).not.toBe(homeOgImage({ tools: 60, categories: 21 }).path);
  });

  it("say what the page is about in the card and the alt text", () => {
    expect(toolCard(tool)).toMatchObject({ eyebrow: "AI Assistant", title: "ChatGPT: The general-purpose assistant.", footer: "Our rating 4.6/5" });
    expect(toolCard({ ...tool, rating: null }).footer).toBe("Pricing, features and alternatives");
    expect(toolOgImage(tool).alt).toContain("ChatGPT");
    expect(categoryCard({ name: "SEO Tools", color: "#15803d" }, 1)).toMatchObject({ title: "Best AI SEO Tools", footer: "1 tool compared" });
    expect(categoryCard({ name: "Image Generation", color: "#15803d" }, 9).title).toBe("Best AI Image Generation Tools");
  });

  it("only take a colour that is a hex colour (the SVG never receives markup from the data)", () => {
    expect(toolCard({ ...tool, categoryColor: '"/><script>' }).colours[1]).toMatch(/^#[0-9a-f]{6}$/);
  });
});
