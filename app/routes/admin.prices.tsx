import type { RouteHandle } from "~/lib/route-handle";
import { requestedPage } from "~/lib/ui/paging";
import { useActionData, useNavigation } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { Badge } from "~/components/ui/badge";
import { ResultMessage } from "~/components/ui/form-parts";
import { LinkTabs, tabOf } from "~/components/ui/link-tabs";
import { formatLongDate } from "~/lib/ui/dates";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { listPricing, type PricesFilter, type PricingRow } from "~/models/provenance/queries.server";
import { PriceTasks } from "~/components/admin/price-tasks";
import { listPriceTasks } from "~/models/pricing-check/queries.server";
import { runPriceCheckWrite } from "~/models/pricing-check/writes.server";
import { getEnv } from "~/utils/env.server";
import { confirmDealWrite, confirmPricingWrite } from "~/models/provenance/writes.server";
import { ConfirmForm } from "~/components/admin/confirm-form";
import { requireRole } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/admin.prices";

export const handle = { cache: "personal" } satisfies RouteHandle;

const FILTERS = [
  { id: "unconfirmed", label: "Not confirmed" },
  { id: "all", label: "All tools" },
] as const satisfies { id: PricesFilter; label: string }[];

/**
 * Prices and deals (issue 26, decision 028): an editor opens the vendor's page, compares, and confirms. The
 * confirmation records who, when and the page checked, for the plans as they are now; a later change of the plans
 * makes the tool page say 'not yet confirmed' again. Issue 27's automatic check adds its tasks here.
 */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  const params = new URL(args.request.url).searchParams;
  const filter = tabOf(FILTERS, params.get("show"));
  const page = requestedPage(params);
  if (page === null) throw notFound("page");
  const pricing = await listPricing({ filter, page });
  if (page > pricing.pageCount) throw notFound("page");
  return { ...pricing, filter, page, checks: { ...(await listPriceTasks()), intervalHours: getEnv().PRICE_CHECK_INTERVAL_HOURS } };
}

export function action(args: Route.ActionArgs) {
  return formWrite(args, { "confirm-pricing": { spec: confirmPricingWrite }, "confirm-deal": { spec: confirmDealWrite }, "run-price-check": { spec: runPriceCheckWrite } });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Prices and deals",
    description: "Confirm tools' prices and deals on the vendors' pages.",
    path: "/admin/prices",
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}

function State({ row }: { row: Pick<PricingRow, "confirmed" | "stale"> }) {
  if (row.confirmed)
    return (
      <>
        <Badge variant="success">Confirmed</Badge>
        <p className="mt-1 text-xs">
          <time dateTime={row.confirmed.day}>{formatLongDate(row.confirmed.day)}</time> by{" "}
          {row.confirmed.checkedBy === "fetch" ? "the price check" : "editorEmail" in row.confirmed && row.confirmed.editorEmail ? row.confirmed.editorEmail : "an editor"}
        </p>
        <p className="break-all font-mono text-xs text-muted-foreground">{row.confirmed.sourceUrl}</p>
      </>
    );
  return row.stale ? <Badge variant="warning">Changed since confirmed</Badge> : <Badge variant="outline">Not confirmed</Badge>;
}

export default function AdminPrices({ loaderData }: Route.ComponentProps) {
  const { rows, total, counts, deals, filter, page, pageCount, checks } = loaderData;
  const reply = useActionData<typeof action>() as Reply | undefined;
  const busy = useNavigation().state === "submitting";
  // A refused confirmation comes back to its own form, with what was typed (the forms of other rows stay as they were).
  const refusedHere = (key: string, value: string) => Boolean(reply && !reply.ok && reply.values?.[key] === value);
  const errorFor = (key: string, value: string) => (refusedHere(key, value) ? { sourceUrl: reply!.fieldErrors?.sourceUrl, seen: reply!.fieldErrors?.seen } : undefined);
  const typedFor = (key: string, value: string) => (refusedHere(key, value) ? { sourceUrl: reply!.values?.sourceUrl, seen: reply!.values?.seen } : undefined);
  const tabs = FILTERS.map((tab) => ({ ...tab, label: `${tab.label} (${tab.id === "unconfirmed" ? counts.unconfirmed : counts.all})` }));
  return (
    <main id="main" className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight">Prices and deals</h1>
      <p className="mt-1 max-w-3xl text-muted-foreground">
        Open the vendor&apos;s page, compare every plan and price (or the deal&apos;s terms) with the tool page, and confirm only when they match. The tool page then says
        &ldquo;last confirmed&rdquo; with today&apos;s date, until the plans in the catalogue change. When they do not match, correct the plans with Edit plans (saved over the
        content file) and confirm there. Every confirmation and edit is in the audit log.
      </p>
      <ResultMessage result={reply} className="mt-4" />

      <PriceTasks
        {...checks}
        busy={busy}
        confirmForm={(task) => (
          <ConfirmForm
            intent="confirm-pricing"
            keyName="slug"
            keyValue={task.slug}
            label={task.name}
            defaultUrl={task.pricingUrl}
            errors={errorFor("slug", task.slug)}
            typed={typedFor("slug", task.slug)}
            busy={busy}
            buttonLabel="Confirm as is"
          />
        )}
      />

      <section aria-labelledby="tools-heading" className="mt-6">
        <h2 id="tools-heading" className="text-lg font-semibold">
          Tools&apos; prices
        </h2>
        <div className="mt-3">
          <LinkTabs label="Which tools" tabs={tabs} current={filter} param="show" />
        </div>
        <AdminTable
          caption={`${filter === "unconfirmed" ? "Tools whose prices are not confirmed" : "All tools, unconfirmed first"}, ${total} in all`}
          rows={rows}
          rowKey={(row) => row.slug}
          rowData={(row) => ({ "data-pricing": row.slug, "data-pricing-state": row.confirmed ? "confirmed" : row.stale ? "stale" : "unconfirmed" })}
          columns={[
            {
              header: "Tool",
              cellClassName: "min-w-48",
              cell: (row) => (
                <>
                  <a href={`/tools/${row.slug}`} className="font-medium underline-offset-4 hover:underline">
                    {row.name}
                  </a>
                  <p className="text-xs text-muted-foreground">Added {formatLongDate(row.addedAt)}</p>
                  <p className="flex flex-wrap gap-x-3 text-xs">
                    <a href={`/admin/prices/${row.slug}`} className="text-primary underline-offset-4 hover:underline">
                      Edit plans<span className="sr-only">: {row.name}</span>
                    </a>
                    <a href={`/admin/screenshots/${row.slug}`} className="text-primary underline-offset-4 hover:underline">
                      Screenshots<span className="sr-only">: {row.name}</span>
                    </a>
                  </p>
                  {row.pricingUrl ? (
                    <p className="break-all font-mono text-xs">{row.pricingUrl}</p>
                  ) : (
                    <p className="text-xs text-muted-foreground">No pricing page in the content file</p>
                  )}
                </>
              ),
            },
            { header: "State", cellClassName: "min-w-44", cell: (row) => <State row={row} /> },
            {
              header: "Confirm",
              cell: (row) => (
                <ConfirmForm
                  intent="confirm-pricing"
                  keyName="slug"
                  keyValue={row.slug}
                  label={row.name}
                  defaultUrl={row.confirmed?.sourceUrl ?? row.pricingUrl ?? row.websiteUrl}
                  errors={errorFor("slug", row.slug)}
                  typed={typedFor("slug", row.slug)}
                  busy={busy}
                />
              ),
            },
          ]}
          empty="Every tool's prices are confirmed."
          pagination={{ page, pageCount, hrefFor: ({ page: next }) => `/admin/prices?${filter === "all" ? "show=all&" : ""}page=${next}` }}
          className="mt-4"
        />
      </section>

      <section aria-labelledby="deals-heading" className="mt-10">
        <h2 id="deals-heading" className="text-lg font-semibold">
          Deals
        </h2>
        <AdminTable
          caption="Deals and whether their terms are confirmed"
          rows={deals}
          rowKey={(deal) => deal.id}
          rowData={(deal) => ({ "data-deal": deal.id, "data-deal-state": deal.confirmed ? "confirmed" : "unconfirmed" })}
          columns={[
            {
              header: "Deal",
              cellClassName: "min-w-48",
              cell: (deal) => (
                <>
                  <p className="font-medium">{deal.title}</p>
                  <p className="text-xs text-muted-foreground">
                    {deal.toolName} · added {formatLongDate(deal.addedAt)}
                  </p>
                  <p className="break-all font-mono text-xs">{deal.source}</p>
                </>
              ),
            },
            {
              header: "State",
              cellClassName: "min-w-44",
              cell: (deal) => <State row={{ confirmed: deal.confirmed ? { ...deal.confirmed, editorEmail: null } : null, stale: false }} />,
            },
            {
              header: "Confirm",
              cell: (deal) => (
                <ConfirmForm
                  intent="confirm-deal"
                  keyName="id"
                  keyValue={deal.id}
                  label={deal.title}
                  defaultUrl={deal.confirmed?.sourceUrl ?? deal.source}
                  errors={errorFor("id", deal.id)}
                  typed={typedFor("id", deal.id)}
                  busy={busy}
                />
              ),
            },
          ]}
          empty="There are no deals in content/deals.json."
          className="mt-3"
        />
      </section>
    </main>
  );
}
