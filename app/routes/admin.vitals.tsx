import type { RouteHandle } from "~/lib/route-handle";
import { VitalsTable } from "~/components/vitals/vitals-table";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { vitalsP75, VITALS_WINDOW_DAYS } from "~/models/vitals/queries.server";
import { getEnv } from "~/utils/env.server";
import { requireRole } from "~/utils/guards.server";
import type { Route } from "./+types/admin.vitals";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** The web vitals real visitors measured (issue 17), the p75 per page type: the same table as /verification, always fresh. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  return { vitals: await vitalsP75(), windowDays: VITALS_WINDOW_DAYS, sampleRate: getEnv().VITALS_SAMPLE_RATE };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "Web vitals", description: "Web vitals from real visitors, by page type.", path: "/admin/vitals", siteUrl: siteUrlOf(matches), noindex: true });
}

export default function AdminVitals({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight">Web vitals</h1>
      <p className="mt-1 max-w-2xl text-muted-foreground">
        How fast the site feels to real visitors. Green meets Google&apos;s &lsquo;good&rsquo; threshold, amber needs improvement, red is poor; a page type appears once it has
        measurements.
      </p>
      <VitalsTable {...loaderData} heading="p75 by page type" className="mt-6" />
    </main>
  );
}
