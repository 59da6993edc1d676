import type { RouteHandle } from "~/lib/route-handle";
import { Link } from "react-router";
import { PostCard } from "~/components/blog/post-card";
import { Button } from "~/components/ui/button";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { listBookmarks } from "~/models/blog/bookmarks.server";
import { requireViewer } from "~/utils/guards.server";
import type { Route } from "./+types/dashboard.bookmarks";

export const handle = {
  cache: "personal",
  crumbs: () => [
    { label: "Home", href: "/" },
    { label: "Saved articles", href: "/dashboard/bookmarks" },
  ],
} satisfies RouteHandle;

export async function loader(args: Route.LoaderArgs) {
  const viewer = requireViewer(args, { message: "authRequiredSaveArticle" });
  return { bookmarks: await listBookmarks(viewer.id) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "Saved articles", description: "The articles you saved.", path: "/dashboard/bookmarks", siteUrl: siteUrlOf(matches), noindex: true });
}

export default function BookmarksPage({ loaderData }: Route.ComponentProps) {
  const { bookmarks } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold">Saved articles</h1>
      <p className="mt-2 text-muted-foreground">
        Articles you saved with Save on an article. Your saved tools are on{" "}
        <Link to="/favorites" className="text-primary hover:underline">
          your favorites
        </Link>
        .
      </p>
      {bookmarks.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed p-10 text-center">
          <h2 className="text-lg font-semibold">No saved articles yet</h2>
          <p className="mt-2 text-muted-foreground">Use Save on any article to find it here again.</p>
          <Button asChild className="mt-4">
            <Link to="/blog">Browse the blog</Link>
          </Button>
        </div>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {bookmarks.map((post) => (
            <li key={post.slug}>
              <PostCard post={post} headingLevel={2} />
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
