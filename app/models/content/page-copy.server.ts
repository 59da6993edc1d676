import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { appRoot } from "~/utils/paths.server";
import { ContentError } from "./load.server";

/** Page copy that is not catalogue data: FAQs, sample testimonials, the static SEO comparison. */
const faqItem = z.strictObject({ question: z.string().min(10), answer: z.string().min(20) });
const faqsSchema = z.strictObject({
  home: z.array(faqItem).length(4),
  tools: z.array(faqItem).length(5),
  category: z.array(faqItem).length(3),
});
/** Names no invented person or company and gives no star rating (issue 41): our team wrote them, and the page says so. */
const inventedField = (what: string) =>
  z.never({ message: `is not allowed: a sample testimonial is written by our team and names no ${what}; give only the role and the words` }).optional();
export const testimonialSchema = z.strictObject({
  /** The kind of reader the example is about ('Marketing Lead'), never a person. */
  role: z.string().min(2).max(60),
  content: z.string().min(20),
  sample: z.literal(true),
  name: inventedField("person"),
  company: inventedField("company"),
  rating: inventedField("rating"),
});
/** A tool of the SEO comparison: its rating and prices are the catalogue's (models/tool/comparison.server.ts). */
const seoToolSchema = z.strictObject({
  name: z.string(),
  slug: z.string(),
  bestFor: z.string(),
  keyFeatures: z.array(z.string()).min(3),
  pros: z.array(z.string()).min(3),
  cons: z.array(z.string()).min(2),
  freeTrialDays: z.number().int().min(0),
});
const recommendation = z.strictObject({ slug: z.string(), reason: z.string().min(20) });
const seoComparisonSchema = z.strictObject({
  /** When the page's copy was written (the sitemap's date); whether its prices were confirmed is each tool's recorded check. */
  writtenAt: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  tools: z.array(seoToolSchema).length(4),
  recommendations: z.strictObject({ bestOverall: recommendation, mostAccurate: recommendation, bestValue: recommendation }),
  faq: z.array(faqItem).length(4),
});

export type FaqItem = z.infer<typeof faqItem>;
export type Testimonial = z.infer<typeof testimonialSchema>;
export type SeoComparison = z.infer<typeof seoComparisonSchema>;
export type PageCopy = { faqs: z.infer<typeof faqsSchema>; testimonials: Testimonial[]; seoComparison: SeoComparison };

/** A JSON file of content/, validated; a broken one stops the start with the file and field named. */
export function readContentJson<S extends z.ZodType>(file: string, schema: S): z.infer<S> {
  const full = path.join(appRoot(), "content", file);
  const result = schema.safeParse(JSON.parse(readFileSync(full, "utf8")));
  if (!result.success) {
    throw new ContentError(`content/${file}: ${result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  return result.data;
}

let copy: PageCopy | undefined;

/** Read and validated once (at start, so a broken file stops the server); the files change only with a deploy. */
export function loadPageCopy(): PageCopy {
  copy = {
    faqs: readContentJson("faqs.json", faqsSchema),
    testimonials: readContentJson("testimonials.json", z.array(testimonialSchema).length(6)),
    seoComparison: readContentJson("seo-comparison.json", seoComparisonSchema),
  };
  return copy;
}

export function getPageCopy(): PageCopy {
  return copy ?? loadPageCopy();
}
