import { z } from "zod";
// Relative, not "~/": scripts/validate-content.ts imports this file under plain Node.
import { BLOG_CATEGORIES, type BlogCategorySlug } from "../../lib/blog/blog-filters.ts";
import { CAPABILITIES } from "../../lib/tool/capabilities.ts";
import { CATEGORY_ICONS } from "../../lib/category/category-icons.ts";
import { COURSE_FIGURES, COURSE_LEVELS, type CourseFigure } from "../../lib/course/course-filters.ts";
import { PLATFORMS } from "../../lib/tool/platforms.ts";
import { CURRENCIES, hasFreePlan, hasPaidPlan, PLAN_PERIODS, PRICING_MODELS, pricingIssues, SEAT_UNITS } from "../../lib/tool/pricing.ts";
import { stringsOf, testingClaims } from "../../lib/review/review-basis.ts";
import { samePage, sourceUrlIssue } from "../../lib/provenance/provenance.ts";
import { HANDS_ON_SCORES } from "../../lib/review/headline-rating.ts";
import { DATA_FACT_KINDS, DATA_FACT_TIERS, DATA_FACT_VALUES } from "../../lib/tool/data-facts.ts";
import { wordsOf } from "../../lib/search/synonyms.ts";

/**
 * Zod schemas for the editorial files under `content/`.
 * They are the contract between writers and the database sync: a file that
 * does not match stops the start-up with a message naming the file and field.
 */

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a lowercase slug (a-z, 0-9, hyphens)");
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date as YYYY-MM-DD");
const httpsUrl = z.url({ protocol: /^https$/ });
/** A date that exists (2026-02-30 does not), as YYYY-MM-DD. */
const realDate = isoDate.refine((value) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}, "is not a real date");

export const GUIDE_WORDS = { min: 100, max: 200 } as const;
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

export const categorySchema = z.strictObject({
  slug,
  name: z.string().min(2).max(40),
  description: z.string().min(40).max(400),
  /** 'What to look for' on the category page: long enough to say something, short enough to read beside a listing. */
  guide: z
    .string()
    .trim()
    .refine((text) => wordCount(text) >= GUIDE_WORDS.min && wordCount(text) <= GUIDE_WORDS.max, {
      message: `must be ${GUIDE_WORDS.min}-${GUIDE_WORDS.max} words`,
    }),
  icon: z.enum(CATEGORY_ICONS),
  color: z.string().regex(/^#[0-9a-f]{6}$/i, "must be a hex colour like #2563eb"),
  sortOrder: z.number().int().min(0),
});
export const categoriesFileSchema = z.array(categorySchema).min(1);

/**
 * One plan as the vendor lists it (decision 025). `price` null means the vendor publishes no figure;
 * a number needs its currency and period (checked with the model by lib/tool/pricing.ts `pricingIssues`).
 */
export const planSchema = z.strictObject({
  name: z.string().min(2).max(40),
  price: z.number().min(0).max(1_000_000).nullable(),
  currency: z.enum(CURRENCIES).optional(),
  period: z.enum(PLAN_PERIODS).optional(),
  unit: z.string().min(3).max(40).optional(),
  billedAnnually: z.boolean().optional(),
  // The terms of the figure (decision 030): per seat and its minimum, use charged on top.
  per: z.enum(SEAT_UNITS).optional(),
  minSeats: z.number().int().min(2).max(1000).optional(),
  plusUsage: z.literal(true).optional(),
  limits: z.string().min(3).max(160),
});

/**
 * content/currency-rates.json: US dollars per unit of each currency the plans use, for the one comparable
 * figure (decision 030), with the day they are for (shown beside any converted figure) and where they came from.
 */
export const currencyRatesSchema = z.strictObject({
  asOf: isoDate,
  source: z.string().min(20).max(600),
  usdPer: z.strictObject({ USD: z.literal(1), EUR: z.number().positive().max(10), GBP: z.number().positive().max(10) }),
});

export const pricingSchema = z
  .strictObject({
    model: z.enum(PRICING_MODELS),
    plans: z.array(planSchema).min(1).max(8),
  })
  .superRefine((pricing, context) => {
    for (const issue of pricingIssues(pricing)) context.addIssue({ code: "custom", path: issue.path, message: issue.message });
  });

/**
 * A date of checking cannot be written in a file (issue 26, decision 028): only the code that did a check records
 * it (fact_checks, link_checks). The key is named here so the refusal says why.
 */
const notAContentField = z
  .never({ message: "is not a content field: a check is recorded by the code that did it (an editor in /admin/prices, the link checker); remove it" })
  .optional();

/** Today as YYYY-MM-DD (UTC): a content date after it is refused. */
const today = () => new Date().toISOString().slice(0, 10);

export const toolSchema = z
  .strictObject({
    // Ids from 1,000,000 up belong to community tools (approved submissions, decision 024).
    id: z.number().int().positive().max(999_999, "must be below 1000000 (higher ids are community tools')"),
    slug,
    name: z.string().min(2).max(60),
    tagline: z.string().min(10).max(120),
    description: z.string().min(80).max(900),
    categoryId: slug,
    // Other categories a reader would look for this tool in; the primary one (categoryId) gives the breadcrumb, canonical and card badge.
    secondaryCategoryIds: z.array(slug).max(5).optional(),
    /**
     * Our rating out of 5, only beside an in-depth review (content/reviews/<slug>.json, checked at load) and only when
     * it is not the one the review's scores give: then the review says how it was set (`ratingBasis`). Usually absent:
     * the rating is derived (lib/review/headline-rating.ts, decision 063).
     */
    rating: z.number().min(0).max(5).multipleOf(0.1).optional(),
    websiteUrl: httpsUrl,
    pricing: pricingSchema,
    isFree: z.boolean(),
    isPro: z.boolean(),
    hasFreeTrial: z.boolean(),
    featured: z.boolean().default(false),
    commissionRate: z.number().int().min(20).max(100).optional(),
    isHighValue: z.boolean().optional(),
    features: z.array(z.string().min(3).max(80)).min(3).max(10),
    capabilities: z.array(z.enum(CAPABILITIES)).min(2),
    useCases: z.array(z.string().min(3).max(120)).min(2).max(8),
    alternatives: z.array(slug).max(6),
    platforms: z.array(z.enum(PLATFORMS)).max(PLATFORMS.length).optional(),
    openSource: z.literal(true).optional(),
    /**
     * The page the writer took the prices from, usually the vendor's pricing page: https, on the tool's own domain
     * or a known vendor domain (lib/provenance/provenance.ts). It says where the facts came from, not that anyone checked them.
     */
    pricingUrl: httpsUrl,
    /**
     * Why `pricingUrl` is the tool's home page (`websiteUrl`), required exactly then (decision 063): the pages word the
     * link by what it is, never 'published pricing' for a home page.
     */
    pricingUrlReason: z.string().trim().min(20).max(200).optional(),
    /**
     * The vendor's page that lists where the tool runs (its download or apps page), and the day it was entered
     * (issue 44): https, on the tool's own domain or a known vendor domain. Entered is not confirmed.
     */
    platformsSource: z.strictObject({ url: httpsUrl, enteredAt: realDate }).optional(),
    /** When the tool entered our catalogue (and its facts were written). */
    addedAt: realDate,
    lastChecked: notAContentField,
  })
  .superRefine((tool, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    if (tool.isFree !== hasFreePlan(tool.pricing)) issue("isFree", `must be ${hasFreePlan(tool.pricing)}: it says whether a plan has price 0`);
    if (tool.isPro !== hasPaidPlan(tool.pricing)) issue("isPro", `must be ${hasPaidPlan(tool.pricing)}: it says whether a plan is paid (price above 0 or null)`);
    if (new Set(tool.platforms).size !== (tool.platforms?.length ?? 0)) issue("platforms", "lists a platform twice");
    if (tool.secondaryCategoryIds?.includes(tool.categoryId)) issue("secondaryCategoryIds", `lists the primary category "${tool.categoryId}" (categoryId)`);
    if (new Set(tool.secondaryCategoryIds).size !== (tool.secondaryCategoryIds?.length ?? 0)) issue("secondaryCategoryIds", "lists a category twice");
    const homePage = samePage(tool.pricingUrl, tool.websiteUrl);
    if (homePage && !tool.pricingUrlReason)
      issue("pricingUrlReason", "is required: pricingUrl is the tool's home page (websiteUrl); link the vendor's pricing page, or say why the home page is the source");
    if (!homePage && tool.pricingUrlReason) issue("pricingUrlReason", "is only for a pricingUrl that is the home page (websiteUrl); remove it");
    const sourceIssue = sourceUrlIssue(tool.pricingUrl, tool.websiteUrl);
    if (sourceIssue) issue("pricingUrl", sourceIssue);
    if (tool.addedAt > today()) issue("addedAt", "is in the future");
    if (tool.platformsSource) {
      if (!tool.platforms?.length) issue("platformsSource", "names a page for platforms the file does not list");
      const platformsIssue = sourceUrlIssue(tool.platformsSource.url, tool.websiteUrl);
      if (platformsIssue) issue("platformsSource", platformsIssue);
      if (tool.platformsSource.enteredAt > today()) issue("platformsSource", "is entered in the future");
    }
  });

/** A page of the vendor's the review relied on: its title as the list shows it, and its https address (on the vendor's domain, checked at load). */
export const reviewSourceSchema = z.strictObject({
  title: z.string().trim().min(3).max(80),
  url: httpsUrl,
});

/**
 * An in-depth review (content/reviews/<slug>.json). Its dates are when it was published and when its sources were
 * read; `testedAt` and `testedBy` (an author id, checked at load) only when someone really used the product, and
 * only then may the text say so ('In our testing', 'hands-on', lib/review/review-basis.ts). Every review names the vendor
 * pages it relied on (`sources`); `vendorDomains` lists the vendor's domains beyond the tool's website, if any.
 */
export const reviewContentSchema = z
  .strictObject({
    toolSlug: slug,
    authorId: slug,
    publishedAt: realDate,
    /** When the writer read the vendor's documentation, pricing page and public materials the review is based on. */
    sourcesReadAt: realDate,
    /** When someone used the product for the review, and who (an id in authors.json): both or neither. */
    testedAt: realDate.optional(),
    testedBy: slug.optional(),
    sources: z.array(reviewSourceSchema).min(1).max(12),
    vendorDomains: z
      .array(z.string().regex(/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/, "must be a domain like openai.com"))
      .max(4)
      .optional(),
    overview: z.string().min(200),
    keyFeatures: z.array(z.strictObject({ title: z.string().min(3), description: z.string().min(20) })).min(3),
    /** Plans of the tool file by name (the price comes from there, checked at load), with what each includes. */
    plans: z
      .array(
        z.strictObject({
          plan: z.string().min(2).max(40),
          features: z.array(z.string().min(2)).min(1),
          recommended: z.boolean(),
        }),
      )
      .min(1),
    pros: z.array(z.string().min(5)).min(3),
    cons: z.array(z.string().min(5)).min(2),
    useCases: z.array(z.string().min(5)).min(2),
    integrations: z.array(z.string().min(2)).min(1),
    verdict: z.string().min(100),
    /**
     * Our scores in percent, from which the headline rating is derived (lib/review/headline-rating.ts). Ease of use
     * and customer support only with a recorded hands-on test (`testedAt`): without one, nobody used the product and
     * the review's pros, cons and sources say what its documentation shows instead.
     */
    ratingBreakdown: z.strictObject({
      easeOfUse: z.number().int().min(0).max(100).optional(),
      features: z.number().int().min(0).max(100),
      valueForMoney: z.number().int().min(0).max(100),
      customerSupport: z.number().int().min(0).max(100).optional(),
    }),
    /**
     * How the headline rating was set when it is not the one the scores give (the tool file's `rating`, checked at
     * load): shown beside it. Absent, the rating is the scores'.
     */
    ratingBasis: z.string().trim().min(40).max(400).optional(),
  })
  .superRefine((review, context) => {
    const issue = (path: (string | number)[], message: string) => context.addIssue({ code: "custom", path, message });
    for (const field of ["publishedAt", "sourcesReadAt", "testedAt"] as const) {
      const value = review[field];
      if (value && value > today()) issue([field], "is in the future");
    }
    if ((review.testedAt === undefined) !== (review.testedBy === undefined)) issue([review.testedAt ? "testedBy" : "testedAt"], "testedAt and testedBy go together: when and who");
    if (review.testedAt === undefined) {
      const { sources: _sources, vendorDomains: _domains, ...text } = review;
      for (const { path, text: words } of stringsOf(text)) {
        const claims = testingClaims(words);
        if (claims.length) issue(path, `claims a hands-on test ("${claims[0]}") but the review records none: add testedAt and testedBy, or say what it is based on`);
      }
    }
    for (const score of HANDS_ON_SCORES) {
      if (review.ratingBreakdown[score] !== undefined && review.testedAt === undefined)
        issue(
          ["ratingBreakdown", score],
          "is a hands-on score: it needs a recorded test (testedAt and testedBy); remove it, and let the pros, cons and sources say what the documentation shows",
        );
    }
    review.sources.forEach((source, index) => {
      if (review.sources.findIndex((other) => other.url === source.url) !== index) issue(["sources", index, "url"], "is listed twice");
    });
  });

/** An editor of the owner's, or the editorial team as a whole (`kind: "team"`, an Organization in structured data). */
export const authorSchema = z
  .strictObject({
    id: slug,
    kind: z.enum(["person", "team"]).default("person"),
    name: z.string().min(3).max(80),
    bio: z.string().min(60).max(600),
    expertise: z.array(z.string().min(2)).min(2).max(6),
    /** A portrait (or the team's mark), a file under public/images/authors/ (the Content-Security-Policy loads images from the site itself). */
    photo: z
      .string()
      .regex(/^\/images\/authors\/[\w.-]+\.(?:jpe?g|png|webp|avif)$/, "must be a file under /images/authors/ (public/images/authors/), like /images/authors/jane.jpg")
      .optional(),
    /** The editor's own pages (site, professional profiles), shown under the bio and given as sameAs. */
    links: z
      .array(z.strictObject({ title: z.string().trim().min(2).max(60), url: httpsUrl }))
      .max(5)
      .default([]),
  })
  .superRefine((author, context) => {
    // No author file records a test, so a bio cannot claim one (issue 26).
    const claims = testingClaims(author.bio);
    if (claims.length) context.addIssue({ code: "custom", path: ["bio"], message: `claims hands-on testing ("${claims[0]}"); say only what the editors do and have done` });
  });
export const authorsFileSchema = z.array(authorSchema).min(1);

export type CategoryContent = z.infer<typeof categorySchema>;
export type ToolContent = z.infer<typeof toolSchema>;
export type ReviewContent = z.infer<typeof reviewContentSchema>;
export type AuthorContent = z.infer<typeof authorSchema>;

/**
 * An article's front matter (content/posts/<slug>.md). Missing title, excerpt and date take the spec's
 * defaults (part 2 §3); the slug is normalised (§3) before it is checked against the file name.
 */
export const postFrontMatterSchema = z.strictObject({
  slug: z.string().min(1),
  title: z.string().trim().min(1).max(110).default("Untitled Post"),
  excerpt: z.string().trim().min(1).max(300).default("No excerpt available."),
  category: z.enum(BLOG_CATEGORIES.map((category) => category.slug) as [BlogCategorySlug, ...BlogCategorySlug[]]),
  author: slug,
  published: z.union([isoDate, z.date().transform((date) => date.toISOString().slice(0, 10))]),
  lastReviewed: z.union([isoDate, z.date().transform((date) => date.toISOString().slice(0, 10))]),
  keywords: z.array(z.string().trim().toLowerCase().min(2).max(60)).min(1).max(12),
  tags: z.array(slug).max(6).default([]),
  featured: z.boolean().default(false),
  faq: z
    .array(z.strictObject({ question: z.string().trim().min(5).max(200), answer: z.string().trim().min(5).max(1000) }))
    .max(6)
    .default([]),
});
export type PostFrontMatter = z.infer<typeof postFrontMatterSchema>;

/**
 * An offer a vendor publishes itself (content/deals.json; spec part 2 §3 'Deal'): a free trial or a plan
 * discount, with the vendor's own page as `source` (also where /go/deal/{id} leads) and the day it was written
 * (`addedAt`); whether anyone confirmed it since is a recorded check, never a date in the file. `code` only when the vendor publishes one; `expiryDate` 'Ongoing' when it has no end date.
 * The tool's name and category come from the catalogue (toolSlug), checked at load.
 */
export const dealSchema = z.strictObject({
  id: slug,
  title: z.string().min(5).max(80),
  description: z.string().min(40).max(300),
  discount: z.string().min(3).max(40),
  code: z
    .string()
    .regex(/^[A-Za-z0-9_-]{3,32}$/, "must be 3-32 letters, digits, hyphens or underscores")
    .optional(),
  expiryDate: z.union([z.literal("Ongoing"), realDate]),
  toolSlug: slug,
  isExclusive: z.boolean(),
  /** 'Popular' is counted from recorded clicks (models/deal/queries.server.ts, decision 062), never set by hand. */
  isPopular: z.never({ message: "is not a content field: 'Popular' is counted from the clicks /go records; remove it" }).optional(),
  source: httpsUrl,
  addedAt: realDate,
  lastChecked: notAContentField,
});
export const dealsFileSchema = z.array(dealSchema);

/** A partner program of the home page (content/partner-programs.json; spec part 2 §3 'Partner program'). */
export const partnerProgramSchema = z.strictObject({
  slug,
  name: z.string().min(2).max(40),
  /** What kind of partner it is, shown above the name ('Online course marketplace'). */
  kind: z.string().min(3).max(40),
  description: z.string().min(40).max(300),
  benefits: z.array(z.string().min(5).max(80)).length(4),
  ctaText: z.string().min(3).max(30),
  /** The vendor's own page, where /go/partner/{slug} leads. */
  destination: httpsUrl,
  lastChecked: realDate,
});
export const partnerProgramsFileSchema = z.array(partnerProgramSchema).length(3);

export type DealContent = z.infer<typeof dealSchema>;
export type PartnerProgramContent = z.infer<typeof partnerProgramSchema>;

/** content/course-categories.json: the listing's order is the file's. `aliases` answer with a 301 to the slug. */
export const courseCategorySchema = z.strictObject({
  slug,
  name: z.string().min(2).max(40),
  description: z.string().min(40).max(300),
  aliases: z.array(slug).max(5).default([]),
});
export const courseCategoriesFileSchema = z.array(courseCategorySchema).min(1);

/** content/course-platforms.json, in the listing's order. */
export const coursePlatformSchema = z.strictObject({
  slug,
  name: z.string().min(2).max(40),
  url: httpsUrl,
  description: z.string().min(40).max(300),
});
export const coursePlatformsFileSchema = z.array(coursePlatformSchema).min(1);

/**
 * A course (content/courses/<slug>.json). Figures a reader acts on are optional: `rating` (the platform's learner
 * rating), `students` (a floor of its enrolment count), `priceUsd` and `salePrice` (standing published prices in US
 * dollars, never a passing promotion). Each figure, and the price and duration in words, keeps the page it was read
 * from (`sources`, shown beside it, decision 063); `addedAt` is the day it was written. A date of checking is no
 * content field (`lastChecked` is refused).
 */

export const courseSchema = z
  .strictObject({
    slug,
    title: z.string().min(5).max(120),
    description: z.string().min(80).max(500),
    instructor: z.string().min(2).max(120),
    platform: slug,
    category: slug,
    level: z.enum(COURSE_LEVELS),
    price: z.string().min(3).max(160),
    free: z.boolean(),
    priceUsd: z.number().min(0).max(10_000).optional(),
    salePrice: z.number().min(0).max(10_000).optional(),
    rating: z.number().min(1).max(5).multipleOf(0.1).optional(),
    students: z.number().int().positive().optional(),
    duration: z.string().min(3).max(80),
    url: httpsUrl,
    featured: z.boolean().default(false),
    sources: z.strictObject(Object.fromEntries(COURSE_FIGURES.map((figure) => [figure, httpsUrl.optional()])) as Record<CourseFigure, z.ZodOptional<typeof httpsUrl>>),
    addedAt: realDate,
    lastChecked: z
      .never({ message: "is not a content field: give each figure the page it was read from (sources) and the day the file was written (addedAt); remove it" })
      .optional(),
  })
  .superRefine((course, context) => {
    if (course.salePrice !== undefined) {
      if (course.priceUsd === undefined) context.addIssue({ code: "custom", path: ["salePrice"], message: "needs priceUsd, the list price it is a sale from" });
      else if (course.salePrice >= course.priceUsd) context.addIssue({ code: "custom", path: ["salePrice"], message: "must be below priceUsd" });
    }
    for (const figure of COURSE_FIGURES) {
      if (course[figure] !== undefined && !course.sources[figure])
        context.addIssue({ code: "custom", path: ["sources", figure], message: `is required: ${figure} needs the page it was read from (or remove ${figure})` });
      if (course[figure] === undefined && course.sources[figure])
        context.addIssue({ code: "custom", path: ["sources", figure], message: `is the source of a figure the file does not give (${figure}); remove it` });
    }
    if (course.addedAt > today()) context.addIssue({ code: "custom", path: ["addedAt"], message: "is in the future" });
  });

export type CourseCategoryContent = z.infer<typeof courseCategorySchema>;
export type CoursePlatformContent = z.infer<typeof coursePlatformSchema>;
export type CourseContent = z.infer<typeof courseSchema>;

/** The text lengths of a pair verdict (content/pair-verdicts/), as the verdicts are written: long enough to say something, short enough to read above the table. */
export const PAIR_VERDICT_LENGTHS = { summary: [80, 300], choose: [80, 400], topic: [3, 40], text: [60, 300], differences: [3, 5] } as const;

/**
 * An editorial verdict on two tools (content/pair-verdicts/{first}-vs-{second}.json, decision 043): what makes their
 * pair page worth indexing. `tools` in alphabetical order, as the pair's path has them (the file name is checked at
 * load, with both tools); `chooseFirst` is about the first. `authorId` names who wrote it (an author of authors.json,
 * checked at load).
 */
export const pairVerdictSchema = z
  .strictObject({
    tools: z.tuple([slug, slug]),
    summary: z.string().trim().min(PAIR_VERDICT_LENGTHS.summary[0]).max(PAIR_VERDICT_LENGTHS.summary[1]),
    chooseFirst: z.string().trim().min(PAIR_VERDICT_LENGTHS.choose[0]).max(PAIR_VERDICT_LENGTHS.choose[1]),
    chooseSecond: z.string().trim().min(PAIR_VERDICT_LENGTHS.choose[0]).max(PAIR_VERDICT_LENGTHS.choose[1]),
    differences: z
      .array(
        z.strictObject({
          topic: z.string().trim().min(PAIR_VERDICT_LENGTHS.topic[0]).max(PAIR_VERDICT_LENGTHS.topic[1]),
          text: z.string().trim().min(PAIR_VERDICT_LENGTHS.text[0]).max(PAIR_VERDICT_LENGTHS.text[1]),
        }),
      )
      .min(PAIR_VERDICT_LENGTHS.differences[0])
      .max(PAIR_VERDICT_LENGTHS.differences[1]),
    authorId: z
      .string({ error: "is required: who wrote the verdict (an id of content/authors.json)" })
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be an author id of content/authors.json"),
    writtenAt: realDate,
  })
  .superRefine((verdict, context) => {
    const issue = (path: (string | number)[], message: string) => context.addIssue({ code: "custom", path, message });
    const [first, second] = verdict.tools;
    if (first === second) issue(["tools"], "names the same tool twice");
    else if (first > second) issue(["tools"], `must be in alphabetical order: ["${second}", "${first}"]`);
    if (verdict.writtenAt > today()) issue(["writtenAt"], "is in the future");
    // No verdict records a test (issue 26), so none may claim one.
    for (const { path, text } of stringsOf({ summary: verdict.summary, chooseFirst: verdict.chooseFirst, chooseSecond: verdict.chooseSecond, differences: verdict.differences })) {
      const [claim] = testingClaims(text);
      if (claim) issue(path, `claims a hands-on test ("${claim}"); say what the verdict is based on instead`);
    }
  });
export type PairVerdictContent = z.infer<typeof pairVerdictSchema>;

/** How many tools a task page ranks: enough to choose from, few enough that each has a reason written for it. */
export const TASK_TOOLS = { min: 3, max: 8 } as const;
export const TASK_SUMMARY_WORDS = { min: 50, max: 110 } as const;

/**
 * A task (content/tasks/<slug>.json, issue 29): something a reader wants done, the tools that do it in the order we
 * rank them, and for each a one-line reason written from the tool's own facts. `categoryId` is a tool category's
 * slug (the listing groups tasks by it); `synonyms` are what readers type for it, which the search matches.
 */
export const taskSchema = z
  .strictObject({
    slug,
    /** 48 at most: the page's title 'AI tools to {name}' stays within 60 characters. */
    name: z.string().trim().min(5).max(48),
    categoryId: slug,
    summary: z
      .string()
      .trim()
      .refine((text) => wordCount(text) >= TASK_SUMMARY_WORDS.min && wordCount(text) <= TASK_SUMMARY_WORDS.max, {
        message: `must be ${TASK_SUMMARY_WORDS.min}-${TASK_SUMMARY_WORDS.max} words`,
      }),
    synonyms: z
      .array(
        z
          .string()
          .min(2)
          .max(60)
          .refine((text) => text === text.toLowerCase().trim(), "must be lowercase, without spaces at either end"),
      )
      .min(2)
      .max(8),
    tools: z
      .array(z.strictObject({ slug, reason: z.string().trim().min(60).max(200) }))
      .min(TASK_TOOLS.min)
      .max(TASK_TOOLS.max),
    writtenAt: realDate,
  })
  .superRefine((task, context) => {
    const slugs = task.tools.map((tool) => tool.slug);
    const twice = slugs.find((toolSlug, index) => slugs.indexOf(toolSlug) !== index);
    if (twice) context.addIssue({ code: "custom", path: ["tools"], message: `lists ${twice} twice` });
    if (new Set(task.synonyms).size !== task.synonyms.length) context.addIssue({ code: "custom", path: ["synonyms"], message: "lists a synonym twice" });
  });

export type TaskContent = z.infer<typeof taskSchema>;

/** A phrase of a synonym group: lowercase, trimmed, with a letter or digit, short enough to be something typed. */
const synonymPhrase = z
  .string()
  .min(2)
  .max(40)
  .refine((text) => text === text.toLowerCase().trim(), "must be lowercase, without spaces at either end")
  .refine((text) => wordsOf(text).length > 0, "must hold a letter or digit");

/**
 * The search's synonym table (content/search-synonyms.json, decision 046): groups of phrases that ask for the same
 * thing, or spell it two ways. A search holding one phrase of a group is also run with each other one. A phrase
 * (read as words: 'dall-e' is 'dall e') may stand in one group only, so what a phrase means is never in doubt.
 */
export const searchSynonymsFileSchema = z.strictObject({ groups: z.array(z.array(synonymPhrase).min(2).max(12)) }).superRefine(({ groups }, context) => {
  const seen = new Map<string, number>();
  groups.forEach((group, index) => {
    for (const phrase of group) {
      const words = wordsOf(phrase).join(" ");
      const other = seen.get(words);
      if (other !== undefined)
        context.addIssue({
          code: "custom",
          path: ["groups", index],
          message: other === index ? `lists "${phrase}" twice` : `"${phrase}" is also in group ${other + 1}: a phrase may stand in one group only`,
        });
      seen.set(words, index);
    }
  });
});

export type SearchSynonymsContent = z.infer<typeof searchSynonymsFileSchema>;

const dataFactSchema = z
  .strictObject({
    fact: z.enum(DATA_FACT_KINDS),
    tier: z.enum(DATA_FACT_TIERS),
    value: z.string().trim().min(2).max(80),
    detail: z.string().trim().min(10).max(200).optional(),
    optOut: z.string().trim().min(5).max(120).optional(),
    source: httpsUrl.optional(),
    enteredAt: realDate,
  })
  .superRefine((fact, context) => {
    const issue = (field: string, message: string) => context.addIssue({ code: "custom", path: [field], message });
    const values = DATA_FACT_VALUES[fact.fact];
    if (values && !values.includes(fact.value)) issue("value", `must be one of ${values.join(", ")} for ${fact.fact}`);
    if (fact.value !== "unknown" && !fact.source) issue("source", "is required: name the vendor's own page that states this value (or make the value unknown)");
    if (fact.optOut && fact.fact !== "trains-on-content") issue("optOut", "is only for trains-on-content");
    if (fact.enteredAt > today()) issue("enteredAt", "is in the future");
  });

/**
 * A tool's data and security facts (content/facts/<slug>.json, issue 44, decision 081): every kind at least once,
 * each (kind, tier) once. That each source is on the vendor's own domain is checked at load, beside the tool's file.
 */
export const toolDataFactsSchema = z
  .strictObject({
    tool: slug,
    policyPages: z.strictObject({ privacy: httpsUrl.optional(), terms: httpsUrl.optional() }).optional(),
    trustCenter: httpsUrl.optional(),
    /** The vendor's domains beyond the tool's website that its pages are on (as a review's `vendorDomains`). */
    vendorDomains: z
      .array(z.string().regex(/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/, "must be a domain like openai.com"))
      .max(6)
      .optional(),
    facts: z.array(dataFactSchema).min(DATA_FACT_KINDS.length),
  })
  .superRefine(({ facts }, context) => {
    const seen = new Set<string>();
    facts.forEach((fact, index) => {
      const key = `${fact.fact}/${fact.tier}`;
      if (seen.has(key)) context.addIssue({ code: "custom", path: ["facts", index], message: `${fact.fact} for tier ${fact.tier} is listed twice` });
      seen.add(key);
    });
    const missing = DATA_FACT_KINDS.filter((kind) => !facts.some((fact) => fact.fact === kind));
    if (missing.length) context.addIssue({ code: "custom", path: ["facts"], message: `lists no ${missing.join(", ")}: add each, as unknown where the vendor publishes nothing` });
  });

export type ToolDataFactsContent = z.infer<typeof toolDataFactsSchema>;
