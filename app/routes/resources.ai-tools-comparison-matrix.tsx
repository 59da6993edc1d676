import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { sortDescription, ToolMatrix } from "~/components/tool/tool-matrix";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/input";
import { useSiteUrl } from "~/components/use-site-url";
import { itemListJsonLd } from "~/lib/seo/json-ld";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { capabilityMask, directorySort, isCategorySlug, isDefaultMatrix, MATRIX_PATH, parseMatrixParams } from "~/lib/tool/tool-matrix";
import { listCategoriesWithCounts } from "~/models/category/queries.server";
import { CAPABILITIES } from "~/lib/tool/capabilities";
import { listMatrixTools } from "~/models/tool/matrix.server";
import { notFound } from "~/utils/not-found.server";
import type { Route } from "./+types/resources.ai-tools-comparison-matrix";
import { countCategoryTools, countOf } from "~/lib/ui/plural";

export const handle = { cache: "shared-with-personal-parts", breadcrumb: () => "AI Tools Comparison Matrix" } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const state = parseMatrixParams(new URL(request.url).searchParams);
  const categories = await listCategoriesWithCounts();
  // An unknown category answers 404 (the site's Category Not Found screen) rather than a matrix claiming to show it.
  const category = state.category ? categories.find((c) => c.slug === state.category) : undefined;
  if (state.category && (!isCategorySlug(state.category) || !category)) throw notFound("category", state.category);
  const rows = await listMatrixTools({ category: category?.slug ?? null, sort: directorySort(state) });
  return {
    state,
    categoryName: category?.name ?? null,
    categories: categories.filter((c) => c.toolCount > 0).map(({ slug, name, toolCount }) => ({ slug, name, toolCount })),
    capabilities: CAPABILITIES,
    tools: rows.map(({ capabilities, ...row }) => ({
      slug: row.slug,
      name: row.name,
      rating: row.rating,
      pricing: row.pricing,
      categoryName: row.categoryName,
      has: capabilityMask(capabilities, CAPABILITIES),
    })),
  };
}

// The capability list comes from the loader: importing the content schemas here would bring zod to the browser.
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const count = loaderData?.tools.length;
  return pageMeta({
    title: loaderData?.categoryName ? `AI Tools Comparison Matrix: ${loaderData.categoryName}` : "AI Tools Comparison Matrix",
    description: `${count ?? "Every"} AI tools from our catalogue side by side on ${loaderData?.capabilities.length ?? "their"} capabilities, with our rating and the starting price. Sort by any column or narrow to one category.`,
    path: MATRIX_PATH,
    siteUrl: siteUrlOf(matches),
    // A sorted or filtered view is a view of the one matrix page.
    noindex: loaderData ? !isDefaultMatrix(loaderData.state) : false,
  });
}

export default function ComparisonMatrixPage({ loaderData }: Route.ComponentProps) {
  const { state, categoryName, categories, capabilities, tools } = loaderData;
  const siteUrl = useSiteUrl();
  const scope = categoryName ? countCategoryTools(tools.length, categoryName) : `All ${countOf(tools.length, "tool")}`;
  const caption = `${scope} and their capabilities, sorted by ${sortDescription(state)}`;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <JsonLd
        data={itemListJsonLd(
          tools.map((tool) => ({ name: tool.name, path: `/tools/${tool.slug}` })),
          siteUrl,
        )}
      />
      <h1 className="text-3xl font-bold sm:text-4xl">AI tools comparison matrix</h1>
      <p className="mt-3 max-w-3xl text-muted-foreground">
        Every tool in our catalogue against the {capabilities.length} capabilities we record for each one, with our rating where we have reviewed it and the starting price with its
        terms as the listing records it. A tick means the tool offers it; a dash means we have not found it. Sort by a column heading, narrow to one category, or put up to four
        tools side by side in the{" "}
        <Link to="/tools/comparison" className="font-medium text-primary underline-offset-4 hover:underline">
          comparison tool
        </Link>
        .
      </p>

      <Form method="get" action={MATRIX_PATH} className="mt-6 flex flex-wrap items-end gap-3">
        {state.sort !== "rating" && <input type="hidden" name="sort" value={state.sort} />}
        {state.sort !== "rating" && <input type="hidden" name="order" value={state.order} />}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="matrix-category">Category</Label>
          <select
            key={state.category ?? ""}
            id="matrix-category"
            name="category"
            defaultValue={state.category ?? ""}
            className="h-10 max-w-full rounded-md border border-input bg-background px-3 text-sm"
          >
            <option value="">All categories</option>
            {categories.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name} ({category.toolCount})
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline">
          Show
        </Button>
        {state.category && (
          <Link to={MATRIX_PATH} className="inline-flex h-10 items-center text-sm font-medium text-primary underline-offset-4 hover:underline">
            All categories
          </Link>
        )}
      </Form>

      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {scope}, sorted by {sortDescription(state)}.
      </p>
      {tools.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed p-8 text-center">There are no tools in this category yet.</p>
      ) : (
        <ToolMatrix tools={tools} capabilities={capabilities} state={state} caption={caption} />
      )}

      <section aria-labelledby="matrix-next" className="mt-12">
        <h2 id="matrix-next" className="text-2xl font-bold">
          Where to go next
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          {[
            { href: "/tools/comparison", title: "Compare up to four tools", text: "Features, pricing and ratings in one table, with CSV and print export." },
            { href: "/tools", title: "Browse the directory", text: "Search by name or use, filter by rating, pricing and free trial." },
            { href: "/blog/category/ai-tools", title: "Read our guides", text: "Comparisons and guides to choosing AI tools by the job they do." },
          ].map((link) => (
            <li key={link.href}>
              <a href={link.href} className="block h-full rounded-xl border p-4 hover:bg-accent">
                <span className="font-semibold">{link.title}</span>
                <span className="mt-1 block text-sm text-muted-foreground">{link.text}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
