/**
 * The sitemap validator of spec part 2 §5, word for word: the owner pages run it
 * in the browser on the files the server serves, and the tests run it on the
 * server. fast-xml-parser is pure JavaScript, so both get the same parser and
 * the same answers (the browser's DOMParser would differ from any server one).
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";

export type SitemapValidation = { valid: boolean; errors: string[]; urlCount: number };

export const SITEMAP_ERRORS = {
  invalidXml: "Invalid XML format",
  missingRoot: "Missing sitemap root element (urlset or sitemapindex)",
  urlMissingLoc: (n: number) => `URL ${n}: Missing or empty <loc> element`,
  urlInvalid: (n: number) => `URL ${n}: Invalid URL format`,
  sitemapMissingLoc: (n: number) => `Sitemap ${n}: Missing or empty <loc> element`,
  parsing: (message: string) => `XML parsing error: ${message}`,
} as const;

// preserveOrder keeps the document's shape (several roots, mixed children) instead of merging same-named elements.
type OrderedNode = { [name: string]: OrderedNode[] | string | Record<string, string> | undefined; ":@"?: Record<string, string> };

const parser = new XMLParser({ preserveOrder: true, removeNSPrefix: true, parseTagValue: false, ignoreAttributes: true, ignoreDeclaration: true, ignorePiTags: true });

function nameOf(node: OrderedNode): string | null {
  const name = Object.keys(node).find((key) => key !== ":@");
  return name === undefined || name === "#text" || name === "#comment" ? null : name;
}

function childrenOf(node: OrderedNode): OrderedNode[] {
  const name = nameOf(node);
  const children = name ? node[name] : undefined;
  return Array.isArray(children) ? children : [];
}

function textOf(node: OrderedNode): string {
  return childrenOf(node)
    .map((child) => (typeof child["#text"] === "string" ? child["#text"] : ""))
    .join("")
    .trim();
}

function locOf(entry: OrderedNode): string {
  const loc = childrenOf(entry).find((child) => nameOf(child) === "loc");
  return loc ? textOf(loc) : "";
}

// The sitemaps protocol allows only http and https locations; `new URL` alone would take 'javascript:...'.
function isAbsoluteHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export function validateSitemapXml(xml: string): SitemapValidation {
  if (XMLValidator.validate(xml) !== true) return { valid: false, errors: [SITEMAP_ERRORS.invalidXml], urlCount: 0 };
  let document: OrderedNode[];
  try {
    document = parser.parse(xml) as OrderedNode[];
  } catch (error) {
    return { valid: false, errors: [SITEMAP_ERRORS.parsing(error instanceof Error ? error.message : String(error))], urlCount: 0 };
  }
  const roots = document.filter((node) => nameOf(node) !== null);
  // Well-formed XML has exactly one root element; the validator lets several through.
  if (roots.length !== 1) return { valid: false, errors: [SITEMAP_ERRORS.invalidXml], urlCount: 0 };

  const errors: string[] = [];
  const root = roots[0]!;
  const rootName = nameOf(root);
  if (rootName !== "urlset" && rootName !== "sitemapindex") errors.push(SITEMAP_ERRORS.missingRoot);

  const entries = childrenOf(root);
  const urls = entries.filter((entry) => nameOf(entry) === "url");
  const sitemaps = entries.filter((entry) => nameOf(entry) === "sitemap");
  urls.forEach((url, index) => {
    const loc = locOf(url);
    if (!loc) errors.push(SITEMAP_ERRORS.urlMissingLoc(index + 1));
    else if (!isAbsoluteHttpUrl(loc)) errors.push(SITEMAP_ERRORS.urlInvalid(index + 1));
  });
  sitemaps.forEach((sitemap, index) => {
    if (!locOf(sitemap)) errors.push(SITEMAP_ERRORS.sitemapMissingLoc(index + 1));
  });
  return { valid: errors.length === 0, errors, urlCount: urls.length + sitemaps.length };
}
