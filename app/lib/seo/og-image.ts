import { SITE_NAME, SITE_TAGLINE } from "../site";
import { categoryTools, countOf } from "../ui/plural";

/** Open Graph and Twitter share images are 1200x630 (the size every network crops the least). */
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

/** What a share image says; the server draws it (utils/og-image.server.ts) and its hash versions the URL. */
export type OgCard = {
  /** Small capitals above the title: the kind of page or the category. */
  eyebrow: string;
  title: string;
  /** One line at the bottom, after the site's name. */
  footer: string;
  /** Gradient from the first (dark) colour to the second. */
  colours: [string, string];
};

/** A page's share image: its path (with a version that changes with what it shows) and its alt text. */
export type OgImage = { path: string; alt: string };

const SITE_COLOURS: [string, string] = ["#1e1b4b", "#4f46e5"];
const DARK = "#0f172a";
const hexColour = (value: string, fallback: string) => (/^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(value) ? value : fallback);

/**
 * FNV-1a (32 bits), hex: a short version for a URL that changes when the card does. Not a security
 * hash; the route answers with the current card whatever the version asked for.
 */
export function cardVersion(card: OgCard): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(card)) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

const imageOf = (path: string, card: OgCard, alt: string): OgImage => ({ path: `${path}?v=${cardVersion(card)}`, alt });

export function homeCard(stats: { tools: number; categories: number }): OgCard {
  return { eyebrow: "AI tools directory", title: SITE_TAGLINE, footer: `${stats.tools} AI tools in ${stats.categories} categories`, colours: SITE_COLOURS };
}

export function defaultCard(): OgCard {
  return { eyebrow: "AI tools directory", title: SITE_TAGLINE, footer: "Honest reviews, real pricing, side-by-side comparisons", colours: SITE_COLOURS };
}

/** A tool's share card: our rating only where an in-depth review backs it (tools.rating is null otherwise). */
export function toolCard(tool: { name: string; tagline: string; categoryName: string; categoryColor: string; rating: number | null }): OgCard {
  return {
    eyebrow: tool.categoryName,
    title: `${tool.name}: ${tool.tagline}`,
    footer: tool.rating === null ? "Pricing, features and alternatives" : `Our rating ${tool.rating.toFixed(1)}/5`,
    colours: [DARK, hexColour(tool.categoryColor, SITE_COLOURS[1])],
  };
}

export function categoryCard(category: { name: string; color: string }, toolCount: number): OgCard {
  return {
    eyebrow: "Category",
    title: `Best AI ${categoryTools(category.name, 2, { title: true })}`,
    footer: `${countOf(toolCount, "tool")} compared`,
    colours: [DARK, hexColour(category.color, SITE_COLOURS[1])],
  };
}

export const homeOgImage = (stats: { tools: number; categories: number }) => imageOf("/og/home.png", homeCard(stats), `${SITE_NAME}: ${SITE_TAGLINE}`);
export const defaultOgImage = (): OgImage => imageOf("/og/default.png", defaultCard(), `${SITE_NAME}: ${SITE_TAGLINE}`);
export const toolOgImage = (tool: Parameters<typeof toolCard>[0] & { slug: string }) =>
  imageOf(
    `/og/tool/${tool.slug}.png`,
    toolCard(tool),
    tool.rating === null ? `${tool.name} on ${SITE_NAME}: pricing, features and alternatives` : `${tool.name} review on ${SITE_NAME}, rated ${tool.rating.toFixed(1)} out of 5`,
  );
export const categoryOgImage = (category: Parameters<typeof categoryCard>[0] & { slug: string }, toolCount: number) =>
  imageOf(
    `/og/category/${category.slug}.png`,
    categoryCard(category, toolCount),
    `${categoryCard(category, toolCount).title}: ${countOf(toolCount, "tool")} compared on ${SITE_NAME}`,
  );

/** Each blog category's cover colours (a dark start, a lighter end) so covers of one subject look alike. */
const POST_COLOURS: Record<string, [string, string]> = {
  "ai-tools": ["#312e81", "#6366f1"],
  "machine-learning": ["#134e4a", "#14b8a6"],
  business: ["#1e3a8a", "#3b82f6"],
  "content-creation": ["#831843", "#ec4899"],
  cybersecurity: ["#7f1d1d", "#ef4444"],
  education: ["#713f12", "#f59e0b"],
  tutorials: ["#14532d", "#22c55e"],
};

/** An article's cover, which is also its share image. `categoryName` is the blog category's display name. */
export function postCard(post: { title: string; category: string; categoryName: string | undefined; readMinutes: number }): OgCard {
  return { eyebrow: post.categoryName ?? "Blog", title: post.title, footer: `${post.readMinutes} min read`, colours: POST_COLOURS[post.category] ?? ["#1f2937", "#4b5563"] };
}

export const postOgImage = (post: Parameters<typeof postCard>[0] & { slug: string }) =>
  imageOf(`/images/posts/${post.slug}.png`, postCard(post), `Cover of the article "${post.title}"`);
