import { parse } from "parse5";
import type { DefaultTreeAdapterTypes as T } from "parse5";

/**
 * A pricing page's visible text, from its HTML (issue 27, decision 034): what a visitor without JavaScript reads.
 * Parsed with parse5 (the WHATWG parser jsdom uses), never run: scripts, styles, templates, <noscript>, SVG and
 * elements hidden by the `hidden` attribute or an inline `display:none`/`visibility:hidden` give no text. Block
 * elements end lines, so a plan's name and its price stay apart as a reader sees them. Pure.
 */

export type PageText = {
  /** The visible text, one line per block, spaces collapsed. */
  text: string;
  /** The document's <title>, spaces collapsed ('' when none). */
  title: string;
  /** The page has a visible password field (a sign-in form). */
  hasPasswordField: boolean;
};

const SKIPPED = new Set(["script", "style", "noscript", "template", "svg", "math", "head", "iframe", "object", "canvas", "select", "textarea", "button"]);
// Buttons carry 'Start free trial', 'Contact sales': words of the page, but they repeat for every plan and
// would make 'free' appear on every page. Their text is kept out; plan names and prices are never in buttons.

const BLOCKS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "br",
  "dd",
  "details",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "ul",
]);

const attr = (node: T.Element, name: string) => node.attrs.find((item) => item.name === name)?.value;

function hidden(node: T.Element): boolean {
  if (attr(node, "hidden") !== undefined) return true;
  if (node.tagName === "input" && attr(node, "type")?.toLowerCase() === "hidden") return true;
  const style = attr(node, "style")?.toLowerCase().replace(/\s+/g, "") ?? "";
  return style.includes("display:none") || style.includes("visibility:hidden");
}

const collapse = (text: string) => text.replace(/[\s\u00a0\u2009\u202f]+/g, " ").trim();

export function pageText(html: string): PageText {
  const document = parse(html);
  const lines: string[] = [];
  let line = "";
  let title = "";
  let hasPasswordField = false;
  const endLine = () => {
    const text = collapse(line);
    if (text) lines.push(text);
    line = "";
  };
  const walk = (node: T.ChildNode | T.Document) => {
    if (node.nodeName === "#text") {
      line += (node as T.TextNode).value;
      return;
    }
    if (!("childNodes" in node)) return;
    if ("tagName" in node) {
      const element = node as T.Element;
      if (element.tagName === "title" && !title) title = collapse(element.childNodes.map((child) => (child.nodeName === "#text" ? (child as T.TextNode).value : "")).join(""));
      if (SKIPPED.has(element.tagName) || hidden(element)) {
        // The title sits in <head>; a password field may be anywhere visible.
        if (element.tagName === "head") for (const child of element.childNodes) if ("tagName" in child && child.tagName === "title") walk(child);
        return;
      }
      if (element.tagName === "title") return;
      if (element.tagName === "input" && attr(element, "type")?.toLowerCase() === "password") hasPasswordField = true;
      const block = BLOCKS.has(element.tagName);
      if (block) endLine();
      else if (element.tagName === "img") line += ` ${attr(element, "alt") ?? ""} `;
      for (const child of element.childNodes) walk(child);
      // Inline elements add no space: '$<span>20</span>' reads '$20', as a browser shows it.
      if (block) endLine();
      return;
    }
    for (const child of node.childNodes) walk(child);
  };
  walk(document);
  endLine();
  return { text: lines.join("\n"), title, hasPasswordField };
}
