import type { RouteHandle } from "~/lib/route-handle";
import { VerificationDashboard } from "~/components/verification/dashboard";
import { VitalsTable } from "~/components/vitals/vitals-table";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { vitalsP75, VITALS_WINDOW_DAYS } from "~/models/vitals/queries.server";
import { CATALOGUE, tagPage, tagPageUntil } from "~/utils/cache.server";
import { getEnv } from "~/utils/env.server";
import type { Route } from "./+types/verification";

export const handle = { cache: "shared-with-personal-parts" } satisfies RouteHandle;

/** Public, never indexed, not in the sitemaps (spec part 2 §2.11, §6). */
export async function loader() {
  tagPage(...CATALOGUE);
  // The web vitals change with every report: the page is served from the cache for a minute at most.
  tagPageUntil(Date.now() + 60_000);
  return { vitals: await vitalsP75(), windowDays: VITALS_WINDOW_DAYS, sampleRate: getEnv().VITALS_SAMPLE_RATE };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Site Verification",
    description: "Checks of the site's files, pages and mobile layout, and the web vitals real visitors measured, page type by page type.",
    path: "/verification",
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}

export default function VerificationPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto w-full max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">Site Verification</h1>
      <p className="mt-2 text-muted-foreground">
        Checks the site as a visitor&apos;s browser and a search engine see it: files, key pages, mobile layout, touch targets and slow resources.
      </p>
      <noscript>
        <p className="mt-4 rounded-md border p-3">The checks run in your browser: turn on JavaScript to run them.</p>
      </noscript>
      <div className="mt-8">
        <VerificationDashboard />
      </div>
      <VitalsTable {...loaderData} className="mt-12" />
    </main>
  );
}
