import { data } from "react-router";
import { NotFoundContent } from "~/components/error-screens";
import { pageMeta } from "~/lib/seo";
import { countTools } from "~/models/category/queries.server";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/not-found";

export const handle = { breadcrumbs: false };

export async function loader() {
  // A real 404 status for crawlers; the page itself is a normal render.
  return data({ toolCount: await countTools(), siteUrl: getEnv().SITE_URL }, { status: 404 });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Page Not Found",
    description: "The page you were looking for does not exist. Browse AI tools, reviews and comparisons instead.",
    path: "/404",
    siteUrl: loaderData?.siteUrl ?? "http://localhost",
    noindex: true,
  });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <NotFoundContent toolCount={loaderData.toolCount} />;
}
