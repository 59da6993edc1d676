import { betterInk, contrastRatio } from "../ui/contrast";

/**
 * A tool's logo as one small SVG file (decision 026): the brand mark from simple-icons where we have
 * one, else a monogram (initials on the category colour). The file holds one symbol per site theme
 * (`#light`, `#dark`); pages draw the one for the current theme with `<use>`, so a listing repeats a
 * short reference, not the paths, and the browser fetches each tool's file once.
 */

/** A simple-icons entry, as `scripts/build-logos.js` copies it into `models/tool/brand-marks.json`. */
export type BrandMark = { title: string; slug: string; hex: string; path: string };

/**
 * What a logo is drawn from: a brand mark, a monogram, or (issue 45, decision 084) an image a verified maker proposed
 * and an editor accepted, re-encoded by us (a square WebP) and embedded as a `data:` address, so the file stays one
 * request and fetches nothing else.
 */
export type LogoSource = { kind: "brand"; mark: BrandMark } | { kind: "monogram"; initials: string; color: string } | { kind: "upload"; image: string };

/**
 * Which logo a listing has, as a maker's logo proposal records it (its `before`, and the change row's sides): the brand
 * mark (simple-icons slug), the monogram, or an accepted upload (its private storage key).
 */
export type LogoState = { kind: "brand"; key: string } | { kind: "monogram" } | { kind: "upload"; key: string };

export type LogoTheme = "light" | "dark";

/**
 * The tile each theme draws marks on: a neutral square a little apart from the card (app.css `--card`
 * #ffffff / #111827) with an edge, and the theme's text colour.
 */
export const LOGO_THEMES: Record<LogoTheme, { tile: string; edge: string; ink: string }> = {
  light: { tile: "#f8fafc", edge: "#e2e8f0", ink: "#0f172a" },
  dark: { tile: "#1e293b", edge: "#334155", ink: "#f8fafc" },
};

/** WCAG 2.2 §1.4.11: graphics needed to recognise something need 3:1 against what is next to them. */
export const MIN_MARK_CONTRAST = 3;

/**
 * How a brand colour is drawn in a theme: on the neutral tile when it stands out from it by 3:1, else
 * (black marks in the dark theme, yellow or pale ones in the light theme) the tile takes the brand colour
 * and the mark is drawn in white or near-black, whichever reads better. The brand colour stays visible
 * either way, unlike drawing a faint mark in the text colour.
 */
export function markColours(hex: string, theme: LogoTheme): { tile: string; glyph: string; branded: boolean } {
  const brand = `#${hex.replace(/^#/, "").toLowerCase()}`;
  const { tile } = LOGO_THEMES[theme];
  if (contrastRatio(brand, tile) >= MIN_MARK_CONTRAST) return { tile, glyph: brand, branded: false };
  return { tile: brand, glyph: betterInk(brand, ["#ffffff", LOGO_THEMES.light.ink]), branded: true };
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function symbol(source: LogoSource, theme: LogoTheme): string {
  const { edge } = LOGO_THEMES[theme];
  const frame = (fill: string) => `<rect x="0.5" y="0.5" width="47" height="47" rx="10" fill="${fill}" stroke="${edge}"/>`;
  // An accepted image, inset on the neutral tile: drawn once in the file's <defs>, shared by both themes.
  if (source.kind === "upload") return `${frame(LOGO_THEMES[theme].tile)}<use href="#image"/>`;
  if (source.kind === "brand") {
    const { tile, glyph } = markColours(source.mark.hex, theme);
    // simple-icons draws in a 24-unit box: scaled to 26 units, centred in the 48-unit tile.
    return `${frame(tile)}<path transform="translate(11 11) scale(1.0833)" fill="${glyph}" d="${escapeXml(source.mark.path)}"/>`;
  }
  const ink = betterInk(source.color, ["#ffffff", LOGO_THEMES.light.ink]);
  return `${frame(source.color)}<text x="24" y="25" dominant-baseline="middle" text-anchor="middle" font-family="system-ui, sans-serif" font-size="18" font-weight="700" fill="${ink}">${escapeXml(source.initials)}</text>`;
}

/** The logo file of one tool: both themes' symbols, and the light one drawn when opened on its own. */
export function toolLogoSvg(name: string, source: LogoSource): string {
  const label = escapeXml(`${name} logo`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48" role="img" aria-label="${label}">`,
    `<title>${label}</title>`,
    ...(source.kind === "upload" ? [`<defs><image id="image" x="6" y="6" width="36" height="36" href="${escapeXml(source.image)}"/></defs>`] : []),
    ...(["light", "dark"] as const).map((theme) => `<symbol id="${theme}" viewBox="0 0 48 48">${symbol(source, theme)}</symbol>`),
    `<use href="#light" width="48" height="48"/>`,
    `</svg>`,
  ].join("");
}
