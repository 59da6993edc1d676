import { initialsOf } from "~/lib/account/names";
import { toolLogoSvg, type BrandMark, type LogoSource } from "~/lib/tool/tool-logo";
import brandMarks from "./brand-marks.json";
import { getToolImageData } from "./queries.server";

const marks = brandMarks.marks as Record<string, BrandMark>;
const tools = brandMarks.tools as Record<string, string>;

/**
 * The brand mark a tool is drawn with, from content/brand-marks.json through scripts/build-logos.js;
 * undefined for a tool that has none (not in simple-icons, or not mapped yet), which gets a monogram.
 */
export function brandMarkOf(toolSlug: string): BrandMark | undefined {
  const iconSlug = Object.hasOwn(tools, toolSlug) ? tools[toolSlug] : undefined;
  return iconSlug ? marks[iconSlug] : undefined;
}

export function logoSourceOf(tool: { slug: string; name: string; color: string }): LogoSource {
  const mark = brandMarkOf(tool.slug);
  if (mark) return { kind: "brand", mark };
  return { kind: "monogram", initials: initialsOf(tool.name, { style: "first-two", fallback: "AI" }), color: tool.color };
}

/** The logo file of a tool in the catalogue, or undefined for an unknown slug. */
export async function getToolLogoSvg(slug: string): Promise<string | undefined> {
  const tool = await getToolImageData(slug);
  return tool && toolLogoSvg(tool.name, logoSourceOf({ slug, ...tool }));
}
