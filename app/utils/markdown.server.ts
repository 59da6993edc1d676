import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Element, Root } from "hast";
import { toString } from "hast-util-to-string";
import rehypeExternalLinks from "rehype-external-links";
import rehypeRaw from "rehype-raw";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { ALLOWED_IMAGE_HOSTS } from "~/lib/image-hosts";
import { outboundHref } from "~/lib/link-health/outbound";
import { appRoot } from "~/utils/paths.server";

/**
 * Article Markdown to safe HTML (decision 015). The pipeline: Markdown (with GitHub tables) -> HTML tree,
 * inline HTML parsed into the same tree -> the allow-list sanitiser (rehype-sanitize, hast-util-sanitize's
 * maintained schema, narrowed) -> our rules: images only from our own paths or allowed https hosts, a link to a
 * catalogue tool's website goes through our `/go/tool/{slug}` redirect with `sponsored` (decision 016: outbound
 * clicks are counted and affiliate rules applied in one place), other external links open in a new tab with
 * `noopener nofollow` -> heading ids for the table of contents -> each table in a scroll box.
 */

const SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  // Heading ids are ours (rehype-slug runs after the sanitiser); no author-written id or name survives.
  clobberPrefix: "",
  tagNames: [
    "h2",
    "h3",
    "h4",
    "p",
    "a",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "del",
    "blockquote",
    "code",
    "pre",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "hr",
    "br",
    "img",
    "figure",
    "figcaption",
    "aside",
  ],
  attributes: {
    a: ["href", "title"],
    img: ["src", "alt", "title", "width", "height"],
    th: ["align"],
    td: ["align"],
    code: [["className", /^language-[a-z0-9-]+$/]],
    aside: [["dataSlot", "newsletter"]],
  },
  protocols: { href: ["http", "https", "mailto"], src: ["http", "https"] },
  // `script`, `style` and the like go with their content, not just their tags.
  strip: ["script", "style", "iframe", "object", "embed", "noscript", "template", "svg", "math"],
};

/**
 * A website as a lookup key: host without `www.`, path without its trailing slash, no query or fragment. Tool
 * websites and article links are compared this way, so `https://www.canva.com/` and `https://canva.com` match.
 */
export function websiteKey(href: string): string | null {
  try {
    const url = new URL(href);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return `${url.hostname.replace(/^www\./, "")}${url.pathname.replace(/\/+$/, "")}`.toLowerCase();
  } catch {
    return null;
  }
}

/** Tool slugs by `websiteKey` of their website: the links an article sends through `/go/tool/{slug}`. */
export type ToolLinks = ReadonlyMap<string, string>;

/** Rewrites links to a catalogue tool's website to our outbound redirect; runs before the external-link rule, which then skips them. */
function rehypeToolLinks(toolLinks: ToolLinks) {
  return () => (tree: Root) => {
    visit(tree, "element", (node: Element) => {
      if (node.tagName !== "a" || typeof node.properties.href !== "string") return;
      const key = websiteKey(node.properties.href);
      const slug = key ? toolLinks.get(key) : undefined;
      if (!slug) return;
      node.properties.href = outboundHref("tool", slug);
      node.properties.target = "_blank";
      node.properties.rel = ["sponsored", "nofollow", "noopener"];
    });
  };
}

export type TocEntry = { id: string; text: string; level: 2 | 3 };

function allowedImage(src: unknown): boolean {
  if (typeof src !== "string") return false;
  if (src.startsWith("/") && !src.startsWith("//")) return true;
  try {
    const url = new URL(src);
    return url.protocol === "https:" && (ALLOWED_IMAGE_HOSTS as readonly string[]).includes(url.hostname);
  } catch {
    return false;
  }
}

/** Removes images from elsewhere; lazy-loads the rest. */
function rehypeImageHosts() {
  return (tree: Root) => {
    visit(tree, "element", (node: Element, index, parent) => {
      if (node.tagName !== "img" || !parent || index === undefined) return;
      if (!allowedImage(node.properties.src)) {
        parent.children.splice(index, 1);
        return index;
      }
      node.properties.loading = "lazy";
      node.properties.decoding = "async";
    });
  };
}

function rehypeCollectToc(toc: TocEntry[]) {
  return () => (tree: Root) => {
    visit(tree, "element", (node: Element) => {
      if ((node.tagName === "h2" || node.tagName === "h3") && typeof node.properties.id === "string") {
        toc.push({ id: node.properties.id, text: toString(node).trim(), level: node.tagName === "h2" ? 2 : 3 });
      }
    });
  };
}

/**
 * Puts each table in the scroll box every wide table of the site has (components/ui/scroll-region.tsx, the same
 * markup; decision 050): a focusable region that scrolls sideways, so a narrow screen neither cuts a column nor
 * scrolls the page, with app.css's cue that more is to the side. A Markdown table has no caption: the region is named
 * by its column headings, numbered when two tables have the same ones (regions are landmarks, told apart by name).
 */
function rehypeScrollTables() {
  return (tree: Root) => {
    const names = new Set<string>();
    let count = 0;
    visit(tree, "element", (node: Element, index, parent) => {
      if (node.tagName !== "table" || !parent || index === undefined) return;
      count++;
      const headings: string[] = [];
      visit(node, "element", (cell: Element) => {
        if (cell.tagName === "th") headings.push(toString(cell).trim());
        return cell.tagName === "tbody" ? "skip" : undefined;
      });
      let name = headings.filter(Boolean).length ? `Table: ${headings.filter(Boolean).join(", ")}` : `Table ${count}`;
      if (names.has(name)) name = `${name} (${count})`;
      names.add(name);
      const box: Element = {
        type: "element",
        tagName: "div",
        properties: { role: "region", ariaLabel: name, tabIndex: 0, className: ["scroll-region-box", "relative"] },
        children: [node],
      };
      parent.children[index] = {
        type: "element",
        tagName: "div",
        properties: { className: ["scroll-region"] },
        children: [{ type: "element", tagName: "div", properties: { className: ["scroll-region-frame"] }, children: [box] }],
      };
      return "skip";
    });
  };
}

export type RenderedArticle = { html: string; toc: TocEntry[]; text: string; words: number };

export function renderArticle(markdown: string, { toolLinks = new Map() }: { toolLinks?: ToolLinks } = {}): RenderedArticle {
  const toc: TocEntry[] = [];
  const file = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeRaw)
    .use(rehypeSanitize, SCHEMA)
    .use(rehypeImageHosts)
    .use(rehypeToolLinks(toolLinks))
    .use(rehypeExternalLinks, {
      target: "_blank",
      rel: ["noopener", "nofollow"],
      // Only absolute http(s) links to other sites: our own paths stay in the tab.
      test: (element: Element) => typeof element.properties.href === "string" && /^https?:\/\//.test(element.properties.href),
    })
    .use(rehypeSlug)
    .use(rehypeCollectToc(toc))
    .use(rehypeScrollTables)
    .use(rehypeStringify)
    .processSync(markdown);
  const html = String(file);
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
  return { html, toc, text, words: text ? text.split(" ").length : 0 };
}

/** Reading time from the words, at 220 a minute (spec part 2 §9: articles read in 5 to 25 minutes). */
export function readMinutes(words: number): number {
  return Math.max(1, Math.round(words / 220));
}

/**
 * The code a module runs from, as files: a built file stands alone (the server build names the other files it imports
 * by their content hash, so a change to any of them changes it too); a source file (tests, `npm run dev`) comes with
 * the local modules it imports, transitively (`~/` is `appDir`).
 */
function codeFiles(entry: string, appDir: string): string[] {
  const files = new Set([entry]);
  if (!/\.tsx?$/.test(entry)) return [...files];
  for (const file of files) {
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+"(~\/[^"]+|\.\.?\/[^"]+)"/gm)) {
      const base = specifier!.startsWith("~/") ? path.join(appDir, specifier!.slice(2)) : path.resolve(path.dirname(file), specifier!);
      const found = [`${base}.ts`, `${base}.tsx`, base].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
      if (found) files.add(found);
    }
  }
  return [...files];
}

/**
 * A fingerprint of a renderer: the code it runs from (see `codeFiles`), the lock file its packages were installed from
 * (remark, rehype and the sanitiser's schema are packages) and Node's version. Exported for its test.
 */
export function codeFingerprint(entry: string, { appDir, lockFile }: { appDir: string; lockFile: string }): string {
  const hash = createHash("sha256");
  for (const file of codeFiles(entry, appDir)) hash.update(readFileSync(file)).update("\0");
  hash.update(existsSync(lockFile) ? readFileSync(lockFile) : "no lock file").update("\0");
  return hash.update(process.version).digest("hex").slice(0, 16);
}

let fingerprint: string | undefined;

/**
 * What an article's HTML depends on besides its Markdown and the tool links: this renderer (decision 041). Part of
 * every article's source hash, so a change to the renderer, to its plugins or to the packages it runs renders every
 * article again at the next start; the sync then writes only those whose row came out different. Read once a process.
 */
export function rendererFingerprint(): string {
  fingerprint ??= codeFingerprint(fileURLToPath(import.meta.url), { appDir: path.join(appRoot(), "app"), lockFile: path.join(appRoot(), "package-lock.json") });
  return fingerprint;
}
