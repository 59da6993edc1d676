import { describe, expect, it } from "vitest";
import { llmsTxt } from "./llms-txt";
import { robotsTxt } from "./robots";

describe("llmsTxt", () => {
  it("has the llmstxt.org shape: H1, blockquote, sections of absolute links; empty sections dropped", () => {
    const text = llmsTxt(
      "A summary\nover lines.",
      [
        {
          heading: "Tools",
          links: [
            { name: "ChatGPT [beta]", path: "/tools/chatgpt", notes: "rated 4.8" },
            { name: "All", path: "/tools" },
          ],
        },
        { heading: "Empty", links: [] },
      ],
      "https://atlas.example",
    );
    expect(text).toBe(
      "# AI Tools Atlas\n\n> Independent reviews and comparisons of AI tools. A summary over lines.\n\n## Tools\n\n" +
        "- [ChatGPT beta](https://atlas.example/tools/chatgpt): rated 4.8\n- [All](https://atlas.example/tools)\n",
    );
  });
});

describe("robotsTxt", () => {
  it("names the sitemap index on the site's URL", () => {
    const text = robotsTxt("https://atlas.example");
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    expect(text).toContain("Disallow: /api/\n");
    expect(text).toContain("\nSitemap: https://atlas.example/sitemap-index.xml\n");
  });
});
