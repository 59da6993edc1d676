import type { RouteHandle } from "~/lib/route-handle";
import { AdminTable } from "~/components/admin/admin-table";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { listFactTools } from "~/models/fact-check/queries.server";
import { requireRole } from "~/utils/guards.server";
import type { Route } from "./+types/admin.facts";

export const handle = { cache: "personal" } satisfies RouteHandle;

/**
 * Data and security facts (issue 44): every tool with a facts file, and how many of its published facts a recorded
 * check confirms as they are now. An editor opens a tool to read the vendor's pages and confirm, fact by fact.
 */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  return { tools: await listFactTools() };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Data facts",
    description: "Confirm tools' data and security facts on the vendors' pages.",
    path: "/admin/facts",
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}

export default function AdminFacts({ loaderData }: Route.ComponentProps) {
  const { tools } = loaderData;
  return (
    <main id="main" className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight">Data and security facts</h1>
      <p className="mt-1 max-w-3xl text-muted-foreground">
        Each fact comes from the vendor&apos;s own page and says &ldquo;not yet confirmed&rdquo; until someone has read that page: the weekly check (with the prices) when the page
        holds a sentence that states the fact, or an editor who notes what the page says. A fact whose value or page changes needs a new confirmation.
      </p>
      <AdminTable
        caption={`Tools with data and security facts, ${tools.length} in all`}
        rows={tools}
        rowKey={(tool) => tool.slug}
        rowData={(tool) => ({ "data-fact-tool": tool.slug })}
        className="mt-4"
        columns={[
          {
            header: "Tool",
            rowHeader: true,
            cell: (tool) => (
              <a href={`/admin/facts/${tool.slug}`} className="font-medium text-primary underline-offset-4 hover:underline">
                {tool.name}
              </a>
            ),
          },
          { header: "Confirmed", className: "text-right tabular-nums", cell: (tool) => `${tool.confirmed} of ${tool.known}` },
          { header: "Not published", className: "text-right tabular-nums", cell: (tool) => tool.unknown },
        ]}
        empty="No tool has a facts file yet (content/facts/)."
      />
    </main>
  );
}
