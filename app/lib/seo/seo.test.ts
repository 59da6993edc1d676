import { describe, expect, it } from "vitest";
import { toolOgImage } from "./og-image";
import { DEFAULT_OG_IMAGE, pageMeta, pageTitle } from "./seo";
import { SITE_NAME } from "../site";

describe("pageTitle", () => {
  it("appends the brand on inner pages when it fits", () => {
    expect(pageTitle("AI Tools Directory")).toBe(`AI Tools Directory | ${SITE_NAME}`);
  });

  it("does not append the brand on the home page", () => {
    expect(pageTitle("Find the right AI tool", { isHome: true })).toBe("Find the right AI tool");
  });

  it("strips a trailing brand suffix before deciding", () => {
    expect(pageTitle(`Contact | ${SITE_NAME}`)).toBe(`Contact | ${SITE_NAME}`);
    expect(pageTitle(`Contact - ${SITE_NAME}`)).toBe(`Contact | ${SITE_NAME}`);
  });

  it("leaves the brand off when the result would exceed 60 characters", () => {
    const title = "Surfer SEO vs Clearscope: which content optimizer wins";
    expect(title.length).toBeLessThanOrEqual(60);
    expect(pageTitle(title)).toBe(title);
  });

  it("keeps a title of exactly 60 characters whole, and leaves the brand off when it would pass 60", () => {
    const sixty = "A".repeat(20) + " " + "b".repeat(39);
    expect(sixty.length).toBe(60);
    expect(pageTitle(sixty)).toBe(sixty);
    const fits = "x".repeat(60 - ` | ${SITE_NAME}`.length);
    expect(pageTitle(fits)).toBe(`${fits} | ${SITE_NAME}`);
    expect(pageTitle(fits).length).toBe(60);
    expect(pageTitle(`${fits}y`)).toBe(`${fits}y`);
  });

  it("does not cut a long home title's brand back in, and cuts it like any other", () => {
    const long = "Find the right AI tool among hundreds of honest reviews, comparisons and guides";
    const result = pageTitle(`${long} | ${SITE_NAME}`, { isHome: true });
    expect(result.length).toBeLessThanOrEqual(60);
    expect(result).not.toContain(SITE_NAME);
    expect(result.endsWith("…")).toBe(true);
  });

  it("cuts titles over 60 characters at a word boundary with an ellipsis", () => {
    const long = "The complete and honest guide to choosing an AI writing assistant for your team in 2026";
    const result = pageTitle(long);
    expect(result.length).toBeLessThanOrEqual(60);
    expect(result.endsWith("…")).toBe(true);
    expect(long.startsWith(result.slice(0, -1))).toBe(true);
    expect(result.slice(0, -1)).not.toMatch(/\s$/);
  });
});

describe("pageMeta", () => {
  const base = { title: "AI Tools Directory", description: "Every tool.", path: "/tools", siteUrl: "https://example.com" };
  const content = (meta: ReturnType<typeof pageMeta>, key: string) =>
    meta.filter((tag) => ("property" in tag && tag.property === key) || ("name" in tag && tag.name === key)).map((tag) => ("content" in tag ? tag.content : undefined));

  it("gives exactly one title, description and canonical, and no robots tag on an indexable page", () => {
    const meta = pageMeta(base);
    expect(meta.filter((tag) => "title" in tag)).toEqual([{ title: `AI Tools Directory | ${SITE_NAME}` }]);
    expect(content(meta, "description")).toEqual(["Every tool."]);
    expect(meta.filter((tag) => "rel" in tag && tag.rel === "canonical")).toEqual([{ tagName: "link", rel: "canonical", href: "https://example.com/tools" }]);
    expect(content(meta, "robots")).toEqual([]);
  });

  it("gives Open Graph and Twitter card tags with the site's 1200x630 image by default", () => {
    const meta = pageMeta(base);
    expect(content(meta, "og:title")).toEqual([`AI Tools Directory | ${SITE_NAME}`]);
    expect(content(meta, "og:description")).toEqual(["Every tool."]);
    expect(content(meta, "og:url")).toEqual(["https://example.com/tools"]);
    expect(content(meta, "og:type")).toEqual(["website"]);
    expect(content(meta, "og:site_name")).toEqual([SITE_NAME]);
    expect(content(meta, "og:image")).toEqual([`https://example.com${DEFAULT_OG_IMAGE.path}`]);
    expect(content(meta, "og:image:width")).toEqual(["1200"]);
    expect(content(meta, "og:image:height")).toEqual(["630"]);
    expect(content(meta, "og:image:alt")).toEqual([DEFAULT_OG_IMAGE.alt]);
    expect(content(meta, "twitter:card")).toEqual(["summary_large_image"]);
    expect(content(meta, "twitter:title")).toEqual([`AI Tools Directory | ${SITE_NAME}`]);
    expect(content(meta, "twitter:description")).toEqual(["Every tool."]);
    expect(content(meta, "twitter:image")).toEqual([`https://example.com${DEFAULT_OG_IMAGE.path}`]);
  });

  it("uses the page's own image when it has one, and article as the type of an article", () => {
    const image = toolOgImage({ slug: "chatgpt", name: "ChatGPT", tagline: "Chat.", categoryName: "AI Assistant", categoryColor: "#4f46e5", rating: 4.6 });
    const meta = pageMeta({ ...base, image, ogType: "article" });
    expect(content(meta, "og:image")).toEqual([`https://example.com${image.path}`]);
    expect(content(meta, "twitter:image")).toEqual([`https://example.com${image.path}`]);
    expect(content(meta, "og:image:alt")).toEqual([image.alt]);
    expect(content(meta, "og:type")).toEqual(["article"]);
  });

  it("gives an absolute canonical URL and noindex when asked", () => {
    const meta = pageMeta({ title: "Not found", description: "d", path: "/404", siteUrl: "https://example.com", noindex: true });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://example.com/404" });
    expect(meta).toContainEqual({ name: "robots", content: "noindex, follow" });
  });
});
