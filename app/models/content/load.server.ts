import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import { PRICE_DERIVATION, type CurrencyRates } from "~/lib/tool/pricing";
import { TEAM_TERMS_DERIVATION } from "~/lib/tool/team-cost";
import { isVendorUrl, registrableDomain, testingClaims } from "~/lib/review/review-basis";
import { headlineRating } from "~/lib/review/headline-rating";
import { toolFacts } from "~/lib/provenance/provenance";
import { factsHashOf } from "~/models/provenance/facts.server";
import { readMinutes, renderArticle, rendererFingerprint, websiteKey, type TocEntry, type ToolLinks } from "~/utils/markdown.server";
import {
  authorsFileSchema,
  categoriesFileSchema,
  courseCategoriesFileSchema,
  currencyRatesSchema,
  coursePlatformsFileSchema,
  courseSchema,
  pairVerdictSchema,
  type PairVerdictContent,
  postFrontMatterSchema,
  type PostFrontMatter,
  reviewContentSchema,
  searchSynonymsFileSchema,
  taskSchema,
  toolDataFactsSchema,
  toolSchema,
  type ToolDataFactsContent,
  type AuthorContent,
  type CategoryContent,
  type CourseCategoryContent,
  type CourseContent,
  type CoursePlatformContent,
  type ReviewContent,
  type TaskContent,
  type ToolContent,
} from "./schemas";

export class ContentError extends Error {}

/** A category listed with fewer tools than this looks empty next to the others (issue 18): the load refuses it. */
export const MIN_TOOLS_PER_CATEGORY = 5;

/** The domain a tool's website is on, for the one-tool-per-domain rule: host name, lower case, without "www.". */
export function websiteDomain(url: string): string {
  return new URL(url).hostname.toLowerCase().replace(/^www\./, "");
}

export type WithHash<T> = T & { contentHash: string };

export type EditorialContent = {
  /** The rate table the stored comparable price figure converts with (decision 030). */
  currencyRates: CurrencyRates;
  categories: WithHash<CategoryContent>[];
  authors: WithHash<AuthorContent>[];
  /** `factsHash`: lib/provenance/provenance.ts `toolFacts` with the tool's review, for 'Updated recently' (decision 028). */
  tools: WithHash<ToolContent & { factsHash: string }>[];
  reviews: WithHash<ReviewContent>[];
  /** Not yet rendered: `renderPost` makes an article's HTML, which the sync does only for a row it writes (decision 041). */
  posts: PostSource[];
  courseCategories: WithHash<CourseCategoryContent & { sortOrder: number }>[];
  coursePlatforms: WithHash<CoursePlatformContent & { sortOrder: number }>[];
  courses: WithHash<CourseContent>[];
  /** Editorial verdicts on pairs of tools (decision 043), each with its pair (`{first}-vs-{second}`) and the author who wrote it. */
  pairVerdicts: WithHash<PairVerdictContent & { pair: string }>[];
  /** Tasks (issue 29), each with its ranked tools; the hash covers the tools, which the sync writes with their task. */
  tasks: WithHash<TaskContent>[];
  /** The search's synonym groups (decision 046), each keyed by its first phrase (`term`). */
  searchSynonyms: WithHash<SearchSynonymGroup>[];
  /** Tools' data and security facts (content/facts/, issue 44, decision 081), one entry per tool that has a file. */
  dataFacts: WithHash<ToolDataFactsContent>[];
};

/** A synonym group as the sync stores it: its first phrase names it. */
export type SearchSynonymGroup = { term: string; phrases: string[] };

/** The listing shows two featured courses (spec part 2 §9). */
export const FEATURED_COURSE_COUNT = 2;

/** An article as the site stores it: front matter, sanitised HTML, its table of contents and words. */
export type PostContent = PostFrontMatter & { html: string; toc: TocEntry[]; bodyText: string; readMinutes: number };

/**
 * An article as loaded (decision 041): its front matter checked, its Markdown not yet rendered, which takes most of a
 * start and is needed only when the sync writes the article's row. `sourceHash` covers all its HTML is made from: the
 * front matter, the Markdown, the tool links (every one: which of them the article uses is known only once it is
 * rendered) and the renderer (`rendererFingerprint`).
 */
export type PostSource = PostFrontMatter & { file: string; markdown: string; toolLinks: ToolLinks; sourceHash: string };

/**
 * An article row's stored hash (decision 041): the source hash it was rendered from, then the hash of the row. A start
 * whose source hash is the stored one renders nothing; a rendered row whose hash is still the stored one had only its
 * sources change (another renderer, another tool's link), so the sync rewrites its hash and nothing else.
 */
export const renderedHash = (sourceHash: string, rowHash: string) => `${sourceHash}:${rowHash}`;

/** The two parts of a stored `renderedHash`; a hash stored before them is the row's alone. */
export function renderedHashParts(stored: string): { sourceHash: string | null; rowHash: string } {
  const [first, second] = stored.split(":");
  return second === undefined ? { sourceHash: null, rowHash: first! } : { sourceHash: first!, rowHash: second };
}

/**
 * The spec's slug rule (part 2 §3): lowercase, trimmed, spaces to hyphens, only a-z, 0-9 and hyphens,
 * repeated hyphens collapsed, none at either end.
 */
export function normaliseSlug(value: string): string {
  return value
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

const hashOf = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 32);

/**
 * An article file: YAML front matter between `---` lines, then Markdown; checked but not rendered (`renderPost`). What
 * needs no HTML is checked here, so every start refuses it whether or not the article is rendered.
 */
export function parsePostFile(file: string, source: string, toolLinks: ToolLinks = new Map()): PostSource {
  const match = source.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/);
  if (!match) throw new ContentError(`${file}: no front matter (a block between --- lines at the top)`);
  let raw: unknown;
  try {
    raw = parseYaml(match[1]!);
  } catch (error) {
    throw new ContentError(`${file}: front matter is not valid YAML (${(error as Error).message.split("\n")[0]})`);
  }
  const result = postFrontMatterSchema.safeParse(raw);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join(".") || "(front matter)"}: ${issue.message}`);
    throw new ContentError(`${file}: ${issues.join("; ")}`);
  }
  const slug = normaliseSlug(result.data.slug);
  if (!slug) throw new ContentError(`${file}: slug is empty once normalised`);
  const body = match[2]!.trim();
  // No article records a test (issue 26): one that says 'In our testing' or 'we tried' claims what did not happen.
  for (const text of [result.data.title, result.data.excerpt, ...result.data.faq.flatMap((item) => [item.question, item.answer]), body]) {
    const [claim] = testingClaims(text, { firstPersonOnly: true });
    if (claim) throw new ContentError(`${file}: claims a hands-on test ("${claim}"), which no article records; say what the article is based on instead`);
  }
  const frontMatter = { ...result.data, slug };
  const links = [...toolLinks].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return { ...frontMatter, file, markdown: body, toolLinks, sourceHash: hashOf([frontMatter, body, links, rendererFingerprint()]) };
}

/**
 * An article's HTML, table of contents and words, with the hash its row is stored under (`renderedHash`). A failure
 * of the renderer stops the start that needed it, naming the file.
 */
export function renderPost(post: PostSource): WithHash<PostContent> {
  const { file, markdown, toolLinks, sourceHash, ...frontMatter } = post;
  let rendered: ReturnType<typeof renderArticle>;
  try {
    rendered = renderArticle(markdown, { toolLinks });
  } catch (error) {
    throw new ContentError(`${file}: could not be rendered (${(error as Error).message})`);
  }
  // The object hashed as before decision 041 (same keys, same order), so a row stored then needs no rewrite.
  const content: PostContent = { ...frontMatter, html: rendered.html, toc: rendered.toc, bodyText: rendered.text, readMinutes: readMinutes(rendered.words) };
  return { ...content, contentHash: renderedHash(sourceHash, hashOf(content)) };
}

function parseFile<S extends z.ZodType>(file: string, schema: S): z.infer<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new ContentError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join(".") || "(file)"}: ${issue.message}`);
    throw new ContentError(`${file}: ${issues.join("; ")}`);
  }
  return result.data;
}

function jsonFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => path.join(dir, name));
}

function assertUnique<T>(items: T[], key: (item: T) => string | number, what: string) {
  const seen = new Set<string | number>();
  for (const item of items) {
    const value = key(item);
    if (seen.has(value)) throw new ContentError(`Duplicate ${what}: ${value}`);
    seen.add(value);
  }
}

/**
 * A content directory without content/currency-rates.json can only price in US dollars (the loader refuses other
 * currencies then): these rates convert nothing.
 */
export const DOLLARS_ONLY: CurrencyRates = { asOf: "", source: "", usdPer: { USD: 1, EUR: Number.NaN, GBP: Number.NaN } };

/** The dated rate table of a content directory (decision 030), validated, or undefined when it has none. */
export function readCurrencyRates(contentDir: string): CurrencyRates | undefined {
  const file = path.join(contentDir, "currency-rates.json");
  return existsSync(file) ? parseFile(file, currencyRatesSchema) : undefined;
}

/** The tool files (content/tools/<slug>.json), validated; also read by the offers (a deal names its tool). */
/**
 * Each category's tools by slug (issue 29): those whose primary category it is and those that list it in
 * `secondaryCategoryIds`, as the category's page lists them. The minimum per category counts these.
 */
export function categoryMembers(tools: readonly Pick<ToolContent, "slug" | "categoryId" | "secondaryCategoryIds">[]): Map<string, string[]> {
  const members = new Map<string, string[]>();
  for (const tool of tools) for (const slug of [tool.categoryId, ...(tool.secondaryCategoryIds ?? [])]) members.set(slug, [...(members.get(slug) ?? []), tool.slug]);
  return members;
}

export function readToolFiles(contentDir: string): ToolContent[] {
  // Every refused file at once (one a line): a rule added to many files lists them all (issue 41).
  const refusals: string[] = [];
  const tools = jsonFiles(path.join(contentDir, "tools")).flatMap((file) => {
    try {
      const tool = parseFile(file, toolSchema);
      if (path.basename(file) !== `${tool.slug}.json`) throw new ContentError(`${file}: file name must be ${tool.slug}.json`);
      return [tool];
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      refusals.push(error.message);
      return [];
    }
  });
  if (refusals.length) throw new ContentError(refusals.join("\n"));
  return tools;
}

/**
 * Tools' data and security facts (content/facts/<slug>.json, decision 081): each file names a tool of the catalogue,
 * and every page it cites (sources, policy pages, trust centre) is on the vendor's own domain or one it lists.
 */
function loadDataFacts(contentDir: string, toolsBySlug: ReadonlyMap<string, ToolContent>): ToolDataFactsContent[] {
  return jsonFiles(path.join(contentDir, "facts")).map((file) => {
    const facts = parseFile(file, toolDataFactsSchema);
    const name = `content/facts/${facts.tool}.json`;
    if (path.basename(file) !== `${facts.tool}.json`) throw new ContentError(`${file}: file name must be ${facts.tool}.json`);
    const tool = toolsBySlug.get(facts.tool);
    if (!tool) throw new ContentError(`${name}: no tool with that slug`);
    const pages: [string, string | undefined][] = [
      ["policyPages.privacy", facts.policyPages?.privacy],
      ["policyPages.terms", facts.policyPages?.terms],
      ["trustCenter", facts.trustCenter],
      ...facts.facts.map((fact, index): [string, string | undefined] => [`facts.${index}.source`, fact.source]),
    ];
    for (const [field, url] of pages) {
      if (url && !isVendorUrl(url, tool.websiteUrl, facts.vendorDomains))
        throw new ContentError(
          `${name}: ${field}: ${url} is not on ${tool.name}'s domain (${registrableDomain(new URL(tool.websiteUrl).hostname)}${facts.vendorDomains?.length ? ` or ${facts.vendorDomains.join(", ")}` : ""}); add the vendor's domain to vendorDomains if it is theirs`,
        );
    }
    return facts;
  });
}

/**
 * One tool's file (content/tools/<slug>.json), validated, or null when there is none: what removing an editor's
 * pricing override goes back to (decision 036).
 */
export function readToolFile(contentDir: string, slug: string): ToolContent | null {
  const file = path.join(contentDir, "tools", `${slug}.json`);
  return /^[a-z0-9-]+$/.test(slug) && existsSync(file) ? parseFile(file, toolSchema) : null;
}

/**
 * Reads and validates every editorial file, including the references between
 * them (a tool's category, alternatives, a review's tool and author), so a
 * broken catalogue stops the start-up with a message naming the file.
 */
export function loadEditorialContent(contentDir: string): EditorialContent {
  const categoriesFile = path.join(contentDir, "categories.json");
  const authorsFile = path.join(contentDir, "authors.json");
  const categories = existsSync(categoriesFile) ? parseFile(categoriesFile, categoriesFileSchema) : [];
  const authors = existsSync(authorsFile) ? parseFile(authorsFile, authorsFileSchema) : [];

  const tools = readToolFiles(contentDir);
  const currencyRates = readCurrencyRates(contentDir) ?? DOLLARS_ONLY;
  if (currencyRates === DOLLARS_ONLY) {
    const foreign = tools.find((tool) => tool.pricing.plans.some((plan) => plan.currency !== undefined && plan.currency !== "USD"));
    if (foreign) throw new ContentError(`content/tools/${foreign.slug}.json: prices in another currency than USD need content/currency-rates.json`);
  }
  const reviews = jsonFiles(path.join(contentDir, "reviews")).map((file) => {
    const review = parseFile(file, reviewContentSchema);
    if (path.basename(file) !== `${review.toolSlug}.json`) throw new ContentError(`${file}: file name must be ${review.toolSlug}.json`);
    return review;
  });

  const toolLinks: ToolLinks = new Map(tools.flatMap((tool) => (websiteKey(tool.websiteUrl) ? [[websiteKey(tool.websiteUrl)!, tool.slug] as const] : [])));
  const postsDir = path.join(contentDir, "posts");
  const posts = (
    existsSync(postsDir)
      ? readdirSync(postsDir)
          .filter((name) => name.endsWith(".md"))
          .sort()
      : []
  ).map((name) => {
    const file = path.join(postsDir, name);
    const post = parsePostFile(`content/posts/${name}`, readFileSync(file, "utf8"), toolLinks);
    if (name !== `${post.slug}.md`) throw new ContentError(`content/posts/${name}: file name must be ${post.slug}.md (its normalised slug)`);
    return post;
  });

  assertUnique(categories, (c) => c.slug, "category slug");
  assertUnique(authors, (a) => a.id, "author id");
  assertUnique(tools, (t) => t.id, "tool id");
  assertUnique(tools, (t) => t.slug, "tool slug");

  assertUnique(posts, (p) => p.slug, "post slug");
  const categorySlugs = new Set(categories.map((c) => c.slug));
  const toolSlugs = new Set(tools.map((t) => t.slug));
  const authorIds = new Set(authors.map((a) => a.id));
  for (const tool of tools) {
    if (!categorySlugs.has(tool.categoryId)) throw new ContentError(`content/tools/${tool.slug}.json: categoryId "${tool.categoryId}" is not in categories.json`);
    const strangers = (tool.secondaryCategoryIds ?? []).filter((slug) => !categorySlugs.has(slug));
    if (strangers.length) throw new ContentError(`content/tools/${tool.slug}.json: secondaryCategoryIds not in categories.json: ${strangers.join(", ")}`);
    const unknown = tool.alternatives.filter((slug) => !toolSlugs.has(slug) || slug === tool.slug);
    if (unknown.length) throw new ContentError(`content/tools/${tool.slug}.json: alternatives not in the catalogue: ${unknown.join(", ")}`);
  }
  const domains = new Map<string, string>();
  for (const tool of tools) {
    const domain = websiteDomain(tool.websiteUrl);
    const other = domains.get(domain);
    if (other) throw new ContentError(`content/tools/${tool.slug}.json: websiteUrl is on ${domain}, the domain of content/tools/${other}.json (one tool per domain)`);
    domains.set(domain, tool.slug);
  }
  const members = categoryMembers(tools);
  const countIn = (slug: string) => members.get(slug)?.length ?? 0;
  const thin = categories.filter((category) => countIn(category.slug) < MIN_TOOLS_PER_CATEGORY);
  if (thin.length) {
    const list = thin.map((category) => `${category.slug} (${countIn(category.slug)})`).join(", ");
    throw new ContentError(`content/categories.json: every category needs at least ${MIN_TOOLS_PER_CATEGORY} tools; too few in ${list}`);
  }
  const toolsBySlug = new Map(tools.map((tool) => [tool.slug, tool]));
  const reviewsBySlug = new Map(reviews.map((review) => [review.toolSlug, review]));
  // A rating only with a review, and the one its scores give unless the review says how it was set (decision 063).
  for (const tool of tools) {
    const file = `content/tools/${tool.slug}.json`;
    const review = reviewsBySlug.get(tool.slug);
    if (tool.rating !== undefined && !review)
      throw new ContentError(`${file}: rating: a rating needs an in-depth review (content/reviews/${tool.slug}.json), which this tool has not; remove it`);
    if (!review) continue;
    const derived = headlineRating(review.ratingBreakdown);
    if (tool.rating !== undefined && tool.rating !== derived && !review.ratingBasis)
      throw new ContentError(
        `${file}: rating: ${tool.rating} is not what the review's scores give (${derived}); remove it (the rating is derived from content/reviews/${tool.slug}.json ratingBreakdown) or record how it was set in that review's ratingBasis`,
      );
    if (review.ratingBasis && (tool.rating === undefined || tool.rating === derived))
      throw new ContentError(`content/reviews/${tool.slug}.json: ratingBasis: explains a rating set apart from the scores, and ${file} sets none; remove it`);
  }
  for (const review of reviews) {
    const file = `content/reviews/${review.toolSlug}.json`;
    const tool = toolsBySlug.get(review.toolSlug);
    if (!tool) throw new ContentError(`${file}: no tool with that slug`);
    if (!authorIds.has(review.authorId)) throw new ContentError(`${file}: authorId "${review.authorId}" is not in authors.json`);
    if (review.testedBy && !authorIds.has(review.testedBy)) throw new ContentError(`${file}: testedBy "${review.testedBy}" is not in authors.json`);
    review.sources.forEach((source, index) => {
      if (!isVendorUrl(source.url, tool.websiteUrl, review.vendorDomains))
        throw new ContentError(
          `${file}: sources.${index}.url: ${source.url} is not on ${tool.name}'s domain (${registrableDomain(new URL(tool.websiteUrl).hostname)}${review.vendorDomains?.length ? ` or ${review.vendorDomains.join(", ")}` : ""})`,
        );
    });
    const planNames = new Set(tool.pricing.plans.map((plan) => plan.name));
    review.plans.forEach((plan, index) => {
      if (!planNames.has(plan.plan))
        throw new ContentError(`${file}: plans.${index}.plan: "${plan.plan}" is not a plan of content/tools/${tool.slug}.json (${[...planNames].join(", ")})`);
    });
  }

  for (const post of posts) {
    if (!authorIds.has(post.author)) throw new ContentError(`content/posts/${post.slug}.md: author "${post.author}" is not in authors.json`);
  }

  const { courseCategories, coursePlatforms, courses } = loadCourses(contentDir);
  const pairVerdicts = loadPairVerdicts(contentDir, toolSlugs, authorIds);
  const tasks = loadTasks(contentDir, categorySlugs, toolSlugs);
  const synonymsFile = path.join(contentDir, "search-synonyms.json");
  const searchSynonyms: SearchSynonymGroup[] = existsSync(synonymsFile)
    ? parseFile(synonymsFile, searchSynonymsFileSchema).groups.map((phrases) => ({ term: phrases[0]!, phrases }))
    : [];

  const dataFacts = loadDataFacts(contentDir, toolsBySlug);

  const withHash = <T>(item: T): WithHash<T> => ({ ...item, contentHash: hashOf(item) });
  return {
    dataFacts: dataFacts.map(withHash),
    currencyRates,
    categories: categories.map(withHash),
    authors: authors.map(withHash),
    // The sync stores figures derived from a tool's pricing: a new derivation rewrites every row.
    // The facts hash covers the tool's review too, so a review change is a change of the tool's row.
    tools: tools.map((tool) => {
      const review = reviews.find((candidate) => candidate.toolSlug === tool.slug) ?? null;
      const factsHash = factsHashOf(toolFacts(tool, review));
      return { ...tool, factsHash, contentHash: hashOf([tool, PRICE_DERIVATION, TEAM_TERMS_DERIVATION, currencyRates, factsHash]) };
    }),
    reviews: reviews.map(withHash),
    posts,
    courseCategories: courseCategories.map(withHash),
    coursePlatforms: coursePlatforms.map(withHash),
    courses: courses.map(withHash),
    pairVerdicts: pairVerdicts.map(withHash),
    tasks: tasks.map(withHash),
    searchSynonyms: searchSynonyms.map(withHash),
  };
}

/**
 * The pair verdicts (content/pair-verdicts/{first}-vs-{second}.json, decision 043): each file named after its pair,
 * both tools in the catalogue, written by an author of authors.json (`authorId`, issue 41).
 */
export function loadPairVerdicts(contentDir: string, toolSlugs: ReadonlySet<string>, authorIds: ReadonlySet<string>) {
  const files = jsonFiles(path.join(contentDir, "pair-verdicts"));
  return files.map((file) => {
    const name = `content/pair-verdicts/${path.basename(file)}`;
    const verdict = parseFile(file, pairVerdictSchema);
    const [first, second] = verdict.tools;
    const pair = `${first}-vs-${second}`;
    if (path.basename(file) !== `${pair}.json`) throw new ContentError(`${name}: file name must be ${pair}.json (the two tools in alphabetical order)`);
    const unknown = verdict.tools.filter((slug) => !toolSlugs.has(slug));
    if (unknown.length) throw new ContentError(`${name}: tools not in the catalogue: ${unknown.join(", ")}`);
    if (!authorIds.has(verdict.authorId)) throw new ContentError(`${name}: authorId: "${verdict.authorId}" is not in content/authors.json`);
    return { ...verdict, pair };
  });
}

/**
 * The task files (content/tasks/<slug>.json, issue 29): each in a category that exists and naming only tools of the
 * catalogue, with a slug and a name no other task has (two pages called the same would compete for one search).
 */
function loadTasks(contentDir: string, categorySlugs: Set<string>, toolSlugs: Set<string>): TaskContent[] {
  const tasks = jsonFiles(path.join(contentDir, "tasks")).map((file) => {
    const task = parseFile(file, taskSchema);
    if (path.basename(file) !== `${task.slug}.json`) throw new ContentError(`${file}: file name must be ${task.slug}.json`);
    return task;
  });
  assertUnique(tasks, (t) => t.slug, "task slug");
  assertUnique(tasks, (t) => t.name.toLowerCase(), "task name");
  for (const task of tasks) {
    const file = `content/tasks/${task.slug}.json`;
    if (!categorySlugs.has(task.categoryId)) throw new ContentError(`${file}: categoryId "${task.categoryId}" is not in categories.json`);
    const unknown = task.tools.filter((tool) => !toolSlugs.has(tool.slug)).map((tool) => tool.slug);
    if (unknown.length) throw new ContentError(`${file}: tools not in the catalogue: ${unknown.join(", ")}`);
  }
  return tasks;
}

/**
 * The course files: categories and platforms (their order in the file is the listing's), and one file per
 * course whose category and platform must exist, with exactly FEATURED_COURSE_COUNT featured.
 */
function loadCourses(contentDir: string) {
  const categoriesFile = path.join(contentDir, "course-categories.json");
  const platformsFile = path.join(contentDir, "course-platforms.json");
  const courseCategories = (existsSync(categoriesFile) ? parseFile(categoriesFile, courseCategoriesFileSchema) : []).map((category, sortOrder) => ({ ...category, sortOrder }));
  const coursePlatforms = (existsSync(platformsFile) ? parseFile(platformsFile, coursePlatformsFileSchema) : []).map((platform, sortOrder) => ({ ...platform, sortOrder }));
  const courses = jsonFiles(path.join(contentDir, "courses")).map((file) => {
    const course = parseFile(file, courseSchema);
    if (path.basename(file) !== `${course.slug}.json`) throw new ContentError(`${file}: file name must be ${course.slug}.json`);
    return course;
  });

  assertUnique(courseCategories, (c) => c.slug, "course category slug in content/course-categories.json");
  assertUnique(
    courseCategories.flatMap((c) => [c.slug, ...c.aliases]),
    (slug) => slug,
    "course category slug or alias in content/course-categories.json",
  );
  assertUnique(coursePlatforms, (p) => p.slug, "course platform slug in content/course-platforms.json");
  assertUnique(courses, (c) => c.slug, "course slug");

  const categorySlugs = new Set(courseCategories.map((c) => c.slug));
  const platformSlugs = new Set(coursePlatforms.map((p) => p.slug));
  for (const course of courses) {
    const file = `content/courses/${course.slug}.json`;
    if (!categorySlugs.has(course.category)) throw new ContentError(`${file}: category "${course.category}" is not in course-categories.json`);
    if (!platformSlugs.has(course.platform)) throw new ContentError(`${file}: platform "${course.platform}" is not in course-platforms.json`);
    // A figure's source is the platform's own page (or the course's), as the course page shows it (decision 063).
    const platform = coursePlatforms.find((candidate) => candidate.slug === course.platform)!;
    for (const [figure, url] of Object.entries(course.sources)) {
      const host = new URL(url!).hostname;
      const onSite = [platform.url, course.url].some((site) => registrableDomain(host) === registrableDomain(new URL(site).hostname));
      if (!onSite) throw new ContentError(`${file}: sources.${figure}: ${url} is on neither ${platform.name}'s domain nor the course's`);
    }
  }
  const featured = courses.filter((course) => course.featured);
  if (courses.length && featured.length !== FEATURED_COURSE_COUNT) {
    const which = featured.length ? `: ${featured.map((course) => `content/courses/${course.slug}.json`).join(", ")}` : "";
    throw new ContentError(`content/courses: ${featured.length} courses are featured${which}; exactly ${FEATURED_COURSE_COUNT} must be`);
  }
  return { courseCategories, coursePlatforms, courses };
}
