import { Link } from "react-router";
import { faqJsonLd, FaqSection } from "~/components/faq-section";
import { JsonLd } from "~/components/json-ld";
import { DirectoryView } from "~/components/tool/directory-view";
import { Button } from "~/components/ui/button";
import { itemListJsonLd } from "~/lib/json-ld";
import { categoryOgImage } from "~/lib/og-image";
import { pageMeta, siteUrlOf } from "~/lib/seo";
import { parseToolFilters, TOOLS_PAGE_SIZE } from "~/lib/tool-filters";
import { getCategoryBySlug, listCategoriesWithCounts, listRelatedCategories } from "~/models/category/queries.server";
import { getPageCopy } from "~/models/content/page-copy.server";
import { searchTools } from "~/models/tool/search.server";
import { notFound } from "~/utils/not-found.server";
import { useSiteUrl } from "~/components/use-site-url";
import type { Route } from "./+types/tools.category";
import { Icon } from "~/components/ui/icon";

export const handle = {
  breadcrumb: (data: unknown) => (data as { category?: { name: string } } | undefined)?.category?.name,
};

/** 'SEO Tools' stays as it is; 'Content Writing' becomes 'Content Writing Tools'. */
const categoryTitle = (name: string) => (/\btools$/i.test(name) ? name : `${name} Tools`);

export async function loader({ request, params }: Route.LoaderArgs) {
  const category = await getCategoryBySlug(params.slug);
  if (!category) throw notFound("category", params.slug);
  const filters = parseToolFilters(new URL(request.url).searchParams, category.slug);
  const [result, categories, related] = await Promise.all([searchTools(filters, TOOLS_PAGE_SIZE), listCategoriesWithCounts(), listRelatedCategories(category.slug)]);
  const faqs = getPageCopy().faqs.category.map((item) => ({
    question: item.question.replaceAll("{category}", category.name),
    answer: item.answer.replaceAll("{category}", category.name),
  }));
  const count = categories.find((c) => c.slug === category.slug)?.toolCount ?? 0;
  return { category, count, result, categories, related, faqs, page: filters.page, ogImage: categoryOgImage(category, count) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const siteUrl = siteUrlOf(matches);
  const { category, count, page } = loaderData;
  return pageMeta({
    title: `Best AI ${categoryTitle(category.name)}${page > 1 ? `, page ${page}` : ""}`,
    description: `${count} ${category.name} tools compared: ${category.description}`.slice(0, 160),
    path: `/tools/category/${category.slug}${page > 1 ? `?page=${page}` : ""}`,
    siteUrl,
    image: loaderData.ogImage,
  });
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, count, result, categories, related, faqs } = loaderData;
  const siteUrl = useSiteUrl();
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <JsonLd
        data={itemListJsonLd(
          result.tools.map((tool) => ({ name: tool.name, path: `/tools/${tool.slug}` })),
          siteUrl,
        )}
      />
      <JsonLd data={faqJsonLd(faqs)} />
      <div className="flex items-start gap-4">
        <span className="mt-1 hidden size-12 shrink-0 rounded-xl sm:block" style={{ backgroundColor: category.color }} aria-hidden="true" />
        <div>
          <h1 className="text-3xl font-bold sm:text-4xl">{categoryTitle(category.name)}</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {count} {count === 1 ? "tool" : "tools"}
          </p>
          <p className="mt-3 max-w-3xl text-muted-foreground">{category.description}</p>
        </div>
      </div>
      {related.length > 0 && (
        <nav aria-label="Related categories" className="mt-5">
          <p className="text-sm font-semibold">Related categories</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {related.map((other) => (
              <li key={other.slug}>
                <Link to={`/tools/category/${other.slug}`} className="inline-flex rounded-full border px-3 py-1 text-sm hover:bg-accent">
                  {other.name} ({other.toolCount} {other.toolCount === 1 ? "tool" : "tools"})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <DirectoryView result={result} categories={categories} currentCategory={category.slug} searchLabel={`Search ${category.name} tools`} />

      <section className="mt-14 rounded-2xl border bg-secondary/50 p-6 sm:p-8" aria-labelledby="cant-find">
        <h2 id="cant-find" className="text-2xl font-bold">
          Can't Find the Perfect {category.name} Tool?
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Submit a tool we are missing and an editor will review it, or put a few candidates side by side to see where they differ.
        </p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/submit">
              <Icon name="mail" /> Suggest a tool
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/tools/comparison">
              <Icon name="chart-column" /> Compare tools
            </Link>
          </Button>
          {category.slug === "seo-tools" && (
            <Button asChild variant="outline">
              <Link to="/tools/seo-comparison">
                <Icon name="search" /> Compare SEO Tools
              </Link>
            </Button>
          )}
          <Button asChild variant="ghost">
            <Link to="/blog/category/ai-tools">
              <Icon name="book-open" /> Read Reviews <Icon name="arrow-right" />
            </Link>
          </Button>
        </div>
      </section>
      <FaqSection items={faqs} title={`${category.name} tools: questions and answers`} />
    </main>
  );
}
