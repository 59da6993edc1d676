// A page, as a module in app/routes/ with a line in app/routes.ts: route("categories/:slug", "routes/categories.detail.tsx").
// There the arguments are typed with `Route` from "./+types/categories.detail", which `react-router typegen` writes for
// the modules of the route table; this file is in no route table (it is never built or served), so it names React
// Router's general types instead. CONTRIBUTING.md quotes it whole; `npx tsc` checks it against the code.
import { useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { ShareButtons } from "~/components/share-buttons";
import { useSiteUrl } from "~/components/use-site-url";
import type { RouteHandle } from "~/lib/route-handle";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { getCategoryBySlug } from "~/models/category/queries.server";
import { notFound } from "~/utils/not-found.server";

/**
 * What the page cache may do with the page (decision 067): one page for every anonymous visitor, and a signed-in reader
 * gets it with their personal parts (the header's account menu). Then the last crumb of the trail the root layout shows
 * (it also writes the page's BreadcrumbList).
 */
export const handle = {
  cache: "shared-with-personal-parts",
  breadcrumb: (data: unknown) => (data as { category?: { name: string } } | undefined)?.category?.name,
} satisfies RouteHandle;

export async function loader({ params }: LoaderFunctionArgs) {
  // The model reads the database; the route asks it, and returns only what the page shows.
  const category = await getCategoryBySlug(params.slug ?? "");
  // The root error boundary renders the category's not-found page: 404, noindex.
  if (!category) throw notFound("category", params.slug);
  return { category: { slug: category.slug, name: category.name, description: category.description } };
}

export function meta({ loaderData, matches }: MetaArgs<typeof loader>) {
  if (!loaderData) return [];
  const { category } = loaderData;
  return pageMeta({ title: `${category.name} Tools`, description: category.description, path: `/categories/${category.slug}`, siteUrl: siteUrlOf(matches) });
}

export default function CategoryPage() {
  const { category } = useLoaderData<typeof loader>();
  // The site's address comes from the root loader: a route never reads the environment.
  const siteUrl = useSiteUrl();
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold">{category.name}</h1>
      <p className="mt-2 text-muted-foreground">{category.description}</p>
      <ShareButtons url={new URL(`/categories/${category.slug}`, siteUrl).toString()} title={category.name} />
    </main>
  );
}
