import { describe, expect, it } from "vitest";
import { validateSitemapXml } from "./sitemap-validator";
import { sitemapIndexXml, urlsetXml } from "./sitemap-xml";

describe("sitemap XML", () => {
  it("writes absolute, escaped locations on the site's URL and lastmod only when there is a date", () => {
    const xml = urlsetXml([{ path: "/", lastmod: "2026-11-23" }, { path: "/tools?a=1&b=<2>" }], "https://atlas.example");
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        "  <url><loc>https://atlas.example/</loc><lastmod>2026-11-23</lastmod></url>\n" +
        "  <url><loc>https://atlas.example/tools?a=1&amp;b=%3C2%3E</loc></url>\n</urlset>\n",
    );
    expect(validateSitemapXml(xml)).toEqual({ valid: true, errors: [], urlCount: 2 });
  });

  it("writes a sitemap index the §5 validator counts", () => {
    const xml = sitemapIndexXml([{ path: "/sitemap.xml", lastmod: "2026-11-01" }, { path: "/sitemap-blog.xml" }], "http://localhost:3000");
    expect(xml).toContain("<sitemap><loc>http://localhost:3000/sitemap.xml</loc><lastmod>2026-11-01</lastmod></sitemap>");
    expect(validateSitemapXml(xml)).toEqual({ valid: true, errors: [], urlCount: 2 });
  });
});
