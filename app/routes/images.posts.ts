import type { RouteHandle } from "~/lib/route-handle";
import { blogCategoryName } from "~/lib/blog/blog-filters";
import { postCard } from "~/lib/seo/og-image";
import { getPost } from "~/models/blog/queries.server";
import { cardResponse, type CardFormat } from "~/utils/og-image.server";
import { AppError } from "~/utils/errors.server";
import { resourceErrorResponse } from "~/utils/replies.server";
import type { Route } from "./+types/images.posts";

export const handle = { cache: "personal" } satisfies RouteHandle;

/**
 * The cover of an article, 1200x630: PNG (also its Open Graph image) or WebP (what our own pages show, a third of
 * the bytes). Generated here from its title and category, never fetched from elsewhere; drawn once per process,
 * card version and format.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const [, slug, format] = params.file.match(/^(.+)\.(png|webp)$/) ?? [];
  const found = slug ? await getPost(slug) : null;
  if (!found) return resourceErrorResponse(new AppError("NOT_FOUND", { message: "fileNotFound" }));
  const { post } = found;
  return cardResponse(postCard({ ...post, categoryName: blogCategoryName(post.category) }), request, format as CardFormat);
}
