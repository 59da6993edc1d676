import { ArrowRight, BookOpen, Star } from "lucide-react";
import { Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { MobileHomeBar } from "~/components/layout/mobile-home-bar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { pageMeta } from "~/lib/seo";
import { SITE_NAME } from "~/lib/site";
import { listCategoriesWithCounts } from "~/models/category/queries.server";
import { listFeaturedTools } from "~/models/tool/queries.server";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/home";

export async function loader() {
  const [featured, categories] = await Promise.all([listFeaturedTools(), listCategoriesWithCounts()]);
  const toolCount = categories.reduce((sum, category) => sum + category.toolCount, 0);
  return { featured, categories, toolCount, siteUrl: getEnv().SITE_URL };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: `${SITE_NAME}: independent AI tool reviews`,
    description: `Compare ${loaderData?.toolCount ?? "dozens of"} AI tools for writing, SEO, images, video, code and more. Honest reviews, real pricing and side-by-side comparisons.`,
    path: "/",
    siteUrl: loaderData?.siteUrl ?? "http://localhost",
    isHome: true,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, categories, toolCount, siteUrl } = loaderData;
  return (
    <main id="main">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "WebSite",
          name: SITE_NAME,
          url: siteUrl,
          potentialAction: { "@type": "SearchAction", target: `${siteUrl}/search?q={search_term_string}`, "query-input": "required name=search_term_string" },
        }}
      />
      <section className="border-b bg-gradient-to-b from-secondary/60 to-background">
        <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:py-24">
          <Badge variant="secondary">Independent · not affiliated with any vendor</Badge>
          <h1 className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">Find the right AI tool, without the hype</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted-foreground">
            {toolCount} AI tools across {categories.length} categories, each with honest descriptions, real pricing and a date we last checked it.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link to="/tools">
                Explore AI Tools Now <ArrowRight />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/blog">
                <BookOpen /> Read Our Blog
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 py-14">
        <h2 id="featured-heading" className="text-2xl font-bold">
          Featured AI tools
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {featured.map((tool) => (
            <li key={tool.slug}>
              <Card className="h-full">
                <CardHeader>
                  <div className="flex items-start justify-between gap-2">
                    <CardTitle>
                      <Link to={`/tools/${tool.slug}`} className="hover:underline">
                        {tool.name}
                      </Link>
                    </CardTitle>
                    <span className="inline-flex items-center gap-1 text-sm font-semibold" aria-label={`Our rating ${tool.rating} out of 5`}>
                      <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" /> {tool.rating.toFixed(1)}
                    </span>
                  </div>
                  <CardDescription>{tool.tagline}</CardDescription>
                </CardHeader>
                <CardContent className="flex flex-wrap gap-2">
                  <Badge variant="outline">{tool.categoryName}</Badge>
                  {tool.isFree && <Badge variant="success">Free</Badge>}
                  {tool.hasFreeTrial && <Badge variant="secondary">Free Trial</Badge>}
                  {tool.isPro && <Badge variant="warning">Pro</Badge>}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 pb-14">
        <h2 id="categories-heading" className="text-2xl font-bold">
          Browse by category
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {categories.map((category) => (
            <li key={category.slug}>
              <Link to={`/tools/category/${category.slug}`} className="flex h-full flex-col rounded-lg border p-4 hover:bg-accent">
                <span className="font-medium">{category.name}</span>
                <span className="text-sm text-muted-foreground">
                  {category.toolCount} {category.toolCount === 1 ? "tool" : "tools"}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <MobileHomeBar />
    </main>
  );
}
