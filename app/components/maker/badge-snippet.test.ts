import { XMLValidator } from "fast-xml-parser";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { badgeSize, badgeWords } from "~/lib/badge/badge-svg";
import { BadgeSnippet, badgeSnippetHtml, type BadgeSnippetProps } from "./badge-snippet";

const props: BadgeSnippetProps = { slug: "chatgpt", toolName: `Chat "GPT" & <Co>`, siteUrl: "https://atlas.example/", pricesConfirmed: "2026-12-04" };
const decode = (html: string) => html.replace(/&(lt|gt|quot|amp|#x27|#39);/g, (_, name: string) => ({ lt: "<", gt: ">", quot: '"', amp: "&", "#x27": "'", "#39": "'" })[name]!);

describe("badgeSnippetHtml", () => {
  it("links the tool's page around the badge of each theme, with its alt text, width and height, escaped", () => {
    const { width, height } = badgeSize(badgeWords("2026-12-04"));
    const light = badgeSnippetHtml(props, "light");
    expect(light).toBe(
      `<a href="https://atlas.example/tools/chatgpt"><img src="https://atlas.example/badges/chatgpt.svg" alt="Chat &#34;GPT&#34; &#38; &#60;Co&#62; is listed on AI Tools Atlas" width="${width}" height="${height}"></a>`,
    );
    expect(badgeSnippetHtml(props, "dark")).toContain(`src="https://atlas.example/badges/chatgpt.svg?theme=dark"`);
    // Well-formed once the void element is closed: the escaping left no stray quote or bracket.
    expect(XMLValidator.validate(light.replace("></a>", "/></a>"))).toBe(true);
    expect(badgeSnippetHtml({ ...props, pricesConfirmed: null }, "light")).toContain(`width="${badgeSize(badgeWords(null)).width}"`);
  });
});

describe("BadgeSnippet", () => {
  it("shows both badges and a labelled, read-only text box of each snippet, without JavaScript", () => {
    const html = renderToString(createElement(BadgeSnippet, props));
    expect(html).toContain('src="/badges/chatgpt.svg"');
    expect(html).toContain('src="/badges/chatgpt.svg?theme=dark"');
    for (const theme of ["light", "dark"] as const) {
      const id = `badge-snippet-chatgpt-${theme}`;
      expect(html).toMatch(new RegExp(`<label[^>]*for="${id}"[^>]*>HTML for a ${theme} page</label>`));
      const textarea = html.match(new RegExp(`<textarea[^>]*id="${id}"[^>]*>([^<]*)</textarea>`));
      expect(textarea?.[0]).toContain("readOnly");
      expect(decode(textarea![1]!)).toBe(badgeSnippetHtml(props, theme));
    }
    expect(html).toContain("the day of the check we recorded that covers its prices as they are");
    expect(html).not.toContain("<script");
  });

  it("promises no confirmation it does not have", () => {
    const html = renderToString(createElement(BadgeSnippet, { ...props, pricesConfirmed: null }));
    expect(html).not.toContain("Prices confirmed");
    expect(html).toContain("Once a check we record covers its prices as they are, it adds the day of that check.");
  });
});
