import { initialsOf } from "~/lib/names";
import { getToolImageData } from "~/models/tool/queries.server";
import type { Route } from "./+types/images.tools";

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A generated placeholder logo (initials on the category colour): the site
 * never hot-links vendor images. Cached for a day; names rarely change.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const slug = params.file.replace(/\.svg$/, "");
  const tool = await getToolImageData(slug);
  if (!tool || !params.file.endsWith(".svg")) throw new Response("Not found", { status: 404 });
  const initials = initialsOf(tool.name, { style: "first-two", fallback: "AI" });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(tool.name)}"><rect width="96" height="96" rx="20" fill="${escapeXml(tool.color)}"/><text x="48" y="50" dominant-baseline="middle" text-anchor="middle" font-family="system-ui, sans-serif" font-size="36" font-weight="700" fill="#fff">${escapeXml(initials)}</text></svg>`;
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" } });
}
