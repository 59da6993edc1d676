import { and, eq } from "drizzle-orm";
import { categories, toolListingOverrides, tools } from "~/db/schema";
import { initialsOf } from "~/lib/account/names";
import { toolLogoSvg, type BrandMark, type LogoSource, type LogoState } from "~/lib/tool/tool-logo";
import { CATALOGUE, cached } from "~/utils/cache.server";
import { getDb, type Db } from "~/utils/db.server";
import { log } from "~/utils/logger.server";
import { readPrivateUpload } from "~/utils/storage.server";
import { recordToolChanges } from "./changes.server";
import brandMarks from "./brand-marks.json";

const marks = brandMarks.marks as Record<string, BrandMark>;
const iconOfTool = brandMarks.tools as Record<string, string>;

/**
 * The brand mark a tool is drawn with, from content/brand-marks.json through scripts/build-logos.js;
 * undefined for a tool that has none (not in simple-icons, or not mapped yet), which gets a monogram.
 */
export function brandMarkOf(toolSlug: string): BrandMark | undefined {
  const iconSlug = Object.hasOwn(iconOfTool, toolSlug) ? iconOfTool[toolSlug] : undefined;
  return iconSlug ? marks[iconSlug] : undefined;
}

/**
 * What a tool's logo is drawn from: the image its maker proposed and an editor accepted (`image`, its `data:` address)
 * when there is one (issue 45, decision 084), else its brand mark, else a monogram.
 */
export function logoSourceOf(tool: { slug: string; name: string; color: string; image?: string }): LogoSource {
  if (tool.image) return { kind: "upload", image: tool.image };
  const mark = brandMarkOf(tool.slug);
  if (mark) return { kind: "brand", mark };
  return { kind: "monogram", initials: initialsOf(tool.name, { style: "first-two", fallback: "AI" }), color: tool.color };
}

/** Which logo a tool has (a maker's proposal is a diff against it): its accepted upload's key, else its brand mark, else the monogram. */
export function logoStateOf(slug: string, uploadKey: string | null | undefined): LogoState {
  if (uploadKey) return { kind: "upload", key: uploadKey };
  const iconSlug = Object.hasOwn(iconOfTool, slug) ? iconOfTool[slug] : undefined;
  return iconSlug && marks[iconSlug] ? { kind: "brand", key: iconSlug } : { kind: "monogram" };
}

/** The storage key in a 'logo' override's value (`{ kind: 'upload', key }`), or null. */
export const uploadKeyOf = (value: unknown): string | null => {
  const key = value && typeof value === "object" ? (value as { key?: unknown }).key : undefined;
  return typeof key === "string" ? key : null;
};

/** The key of the tool's accepted logo image, or null when it is drawn from its mark or initials. */
export async function acceptedLogoKey(db: Pick<Db, "select">, toolId: number): Promise<string | null> {
  const [row] = await db
    .select({ value: toolListingOverrides.value })
    .from(toolListingOverrides)
    .where(and(eq(toolListingOverrides.toolId, toolId), eq(toolListingOverrides.field, "logo")))
    .limit(1);
  return uploadKeyOf(row?.value);
}

/**
 * An editor accepts a maker's logo (issue 45, decision 084), in the proposal's transaction: the tool's 'logo' override
 * (any tool: the logo is no column the sync or a maker's submission writes) and its dated change row, "Logo replaced",
 * marked as the maker's with their source page. The caller invalidates the tool's tags after the commit, which drops
 * the cached logo file, and deletes a replaced image.
 */
export async function writeAcceptedLogo(
  tx: Pick<Db, "insert">,
  { toolId, before, after, editorId, proposalId, sourceUrl }: { toolId: number; before: LogoState; after: LogoState; editorId: string; proposalId: number } & { sourceUrl: string },
) {
  const values = { value: after, proposalId, editorId, updatedAt: new Date() };
  await tx
    .insert(toolListingOverrides)
    .values({ toolId, field: "logo", ...values })
    .onConflictDoUpdate({ target: [toolListingOverrides.toolId, toolListingOverrides.field], set: values });
  const change = { kind: "listing-changed" as const, planName: null, before: { field: "logo", value: before }, after: { field: "logo", value: after } };
  await recordToolChanges(tx, { toolId, changes: [change], source: "maker", sourceUrl });
}

/**
 * A stored logo image as the logo file embeds it, or undefined when the store has lost it (the mark or initials are
 * drawn instead). Kept in memory by key (a key is never reused), so a logo file does not read the store (a bucket,
 * perhaps) on each request; the catalogue's and the tool's tags drop it.
 */
function embeddedImage(slug: string, key: string | null): Promise<string | undefined> {
  if (!key) return Promise.resolve(undefined);
  return cached(`tool:${slug}:logo:${key}`, [...CATALOGUE, `tool:${slug}`], async () => {
    const bytes = await readPrivateUpload(key);
    if (!bytes) log.warn("an accepted logo is missing from the store", { key });
    return bytes ? `data:image/webp;base64,${bytes.toString("base64")}` : undefined;
  });
}

/**
 * The logo file of a tool in the catalogue, or undefined for an unknown slug. The tool's row and override are read on
 * each request (as before there were uploads), so an accepted logo shows at once; browsers keep the file a day.
 */
export async function getToolLogoSvg(slug: string): Promise<string | undefined> {
  const [tool] = await getDb()
    .select({ name: tools.name, color: categories.color, upload: toolListingOverrides.value })
    .from(tools)
    .innerJoin(categories, eq(categories.slug, tools.categorySlug))
    .leftJoin(toolListingOverrides, and(eq(toolListingOverrides.toolId, tools.id), eq(toolListingOverrides.field, "logo")))
    .where(eq(tools.slug, slug))
    .limit(1);
  if (!tool) return undefined;
  const image = await embeddedImage(slug, uploadKeyOf(tool.upload));
  return toolLogoSvg(tool.name, logoSourceOf({ slug, name: tool.name, color: tool.color, image }));
}
