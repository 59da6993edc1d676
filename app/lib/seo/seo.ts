import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, type OgImage } from "./og-image";
import { SITE_NAME, SITE_TAGLINE, TITLE_MAX_LENGTH } from "../site";

const brandSuffix = new RegExp(`\\s*[|\\-–—]\\s*${SITE_NAME.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`, "i");

/** A text cut to at most `max` characters at a word, with an ellipsis when cut. */
export function truncateAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return (lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.|\-–—]+$/, "") + "…";
}

/**
 * Page titles per spec part 2 §5: a trailing brand suffix is stripped, the
 * brand is appended on pages other than home when the whole still fits in 60
 * characters, and anything longer is cut at a word boundary with an ellipsis.
 */
export function pageTitle(title: string, options: { isHome?: boolean } = {}): string {
  const base = title.replace(brandSuffix, "").trim();
  if (options.isHome) return truncateAtWord(base, TITLE_MAX_LENGTH);
  const branded = `${base} | ${SITE_NAME}`;
  if (branded.length <= TITLE_MAX_LENGTH) return branded;
  return truncateAtWord(base, TITLE_MAX_LENGTH);
}

export type MetaInput = {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. "/tools". */
  path: string;
  siteUrl: string;
  isHome?: boolean;
  noindex?: boolean;
  /** Open Graph type: "article" for blog posts. */
  ogType?: "website" | "article";
  /** The share image drawn for this page (lib/seo/og-image.ts); pages without one of their own share the site's. */
  image?: OgImage;
};

/** The site's share image, for pages without one of their own (routes/og.ts; revalidated daily by its ETag). */
export const DEFAULT_OG_IMAGE: OgImage = { path: "/og/default.png", alt: `${SITE_NAME}: ${SITE_TAGLINE}` };

/** The meta descriptors every page returns: title, description, canonical, Open Graph and Twitter card. */
export function pageMeta(input: MetaInput) {
  const title = pageTitle(input.title, { isHome: input.isHome });
  const canonical = new URL(input.path, input.siteUrl).toString();
  const image = input.image ?? DEFAULT_OG_IMAGE;
  const imageUrl = new URL(image.path, input.siteUrl).toString();
  return [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: canonical },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: input.ogType ?? "website" },
    { property: "og:image", content: imageUrl },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(OG_IMAGE_WIDTH) },
    { property: "og:image:height", content: String(OG_IMAGE_HEIGHT) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.alt },
    ...(input.noindex ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}

type MetaMatch = { id: string; loaderData?: unknown } | undefined;

/** The public base URL, from the root loader (the one place it is read from the environment), for a route's meta function. */
export function siteUrlOf(matches: readonly MetaMatch[]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { siteUrl?: string } | undefined;
  if (!root?.siteUrl) throw new Error("The root loader provides siteUrl.");
  return root.siteUrl;
}
