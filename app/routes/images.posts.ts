import sharp from "sharp";
import { blogCategoryName } from "~/lib/blog-filters";
import { SITE_NAME } from "~/lib/site";
import { getPost } from "~/models/blog/queries.server";
import type { Route } from "./+types/images.posts";

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Each category's cover colours (a dark start, a lighter end) so covers of one subject look alike. */
const COLOURS: Record<string, [string, string]> = {
  "ai-tools": ["#312e81", "#6366f1"],
  "machine-learning": ["#134e4a", "#14b8a6"],
  business: ["#1e3a8a", "#3b82f6"],
  "content-creation": ["#831843", "#ec4899"],
  cybersecurity: ["#7f1d1d", "#ef4444"],
  education: ["#713f12", "#f59e0b"],
  tutorials: ["#14532d", "#22c55e"],
};

/** The title in lines of at most `width` characters, three lines at most. */
function wrap(title: string, width = 26): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of title.split(/\s+/)) {
    if ((line + " " + word).trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  return lines.length > 3
    ? [
        ...lines.slice(0, 2),
        `${lines
          .slice(2)
          .join(" ")
          .slice(0, width - 1)}…`,
      ]
    : lines;
}

const rendered = new Map<string, Buffer>();

/**
 * The cover of an article, 1200x630 PNG (also its Open Graph image): generated here from its title and
 * category, never fetched from elsewhere. Rendered once per process and article version.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const slug = params.file.replace(/\.png$/, "");
  const found = params.file.endsWith(".png") ? await getPost(slug) : null;
  if (!found) throw new Response("Not found", { status: 404 });
  const { post } = found;
  const key = `${post.slug}:${post.contentHash}`;
  let png = rendered.get(key);
  if (!png) {
    const [from, to] = COLOURS[post.category] ?? ["#1f2937", "#4b5563"];
    const lines = wrap(post.title);
    const title = lines.map((text, index) => `<text x="80" y="${250 + index * 84}" font-size="68" font-weight="700" fill="#fff">${escapeXml(text)}</text>`).join("");
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" font-family="DejaVu Sans, Arial, sans-serif">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#g)"/><circle cx="1080" cy="90" r="220" fill="#fff" opacity="0.07"/><circle cx="1150" cy="560" r="140" fill="#fff" opacity="0.06"/>
<text x="80" y="140" font-size="30" font-weight="700" fill="#fff" opacity="0.85" letter-spacing="3">${escapeXml((blogCategoryName(post.category) ?? "Blog").toUpperCase())}</text>
${title}
<text x="80" y="570" font-size="30" fill="#fff" opacity="0.85">${escapeXml(SITE_NAME)} · ${post.readMinutes} min read</text></svg>`;
    png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
    if (rendered.size > 200) rendered.clear();
    rendered.set(key, png);
  }
  return new Response(new Uint8Array(png), { headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" } });
}
