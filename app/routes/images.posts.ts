import { blogCategoryName } from "~/lib/blog/blog-filters";
import { postCard } from "~/lib/seo/og-image";
import { getPost } from "~/models/blog/queries.server";
import { cardResponse } from "~/utils/og-image.server";
import type { Route } from "./+types/images.posts";

/**
 * The cover of an article, 1200x630 PNG (also its Open Graph image): generated here from its title and
 * category, never fetched from elsewhere. Drawn once per process and card version.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const slug = params.file.replace(/\.png$/, "");
  const found = params.file.endsWith(".png") ? await getPost(slug) : null;
  if (!found) throw new Response("Not found", { status: 404 });
  const { post } = found;
  return cardResponse(postCard({ ...post, categoryName: blogCategoryName(post.category) }), request);
}
