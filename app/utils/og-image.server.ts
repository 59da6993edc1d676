import sharp, { type Sharp } from "sharp";
import { cardVersion, OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, type OgCard } from "~/lib/seo/og-image";
import { SITE_NAME } from "~/lib/site";

export const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The title in lines of at most `width` characters, three lines at most (the last one cut with an ellipsis). */
export function wrapTitle(title: string, width = 26): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of title.split(/\s+/)) {
    if ((line + " " + word).trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  if (lines.length <= 3) return lines;
  // The third line ends at a word boundary before the ellipsis, as page titles do (a cut word reads as a typo).
  let last = "";
  for (const word of lines.slice(2).join(" ").split(" ")) {
    if (`${last} ${word}`.trim().length > width - 1) break;
    last = `${last} ${word}`.trim();
  }
  return [...lines.slice(0, 2), `${(last || lines[2]!.slice(0, width - 1)).replace(/[\s,;:.]+$/, "")}…`];
}

/**
 * The card as SVG. Fonts: a family list ending in the generic sans-serif, resolved by the fontconfig bundled
 * with sharp's librsvg against the fonts installed on the machine. A machine with no font at all draws the
 * background without text: the server needs one (Debian: fonts-dejavu-core; docs/DEPLOY.md).
 */
export function cardSvg(card: OgCard): string {
  const [from, to] = card.colours;
  const title = wrapTitle(card.title)
    .map((text, index) => `<text x="80" y="${250 + index * 84}" font-size="68" font-weight="700" fill="#fff">${escapeXml(text)}</text>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}" viewBox="0 0 ${OG_IMAGE_WIDTH} ${OG_IMAGE_HEIGHT}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${escapeXml(from)}"/><stop offset="1" stop-color="${escapeXml(to)}"/></linearGradient></defs>
<rect width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}" fill="url(#g)"/><circle cx="1080" cy="90" r="220" fill="#fff" opacity="0.07"/><circle cx="1150" cy="560" r="140" fill="#fff" opacity="0.06"/>
<text x="80" y="140" font-size="30" font-weight="700" fill="#fff" opacity="0.85" letter-spacing="3">${escapeXml(card.eyebrow.toUpperCase())}</text>
${title}
<text x="80" y="570" font-size="30" fill="#fff" opacity="0.85">${escapeXml(`${SITE_NAME} · ${card.footer}`)}</text></svg>`;
}

const MAX_REMEMBERED = 300;
const rendered = new Map<string, Promise<Buffer>>();

/**
 * PNG for share cards (every network reads it); WebP for covers shown on our own pages, about a third of the bytes
 * (a 1200x630 cover: 66 KB as PNG, 21 KB as WebP at quality 80), which was the blog's largest paint on a phone.
 */
export type CardFormat = "png" | "webp";
const ENCODE: Record<CardFormat, (image: Sharp) => Sharp> = {
  png: (image) => image.png({ compressionLevel: 9 }),
  webp: (image) => image.webp({ quality: 80 }),
};

/** The card as an image, drawn once per process, card version (the version is the card's hash) and format. */
export function renderCard(card: OgCard, format: CardFormat = "png"): Promise<Buffer> {
  const key = `${cardVersion(card)}.${format}`;
  const remembered = rendered.get(key);
  if (remembered) return remembered;
  const image = ENCODE[format](sharp(Buffer.from(cardSvg(card)))).toBuffer();
  // A failed render is not remembered: the next request tries again.
  image.catch(() => rendered.delete(key));
  if (rendered.size >= MAX_REMEMBERED) rendered.delete(rendered.keys().next().value!);
  rendered.set(key, image);
  return image;
}

/**
 * The image response for a card: public and cacheable, with the card's hash as a strong ETag (304 when the
 * browser has it). A URL carrying the current version never changes, so it is kept for a year; any other
 * (an old version, or none) is revalidated daily.
 */
export async function cardResponse(card: OgCard, request: Request, format: CardFormat = "png"): Promise<Response> {
  const version = cardVersion(card);
  const etag = `"${version}"`;
  const current = new URL(request.url).searchParams.get("v") === version;
  const headers = {
    "Content-Type": `image/${format}`,
    "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=86400",
    ETag: etag,
  };
  if (
    request.headers
      .get("If-None-Match")
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(await renderCard(card, format)), { headers });
}
