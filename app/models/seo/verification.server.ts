import { statSync } from "node:fs";
import path from "node:path";
import { asc, desc, sql } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { categories, posts, tools } from "~/db/schema";
import { validateSitemapXml } from "~/lib/seo/sitemap-validator";
import { SITEMAP_FILES } from "~/lib/seo/sitemaps";
import { checkPageHead, VERIFICATION_MESSAGES as SAY, type CheckResult } from "~/lib/vitals/verification";
import { getDb } from "~/utils/db.server";
import { appRoot } from "~/utils/paths.server";
import { requestOwnPage } from "~/utils/self-request.server";
import { countOf } from "~/lib/ui/plural";

/**
 * The server's half of /verification (spec part 2 §2.11): it asks the site for its own files and pages, in
 * process (utils/self-request.server.ts), exactly as an anonymous visitor or a crawler gets them.
 */

const CRITICAL_ASSETS = ["/favicon.svg", "/manifest.json"];
export const FEEDS = ["/feed.xml", "/feed/blog.xml", "/feed/tools.xml"];

type Fetched = { path: string; response: Response | null; body: string; issue?: string };

async function fetchOwn(path: string, base: string, method: "GET" | "HEAD" = "GET"): Promise<Fetched> {
  try {
    const response = await requestOwnPage(path, base, method);
    const body = method === "GET" ? await response.text() : "";
    return { path, response, body, issue: response.ok ? undefined : `${path}: ${SAY.http(response.status, response.statusText || statusText(response.status))}` };
  } catch {
    return { path, response: null, body: "", issue: `${path}: ${SAY.http(0, "no answer")}` };
  }
}

const statusText = (status: number) =>
  ({ 301: "Moved Permanently", 302: "Found", 404: "Not Found", 429: "Too Many Requests", 500: "Internal Server Error", 503: "Service Unavailable" })[status] ?? "Error";

const card = (id: string, name: string): CheckResult => ({ id, name, issues: [], warnings: [], info: [] });

/** The size of a file server.js serves from the client build before the app sees the request, or null. */
function staticFileSize(urlPath: string): number | null {
  try {
    const stats = statSync(path.join(appRoot(), "build/client", path.normalize(urlPath)));
    return stats.isFile() ? stats.size : null;
  } catch {
    return null;
  }
}

async function criticalAssets(base: string): Promise<CheckResult> {
  const result = card("assets", "Favicon and manifest");
  for (const asset of CRITICAL_ASSETS) {
    // public/ files are served by server.js ahead of the app: found there, they are what a browser gets.
    const size = staticFileSize(asset);
    if (size !== null) {
      result.info.push(`${asset}: static file, ${size} bytes`);
      continue;
    }
    try {
      const response = await requestOwnPage(asset, base, "HEAD");
      if (response.ok) result.info.push(`${asset}: ${response.status}, ${response.headers.get("content-type") ?? "no content type"}`);
      else result.issues.push(SAY.criticalAssetFailed(asset, response.status));
    } catch {
      result.issues.push(SAY.criticalAssetError(asset));
    }
  }
  return result;
}

async function sitemaps(base: string): Promise<CheckResult> {
  const result = card("sitemaps", "Sitemaps");
  for (const file of SITEMAP_FILES) {
    const fetched = await fetchOwn(file.path, base);
    if (fetched.issue) {
      result.issues.push(fetched.issue);
      continue;
    }
    const validation = validateSitemapXml(fetched.body);
    if (validation.valid) result.info.push(`${file.path}: valid, ${countOf(validation.urlCount, "URL")}`);
    else result.issues.push(...validation.errors.map((error) => `${file.path}: ${error}`));
  }
  return result;
}

const feedParser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "item" });

async function feeds(base: string): Promise<CheckResult> {
  const result = card("feeds", "Feeds");
  for (const path of FEEDS) {
    const fetched = await fetchOwn(path, base);
    if (fetched.issue) {
      result.issues.push(fetched.issue);
      continue;
    }
    const valid = XMLValidator.validate(fetched.body);
    if (valid !== true) {
      result.issues.push(`${path}: XML parsing error: ${valid.err.msg}`);
      continue;
    }
    const channel = (feedParser.parse(fetched.body) as { rss?: { channel?: { title?: unknown; item?: unknown[] } } }).rss?.channel;
    if (!channel) result.issues.push(`${path}: not an RSS 2.0 feed (no rss/channel)`);
    else if (!channel.item?.length) result.warnings.push(`${path}: the feed has no items`);
    else result.info.push(`${path}: ${countOf(channel.item.length, "item")}`);
  }
  return result;
}

async function robots(base: string): Promise<CheckResult> {
  const result = card("robots", "robots.txt");
  const fetched = await fetchOwn("/robots.txt", base);
  if (fetched.issue) {
    result.issues.push(fetched.issue);
    return result;
  }
  if (!/^user-agent:/im.test(fetched.body)) result.issues.push("/robots.txt: no User-agent line");
  const sitemapLines = [...fetched.body.matchAll(/^sitemap:\s*(\S+)/gim)].map((match) => match[1]!);
  if (!sitemapLines.some((url) => url.endsWith("/sitemap-index.xml"))) result.warnings.push("/robots.txt: does not name the sitemap index");
  if (/^disallow:\s*\/\s*$/im.test(fetched.body)) result.warnings.push("/robots.txt: disallows the whole site");
  result.info.push(`/robots.txt: ${countOf(sitemapLines.length, "sitemap line")}`);
  return result;
}

/** The pages search traffic lands on: the listings and one of each kind of detail page. */
async function keyPages(): Promise<string[]> {
  const db = getDb();
  const [[tool], [category], [post]] = await Promise.all([
    db
      .select({ slug: tools.slug })
      .from(tools)
      .orderBy(sql`${tools.rating} desc nulls last`, asc(tools.slug))
      .limit(1),
    db.select({ slug: categories.slug }).from(categories).orderBy(asc(categories.sortOrder)).limit(1),
    db.select({ slug: posts.slug }).from(posts).orderBy(desc(posts.publishedAt), asc(posts.slug)).limit(1),
  ]);
  return ["/", "/tools", tool && `/tools/${tool.slug}`, category && `/tools/category/${category.slug}`, "/blog", post && `/blog/${post.slug}`, "/courses"].filter(
    (path): path is string => Boolean(path),
  );
}

async function pageSeo(base: string): Promise<CheckResult> {
  const result = card("pages", "Key pages: title, description, canonical, JSON-LD");
  for (const path of await keyPages()) {
    const fetched = await fetchOwn(path, base);
    if (fetched.issue) {
      result.issues.push(fetched.issue);
      continue;
    }
    const head = checkPageHead(path, fetched.body);
    result.issues.push(...head.issues);
    result.warnings.push(...head.warnings);
    result.info.push(...head.info);
  }
  return result;
}

/** Every server check, in the order the dashboard shows them. */
export async function runServerChecks(base: string): Promise<CheckResult[]> {
  return [await criticalAssets(base), await sitemaps(base), await feeds(base), await robots(base), await pageSeo(base)];
}

/** A run is kept for a minute and shared by the requests that ask meanwhile: the checks render a dozen pages. */
const RUN_TTL_MS = 60_000;
let lastRun: { origin: string; at: number; result: Promise<{ checkedAt: string; checks: CheckResult[] }> } | null = null;

export function serverChecks(base: string, now = Date.now()) {
  const origin = new URL(base).origin;
  if (lastRun && lastRun.origin === origin && now - lastRun.at < RUN_TTL_MS) return lastRun.result;
  const result = runServerChecks(base).then((checks) => ({ checkedAt: new Date().toISOString(), checks }));
  lastRun = { origin, at: now, result };
  result.catch(() => {
    if (lastRun?.result === result) lastRun = null;
  });
  return result;
}
