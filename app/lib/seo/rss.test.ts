import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { rfc822, rssXml } from "./rss";

describe("rssXml", () => {
  const feed = {
    title: "Atlas & Co",
    description: "News <weekly>",
    path: "/feed.xml",
    items: [
      { title: "Older", path: "/blog/older", description: "a", date: "2026-01-05" },
      { title: "Q&A: <tools>", path: "/blog/q-and-a", description: "b & c", date: "2026-02-10", category: "AI Tools" },
    ],
  };

  it("is well-formed RSS 2.0 with the self link, language, logo and escaped text", () => {
    const xml = rssXml(feed, "https://atlas.example");
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('<atom:link href="https://atlas.example/feed.xml" rel="self" type="application/rss+xml"/>');
    expect(xml).toContain("<language>en-US</language>");
    expect(xml).toContain("<url>https://atlas.example/logo-144.png</url>");
    expect(xml).toContain("<width>144</width>");
    expect(xml).toContain("<title>Q&amp;A: &lt;tools&gt;</title>");
    expect(xml).toContain("<category>AI Tools</category>");
    // The newest item dates the feed, whatever the order of the items.
    expect(xml).toContain("<lastBuildDate>Tue, 10 Feb 2026 00:00:00 +0000</lastBuildDate>");
  });

  it("leaves lastBuildDate out of an empty feed", () => {
    const xml = rssXml({ ...feed, items: [] }, "https://atlas.example");
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toContain("lastBuildDate");
    expect(xml).not.toContain("<item>");
  });

  it("formats dates as RFC 822", () => {
    expect(rfc822("2026-11-23")).toBe("Mon, 23 Nov 2026 00:00:00 +0000");
  });
});
