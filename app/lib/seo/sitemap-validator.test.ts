import { describe, expect, it } from "vitest";
import { validateSitemapXml } from "./sitemap-validator";

const urlset = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</urlset>`;
const index = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${body}</sitemapindex>`;

describe("validateSitemapXml (spec part 2 §5)", () => {
  it("accepts a urlset and counts its urls", () => {
    const xml = urlset(
      "<url><loc>https://example.com/</loc><lastmod>2026-01-02</lastmod></url><url><loc>https://example.com/tools?a=1&amp;b=2</loc></url><url><loc>  http://example.com/x  </loc></url>",
    );
    expect(validateSitemapXml(xml)).toEqual({ valid: true, errors: [], urlCount: 3 });
  });

  it("accepts a sitemap index and counts its sitemaps", () => {
    expect(validateSitemapXml(index("<sitemap><loc>https://example.com/sitemap.xml</loc></sitemap><sitemap><loc>https://example.com/b.xml</loc></sitemap>"))).toEqual({
      valid: true,
      errors: [],
      urlCount: 2,
    });
  });

  it("accepts an empty urlset: a section with no rows yet is still a sitemap", () => {
    expect(validateSitemapXml(urlset(""))).toEqual({ valid: true, errors: [], urlCount: 0 });
    expect(validateSitemapXml('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>')).toEqual({ valid: true, errors: [], urlCount: 0 });
  });

  it("reads prefixed elements by their local name", () => {
    expect(validateSitemapXml('<s:urlset xmlns:s="http://www.sitemaps.org/schemas/sitemap/0.9"><s:url><s:loc>https://example.com/</s:loc></s:url></s:urlset>')).toEqual({
      valid: true,
      errors: [],
      urlCount: 1,
    });
  });

  it.each([
    ["an empty document", ""],
    ["plain text", "this is not xml"],
    ["an unclosed element", "<urlset><url><loc>https://example.com/</loc></url>"],
    ["mismatched tags", "<urlset><url></loc></url></urlset>"],
    ["two root elements", "<urlset></urlset><urlset></urlset>"],
    ["an HTML page", "<!doctype html><html><body><p>Not found<br></body></html>"],
  ])("says 'Invalid XML format' for %s", (_, xml) => {
    expect(validateSitemapXml(xml)).toEqual({ valid: false, errors: ["Invalid XML format"], urlCount: 0 });
  });

  it("says 'Missing sitemap root element (urlset or sitemapindex)' for another root", () => {
    expect(validateSitemapXml("<rss><channel><title>x</title></channel></rss>")).toEqual({
      valid: false,
      errors: ["Missing sitemap root element (urlset or sitemapindex)"],
      urlCount: 0,
    });
    // The entries under a wrong root are still checked and counted.
    expect(validateSitemapXml("<pages><url><loc>https://example.com/</loc></url><url><loc></loc></url></pages>")).toEqual({
      valid: false,
      errors: ["Missing sitemap root element (urlset or sitemapindex)", "URL 2: Missing or empty <loc> element"],
      urlCount: 2,
    });
  });

  it("says 'URL {n}: Missing or empty <loc> element' with the entry's number", () => {
    const xml = urlset("<url><loc>https://example.com/</loc></url><url><lastmod>2026-01-01</lastmod></url><url><loc>   </loc></url><url><loc/></url>");
    expect(validateSitemapXml(xml)).toEqual({
      valid: false,
      errors: ["URL 2: Missing or empty <loc> element", "URL 3: Missing or empty <loc> element", "URL 4: Missing or empty <loc> element"],
      urlCount: 4,
    });
  });

  it("says 'URL {n}: Invalid URL format' for a relative or non-web location", () => {
    const xml = urlset(
      "<url><loc>/tools</loc></url><url><loc>https://example.com/</loc></url><url><loc>example.com/blog</loc></url><url><loc>javascript:alert(1)</loc></url><url><loc>https://exa mple.com/</loc></url>",
    );
    expect(validateSitemapXml(xml)).toEqual({
      valid: false,
      errors: ["URL 1: Invalid URL format", "URL 3: Invalid URL format", "URL 4: Invalid URL format", "URL 5: Invalid URL format"],
      urlCount: 5,
    });
  });

  it("says 'Sitemap {n}: Missing or empty <loc> element' with the entry's number", () => {
    const xml = index("<sitemap><lastmod>2026-01-01</lastmod></sitemap><sitemap><loc>https://example.com/sitemap.xml</loc></sitemap><sitemap><loc></loc></sitemap>");
    expect(validateSitemapXml(xml)).toEqual({
      valid: false,
      errors: ["Sitemap 1: Missing or empty <loc> element", "Sitemap 3: Missing or empty <loc> element"],
      urlCount: 3,
    });
  });

  it("counts urls plus sitemaps", () => {
    const xml = urlset("<url><loc>https://example.com/a</loc></url><sitemap><loc>https://example.com/s.xml</loc></sitemap>");
    expect(validateSitemapXml(xml)).toEqual({ valid: true, errors: [], urlCount: 2 });
  });

  it("says 'XML parsing error: {message}' when the parser refuses the document", () => {
    // An external entity is well-formed XML that the parser rightly refuses to resolve.
    const xml = `<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY secret SYSTEM "file:///etc/passwd">]><urlset><url><loc>&secret;</loc></url></urlset>`;
    expect(validateSitemapXml(xml)).toEqual({ valid: false, errors: ["XML parsing error: External entities are not supported"], urlCount: 0 });
  });
});
