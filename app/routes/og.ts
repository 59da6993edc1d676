import type { RouteHandle } from "~/lib/route-handle";
import { categoryCard, defaultCard, homeCard, toolCard, type OgCard } from "~/lib/seo/og-image";
import { getCategoryBySlug, listCategoriesWithCounts } from "~/models/category/queries.server";
import { getCatalogueStats, getToolDetail } from "~/models/tool/queries.server";
import { cardResponse } from "~/utils/og-image.server";
import { AppError } from "~/utils/errors.server";
import { resourceErrorResponse } from "~/utils/replies.server";
import type { Route } from "./+types/og";

export const handle = { cache: "shared" } satisfies RouteHandle;

/** The card a share-image URL names, read from the same cached data as the page it belongs to; undefined when there is none. */
async function cardFor(kind: string | undefined, file: string): Promise<OgCard | undefined> {
  const slug = file.endsWith(".png") ? file.slice(0, -4) : undefined;
  if (!slug) return undefined;
  if (!kind && slug === "home") {
    const [stats, categories] = await Promise.all([getCatalogueStats(), listCategoriesWithCounts()]);
    return homeCard({ tools: stats.tools, categories: categories.length });
  }
  if (!kind && slug === "default") return defaultCard();
  if (kind === "tool") {
    const detail = await getToolDetail(slug);
    return detail && toolCard(detail.tool);
  }
  if (kind === "category") {
    const [category, categories] = await Promise.all([getCategoryBySlug(slug), listCategoriesWithCounts()]);
    return category && categoryCard(category, categories.find((c) => c.slug === slug)?.toolCount ?? 0);
  }
  return undefined;
}

/**
 * Open Graph and Twitter images, 1200x630 PNG, drawn on the server: /og/home.png, /og/default.png,
 * /og/tool/{slug}.png and /og/category/{slug}.png (an article's cover is its image, routes/images.posts.ts).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const card = await cardFor(params.kind, params.file);
  if (!card) return resourceErrorResponse(new AppError("NOT_FOUND", { message: "fileNotFound" }));
  return cardResponse(card, request);
}
