import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { PlansTable } from "~/components/tool/plans-table";
import { PricingFields } from "~/components/tool/pricing-fields";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field, ResultMessage, TextareaField } from "~/components/ui/form-parts";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { PRICING_MODEL_LABELS, pricingText } from "~/lib/tool/pricing";
import { pricingFormValues } from "~/lib/tool/pricing-edit";
import { formatLongDate } from "~/lib/ui/dates";
import { getPricingEditor } from "~/models/tool/pricing-overrides.server";
import { removePricingOverrideWrite, saveAndConfirmPricingWrite, savePricingWrite } from "~/models/tool/pricing-writes.server";
import { requireRole } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/admin.prices.slug";

/**
 * One tool's prices (issue 27, decision 036): the pricing as listed, whether an editor's override is in force, the
 * last confirmation, and the structured plans editor, one fieldset per plan, which works without JavaScript. An
 * editorial tool's edit is kept as an override over its content file; a community tool's row is edited directly.
 */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  const editor = await getPricingEditor(args.params.slug);
  if (!editor) throw notFound("page");
  return editor;
}

/** The trail names the tool as it is called, not as its slug spells it. */
export const handle = { cache: "personal", breadcrumb: (data: unknown) => (data as { tool?: { name: string } } | undefined)?.tool?.name } satisfies RouteHandle;

export function action(args: Route.ActionArgs) {
  const options = { urlFields: { slug: args.params.slug } };
  return formWrite(args, {
    save: { spec: savePricingWrite, options },
    "save-confirm": { spec: saveAndConfirmPricingWrite, options },
    "remove-override": { spec: removePricingOverrideWrite, options },
  });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const name = loaderData?.tool.name ?? "Tool";
  return pageMeta({
    title: `${name}: prices`,
    description: "Edit and confirm a tool's plans and prices.",
    path: `/admin/prices/${loaderData?.tool.slug ?? ""}`,
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}

export default function AdminPricesTool({ loaderData }: Route.ComponentProps) {
  const { tool, override, filePricing, lastConfirmation } = loaderData;
  const reply = useActionData<typeof action>() as Reply | undefined;
  const busy = useNavigation().state === "submitting";
  const editing = reply?.intent === "save" || reply?.intent === "save-confirm";
  const refused = editing && reply && !reply.ok ? reply : undefined;
  const stored: Record<string, string> = { ...pricingFormValues({ model: tool.pricingModel, plans: tool.plans }, tool.hasFreeTrial), note: override?.note ?? "" };
  // A refused save shows what the editor typed (an unticked box is not sent, so it reads as unticked).
  const values = refused ? (refused.values ?? {}) : stored;
  const errors = refused?.fieldErrors ?? {};
  const editorial = tool.source === "editorial";
  return (
    <main id="main" className="min-w-0">
      <p className="text-sm">
        <Link to="/admin/prices" className="text-muted-foreground underline-offset-4 hover:underline">
          Prices and deals
        </Link>
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">Prices of {tool.name}</h1>
        <Badge variant={editorial ? "outline" : "secondary"}>{editorial ? "Editorial" : "Community"}</Badge>
        {override && <Badge variant="warning">Override in force</Badge>}
      </div>
      <p className="mt-1 text-sm">
        <Link to={`/admin/screenshots/${tool.slug}`} className="text-primary underline-offset-4 hover:underline">
          Screenshots of {tool.name}
        </Link>
      </p>

      <ResultMessage result={reply} className="mt-4" />

      <section aria-labelledby="listed-heading" className="mt-6 max-w-3xl">
        <h2 id="listed-heading" className="text-lg font-semibold">
          As listed now
        </h2>
        <p className="mt-2" data-listed-pricing>
          {pricingText({ model: tool.pricingModel, plans: tool.plans })}
          {tool.hasFreeTrial ? " · free trial" : ""} ({PRICING_MODEL_LABELS[tool.pricingModel]})
        </p>
        <PlansTable toolName={tool.name} plans={tool.plans} />
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted-foreground">Where the prices come from</dt>
          <dd data-pricing-origin={override ? "override" : editorial ? "file" : "community"}>
            {override ? (
              <>
                An editor&apos;s override, saved <time dateTime={override.day}>{formatLongDate(override.day)}</time>
                {override.editorEmail ? ` by ${override.editorEmail}` : ""}, over content/tools/{tool.slug}.json
                {override.note ? <span className="block text-muted-foreground">Note: {override.note}</span> : null}
              </>
            ) : editorial ? (
              <>The content file, content/tools/{tool.slug}.json</>
            ) : (
              <>The approved submission (a community tool: an edit changes its listing directly)</>
            )}
          </dd>
          {filePricing && (
            <>
              <dt className="text-muted-foreground">The file says</dt>
              <dd>
                {pricingText({ model: filePricing.pricingModel, plans: filePricing.plans })}
                {filePricing.hasFreeTrial ? " · free trial" : ""}
              </dd>
            </>
          )}
          <dt className="text-muted-foreground">Vendor&apos;s pricing page</dt>
          <dd className="break-all font-mono text-xs">{tool.pricingUrl ?? "none named"}</dd>
          <dt className="text-muted-foreground">Last confirmed</dt>
          <dd data-last-confirmed={lastConfirmation ? (lastConfirmation.current ? "current" : "earlier") : "never"}>
            {lastConfirmation ? (
              <>
                <time dateTime={lastConfirmation.day}>{formatLongDate(lastConfirmation.day)}</time> by{" "}
                {lastConfirmation.checkedBy === "fetch" ? "the price check" : (lastConfirmation.editorEmail ?? "an editor")}
                {lastConfirmation.current ? "" : ", for earlier prices: the prices shown are not confirmed"}
                <span className="block break-all font-mono text-xs">{lastConfirmation.sourceUrl}</span>
              </>
            ) : (
              "Never: the tool page says the prices are not yet confirmed"
            )}
          </dd>
        </dl>
        {override && (
          <Form method="post" className="mt-4">
            <Button type="submit" name="intent" value="remove-override" variant="outline" disabled={busy}>
              Remove override (back to the file&apos;s prices)
            </Button>
          </Form>
        )}
      </section>

      <section aria-labelledby="edit-heading" className="mt-10 max-w-3xl">
        <h2 id="edit-heading" className="text-lg font-semibold">
          Edit the plans
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Write each plan as the vendor&apos;s page shows it. Empty plans are ignored; tick Remove to drop one.{" "}
          {editorial ? "The edit is kept as an override over the content file until the owner moves it into the file." : "The edit changes the community tool's listing."} Save and
          confirm also records that you checked the new prices on the page you name.
        </p>
        <Form method="post" className="mt-4 grid gap-6" key={JSON.stringify(values)}>
          <PricingFields plans={tool.plans.length} values={values} errors={errors} />
          <TextareaField
            id="pricing-note"
            name="note"
            label="Note for the owner (optional)"
            rows={2}
            maxLength={500}
            defaultValue={values.note}
            error={errors.note}
            hint="Why the prices changed, for whoever moves the override into the file."
          />
          <Field
            id="pricing-source"
            name="sourceUrl"
            label="Page you checked (for Save and confirm)"
            type="url"
            defaultValue={values.sourceUrl ?? lastConfirmation?.sourceUrl ?? tool.pricingUrl ?? tool.websiteUrl}
            error={errors.sourceUrl}
            hint="The vendor's own pricing page, https."
          />
          <TextareaField
            id="pricing-seen"
            name="seen"
            label="What you saw there that matches (for Save and confirm)"
            rows={2}
            maxLength={300}
            defaultValue={values.seen}
            error={errors.seen}
            hint="The figures or terms on that page, in a line: readers see it on the confirmation's receipt."
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="save" variant="outline" disabled={busy}>
              Save
            </Button>
            <Button type="submit" name="intent" value="save-confirm" disabled={busy}>
              Save and confirm
            </Button>
          </div>
        </Form>
      </section>
    </main>
  );
}
