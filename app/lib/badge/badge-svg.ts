import { SITE_NAME } from "../site";
import { formatDayMonthYear } from "../ui/dates";

/**
 * The badge a tool's maker may embed on their own site (issue 45, decision 083): "Listed on AI Tools Atlas" and,
 * only when a recorded confirmation covers the tool's prices as they are now, "Prices confirmed 4 Dec 2026". Drawn
 * here as plain SVG text, no script and no outside reference, so an `<img>` on any site shows it as it is.
 */

export const BADGE_THEMES = ["light", "dark"] as const;
export type BadgeTheme = (typeof BADGE_THEMES)[number];

/** What the maker chose in the badge's address: `?theme=dark` (else light), `?prices=0` leaves the prices out. */
export type BadgeOptions = { theme: BadgeTheme; prices: boolean };

/**
 * The options an address asks for. Only the two values that mean something are read; anything else (an unknown
 * parameter, `theme=blue`, `prices=maybe`) is the default, so no address fails and none says more than we recorded.
 */
export function badgeOptions(searchParams: URLSearchParams): BadgeOptions {
  return { theme: searchParams.get("theme") === "dark" ? "dark" : "light", prices: searchParams.get("prices") !== "0" };
}

/** The badge's address, with the parameters that differ from the default only. */
export function badgePath(slug: string, { theme = "light", prices = true }: Partial<BadgeOptions> = {}): string {
  const query = new URLSearchParams();
  if (theme === "dark") query.set("theme", "dark");
  if (!prices) query.set("prices", "0");
  const search = query.toString();
  return `/badges/${encodeURIComponent(slug)}.svg${search ? `?${search}` : ""}`;
}

/** What the badge says: its parts, and the same words as one sentence for its title and accessible name. */
export type BadgeWords = { listed: string; prices: string | null; label: string };

/**
 * The badge's words. `pricesConfirmedOn` is the day (YYYY-MM-DD) of the recorded confirmation that covers the
 * tool's prices as they are now, or null when none does: then the badge says nothing about prices.
 */
export function badgeWords(pricesConfirmedOn: string | null): BadgeWords {
  const listed = `Listed on ${SITE_NAME}`;
  const prices = pricesConfirmedOn ? `Prices confirmed ${formatDayMonthYear(`${pricesConfirmedOn}T12:00:00Z`)}` : null;
  return { listed, prices, label: prices ? `${listed}. ${prices}` : listed };
}

/** Text for an XML text node or attribute value. */
export const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const BADGE_HEIGHT = 24;
const FONT_SIZE = 12;
/** Space either side of each part's text. */
const PADDING = 8;
const RADIUS = 4;
const FONT_FAMILY = "Verdana, DejaVu Sans, Bitstream Vera Sans, Geneva, sans-serif";

/**
 * The width a text takes at the badge's font size, estimated per character rather than measured: the badge is
 * drawn where no font can be loaded (an `<img>` on another site, where an SVG may not fetch fonts), so its width
 * is a guess at whichever of the family list the reader has. The widths are Verdana's (DejaVu Sans and Bitstream
 * Vera, its usual stand-ins on Linux, are within a few per cent), in em, by class of character, rounded up, so
 * the estimate errs wide. Each text is also drawn with `textLength` at this width, so a narrower or wider
 * fallback font is fitted to the box rather than overflowing it.
 */
const EM_WIDTHS: [RegExp, number][] = [
  [/[ijlI.,:;'!|]/, 0.28],
  [/[ 1frt()[\]-]/, 0.42],
  [/[mwMW@%]/, 0.92],
  [/[A-Z]/, 0.72],
  [/[0-9]/, 0.64],
];
const DEFAULT_EM = 0.6;

export function textWidth(text: string, fontSize = FONT_SIZE): number {
  let em = 0;
  for (const character of text) em += EM_WIDTHS.find(([pattern]) => pattern.test(character))?.[1] ?? DEFAULT_EM;
  return Math.ceil(em * fontSize);
}

/** Colours of each part: text on its background, each pair at least WCAG AA's 4.5:1 for text this size (badge-svg.test.ts). */
export type BadgePalette = { listed: { background: string; text: string }; prices: { background: string; text: string } };

/** Light for light pages: the site's indigo and a deep green. Dark for dark pages: the dark theme's indigo and a light green. */
export const BADGE_PALETTES: Record<BadgeTheme, BadgePalette> = {
  light: { listed: { background: "#4338ca", text: "#ffffff" }, prices: { background: "#166534", text: "#ffffff" } },
  dark: { listed: { background: "#a5b4fc", text: "#111133" }, prices: { background: "#86efac", text: "#052e16" } },
};

export type BadgeSize = { width: number; height: number };

type Layout = BadgeSize & { parts: { text: string; x: number; width: number; textWidth: number; colours: { background: string; text: string } }[] };

function layout(words: BadgeWords, theme: BadgeTheme): Layout {
  const palette = BADGE_PALETTES[theme];
  const texts = [{ text: words.listed, colours: palette.listed }, ...(words.prices ? [{ text: words.prices, colours: palette.prices }] : [])];
  let x = 0;
  const parts = texts.map(({ text, colours }) => {
    const measured = textWidth(text);
    const part = { text, x, width: measured + 2 * PADDING, textWidth: measured, colours };
    x += part.width;
    return part;
  });
  return { width: x, height: BADGE_HEIGHT, parts };
}

/** The badge's size for these words (the embed snippet's `width` and `height`). */
export function badgeSize(words: BadgeWords): BadgeSize {
  const { width, height } = layout(words, "light");
  return { width, height };
}

/** The badge as an SVG document: a rounded box of one or two parts, its words as its title and accessible name. */
export function badgeSvg(words: BadgeWords, theme: BadgeTheme): string {
  const { width, height, parts } = layout(words, theme);
  const label = escapeXml(words.label);
  // The baseline: the middle of the box plus about a third of the font size (Verdana's x-height is about 0.55 em).
  const baseline = Math.round(height / 2 + FONT_SIZE * 0.35);
  const boxes = parts.map((part) => `<rect x="${part.x}" width="${part.width}" height="${height}" fill="${part.colours.background}"/>`).join("");
  const texts = parts
    .map(
      (part) =>
        `<text x="${part.x + PADDING}" y="${baseline}" fill="${part.colours.text}" textLength="${part.textWidth}" lengthAdjust="spacingAndGlyphs">${escapeXml(part.text)}</text>`,
    )
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}">` +
    `<title>${label}</title>` +
    `<clipPath id="badge-corners"><rect width="${width}" height="${height}" rx="${RADIUS}"/></clipPath>` +
    `<g clip-path="url(#badge-corners)">${boxes}</g>` +
    `<g font-family="${FONT_FAMILY}" font-size="${FONT_SIZE}" aria-hidden="true">${texts}</g>` +
    `</svg>\n`
  );
}

/** WCAG 2's relative luminance of a `#rrggbb` colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2's contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}
