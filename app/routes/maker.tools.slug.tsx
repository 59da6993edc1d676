import type { RouteHandle } from "~/lib/route-handle";
import type { ReactNode } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { BadgeSnippet } from "~/components/maker/badge-snippet";
import { useSiteUrl } from "~/components/use-site-url";
import { FactFields } from "~/components/maker/fact-fields";
import { MakerFigures } from "~/components/maker/figures-table";
import { ProposalValue } from "~/components/maker/proposal-value";
import { PROPOSAL_FIELD_WORDS, type ProposalField } from "~/lib/maker/proposal-fields";
import { PricingFields } from "~/components/tool/pricing-fields";
import { ToolLogo } from "~/components/tool/tool-logo";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field, ResultMessage, TextareaField } from "~/components/ui/form-parts";
import { CLAIM_METHOD_WORDS, type ClaimMethod } from "~/lib/claim/claims";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { SUBMISSION_LIMITS } from "~/lib/submission/submissions";
import { PLATFORM_LABELS, PLATFORMS } from "~/lib/tool/platforms";
import { pricingFormValues } from "~/lib/tool/pricing-edit";
import { factForm } from "~/lib/tool/fact-proposal";
import { formatLongDate } from "~/lib/ui/dates";
import { LOGO_UPLOAD } from "~/lib/tool/logo-upload";
import { getToolBadge } from "~/models/badge/badge.server";
import { getMakerFigures } from "~/models/maker/figures.server";
import { getMakerListing } from "~/models/maker/proposals.server";
import { proposeDataFactWrite, proposeDescriptionWrite, proposeLogoWrite, proposePlatformsWrite, proposePricingWrite, proposeWebsiteWrite } from "~/models/maker/writes.server";
import { requireViewer } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/maker.tools.slug";

type Data = { tool?: { name: string; slug: string } };

/** A maker's own listing page: rendered for them, never kept (decision 067). */
export const handle = {
  cache: "personal",
  crumbs: (data: unknown) => {
    const tool = (data as Data | undefined)?.tool;
    return (
      tool && [
        { label: "Your listings", href: "/maker" },
        { label: tool.name, href: `/maker/tools/${tool.slug}` },
      ]
    );
  },
} satisfies RouteHandle;

/**
 * /maker/tools/<slug> (issue 45, decision 084): the verified maker's page for one listing. They propose a change to
 * one field at a time, with a page on their domain that says so, and follow each proposal to the editors' decision
 * (with the reason when it is turned down). Anyone without a verified claim of this tool gets the not-found page.
 */
export async function loader(args: Route.LoaderArgs) {
  const viewer = requireViewer(args, { message: "makerSignIn" });
  const listing = await getMakerListing(viewer, args.params.slug);
  if (!listing) throw notFound("page");
  const { tool, claim, proposals, facts } = listing;
  // The claim above lets this viewer in; the figures' own guard agrees (a verified claim of this tool).
  const [figures, badge] = await Promise.all([getMakerFigures(viewer, tool.slug), getToolBadge(tool.slug)]);
  return {
    figures,
    pricesConfirmed: badge?.pricesConfirmedOn ?? null,
    // The logo form's rules, from the server: the page's script need not carry lib/tool/logo-upload.ts.
    logoRules: LOGO_UPLOAD,
    tool: { slug: tool.slug, name: tool.name, websiteUrl: tool.websiteUrl, description: tool.description, platforms: tool.platforms, planCount: tool.plans.length },
    pricing: { pricingModel: tool.pricingModel, plans: tool.plans, hasFreeTrial: tool.hasFreeTrial },
    pricingValues: pricingFormValues({ model: tool.pricingModel, plans: tool.plans }, tool.hasFreeTrial),
    factChoices: factForm(facts),
    claim: { since: claim.verifiedAt?.toISOString().slice(0, 10) ?? null, method: claim.method as ClaimMethod },
    proposals: proposals.map((proposal) => ({
      ...proposal,
      createdAt: proposal.createdAt.toISOString().slice(0, 10),
      decidedAt: proposal.decidedAt?.toISOString().slice(0, 10) ?? null,
    })),
  };
}

export function action(args: Route.ActionArgs) {
  const options = { urlFields: { toolSlug: args.params.slug } };
  return formWrite(
    args,
    {
      pricing: { spec: proposePricingWrite, options },
      description: { spec: proposeDescriptionWrite, options },
      website: { spec: proposeWebsiteWrite, options },
      platforms: { spec: proposePlatformsWrite, options },
      "data-fact": { spec: proposeDataFactWrite, options },
      logo: { spec: proposeLogoWrite, options },
    },
    // Only the logo's form posts a file (utils/body-limits.server.ts gives this page an image's allowance).
    { tooLarge: { message: "imageTooLarge", field: "logo" } },
  );
}

export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  const name = loaderData?.tool.name ?? params.slug;
  return pageMeta({
    title: `${name}: your listing`,
    description: `Propose corrections to ${name}'s listing.`,
    path: `/maker/tools/${params.slug}`,
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}

const STATUS_BADGE = {
  pending: { label: "Waiting for our editors", variant: "secondary" },
  accepted: { label: "Accepted", variant: "success" },
  rejected: { label: "Rejected", variant: "warning" },
} as const;

/** One field's proposal form: the field's own inputs, then the source page and a note; open when its post was refused. */
function ProposalForm({
  field,
  reply,
  busy,
  children,
  websiteUrl,
  multipart = false,
}: {
  field: ProposalField;
  reply: Reply | undefined;
  busy: boolean;
  children: ReactNode;
  websiteUrl: string;
  multipart?: boolean;
}) {
  const refused = reply?.intent === field && !reply.ok ? reply : undefined;
  const errors = refused?.fieldErrors ?? {};
  return (
    <details className="min-w-0 rounded-xl border p-4" open={Boolean(refused)} data-proposal-form={field}>
      <summary className="cursor-pointer font-semibold">{PROPOSAL_FIELD_WORDS[field]}</summary>
      <Form method="post" encType={multipart ? "multipart/form-data" : undefined} className="mt-4 grid gap-4">
        <input type="hidden" name="intent" value={field} />
        {children}
        <Field
          id={`${field}-source`}
          name="sourceUrl"
          label="Page on your site that says so"
          type="url"
          required
          defaultValue={refused?.values?.sourceUrl ?? ""}
          error={errors.sourceUrl}
          hint={`An https page on the tool's own domain (${new URL(websiteUrl).hostname}): our editors read it before accepting.`}
        />
        <TextareaField id={`${field}-note`} name="note" label="Note for our editors (optional)" rows={2} maxLength={500} defaultValue={refused?.values?.note} error={errors.note} />
        <div>
          <Button type="submit" disabled={busy}>
            Propose this change
          </Button>
        </div>
      </Form>
    </details>
  );
}

export default function MakerToolPage({ loaderData }: Route.ComponentProps) {
  const { tool, pricing, pricingValues, claim, proposals, figures, pricesConfirmed, factChoices, logoRules } = loaderData;
  const siteUrl = useSiteUrl();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const busy = useNavigation().state === "submitting";
  const refused = (field: ProposalField) => (reply?.intent === field && !reply.ok ? reply : undefined);
  const valueOf = (field: ProposalField, name: string, stored: string) => refused(field)?.values?.[name] ?? stored;
  const errorOf = (field: ProposalField, name: string) => refused(field)?.fieldErrors?.[name];
  // The image checks refuse a file with their whole message, naming no field of the reply's list.
  const logoError = errorOf("logo", "logo") ?? (refused("logo")?.field === "logo" ? refused("logo")!.toast.description : undefined);
  const chosenPlatforms = refused("platforms") ? [refused("platforms")!.values?.platforms ?? []].flat() : tool.platforms;
  return (
    <main id="main" className="mx-auto grid max-w-3xl grid-cols-1 gap-8 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{tool.name}: your listing</h1>
        <p className="mt-2 text-muted-foreground">
          {claim.since ? `Claimed by you since ${formatLongDate(claim.since)}, by ${CLAIM_METHOD_WORDS[claim.method]}. ` : ""}
          <Link to={`/tools/${tool.slug}`} className="underline underline-offset-2">
            See the public page
          </Link>
        </p>
      </div>
      <ResultMessage result={reply} />

      <section aria-labelledby="figures-heading">
        <h2 id="figures-heading" className="text-xl font-semibold">
          Your listing&apos;s figures
        </h2>
        <MakerFigures figures={figures} />
      </section>

      <section aria-labelledby="proposals-heading">
        <h2 id="proposals-heading" className="text-xl font-semibold">
          Your proposals
        </h2>
        {proposals.length === 0 ? (
          <p className="mt-2 text-muted-foreground">None yet.</p>
        ) : (
          <ul className="mt-3 grid gap-3">
            {proposals.map((proposal) => {
              const badge = STATUS_BADGE[proposal.status];
              return (
                <li key={proposal.id} className="rounded-xl border p-4 text-sm" data-my-proposal={proposal.id} data-status={proposal.status}>
                  <p className="flex flex-wrap items-center gap-2 font-semibold">
                    {PROPOSAL_FIELD_WORDS[proposal.field as ProposalField]} <Badge variant={badge.variant}>{badge.label}</Badge>
                  </p>
                  <p className="mt-1 text-muted-foreground">
                    Proposed {formatLongDate(proposal.createdAt)}
                    {proposal.decidedAt ? `; ${proposal.status} ${formatLongDate(proposal.decidedAt)}` : ""}. Source: <span className="break-all">{proposal.sourceUrl}</span>
                  </p>
                  <div className="mt-2">
                    <ProposalValue field={proposal.field} value={proposal.proposed} toolName={tool.name} proposalId={proposal.field === "logo" ? proposal.id : undefined} />
                  </div>
                  {proposal.status === "rejected" && proposal.decisionNote && (
                    <p className="mt-2 break-words" data-rejection-reason>
                      <span className="font-medium">Why our editors turned it down:</span> {proposal.decisionNote}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <BadgeSnippet slug={tool.slug} toolName={tool.name} siteUrl={siteUrl} pricesConfirmed={pricesConfirmed} />

      <section aria-labelledby="propose-heading" className="grid gap-3">
        <h2 id="propose-heading" className="text-xl font-semibold">
          Propose a change
        </h2>
        <p className="text-sm text-muted-foreground">
          One field at a time, each with the page on your site that says so. Nothing changes on the listing until an editor has read that page and accepted it; an accepted change
          shows in the listing&apos;s history as proposed by you. Ratings, reviews, verdicts and rankings are ours alone.
        </p>
        <ProposalForm field="pricing" reply={reply} busy={busy} websiteUrl={tool.websiteUrl}>
          <div className="text-sm">
            <p className="font-medium">Listed now:</p>
            <ProposalValue field="pricing" value={pricing} toolName={tool.name} />
          </div>
          <PricingFields plans={tool.planCount} values={refused("pricing")?.values ?? pricingValues} errors={refused("pricing")?.fieldErrors ?? {}} />
        </ProposalForm>
        <ProposalForm field="description" reply={reply} busy={busy} websiteUrl={tool.websiteUrl}>
          <TextareaField
            id="description-value"
            name="description"
            label="Description"
            rows={6}
            maxLength={SUBMISSION_LIMITS.description.max}
            defaultValue={valueOf("description", "description", tool.description)}
            error={errorOf("description", "description")}
            hint={`${SUBMISSION_LIMITS.description.min} to ${SUBMISSION_LIMITS.description.max} characters: what the tool does, in plain words.`}
          />
        </ProposalForm>
        <ProposalForm field="website" reply={reply} busy={busy} websiteUrl={tool.websiteUrl}>
          <Field
            id="website-value"
            name="websiteUrl"
            label="Website"
            type="url"
            defaultValue={valueOf("website", "websiteUrl", tool.websiteUrl)}
            error={errorOf("website", "websiteUrl")}
          />
        </ProposalForm>
        <ProposalForm field="platforms" reply={reply} busy={busy} websiteUrl={tool.websiteUrl}>
          <fieldset className="grid min-w-0 gap-2" aria-describedby={errorOf("platforms", "platforms") ? "platforms-error" : undefined}>
            <legend className="text-sm font-medium">Where it runs or plugs in</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {PLATFORMS.map((platform) => (
                <label key={platform} className="flex min-h-6 items-center gap-2 text-sm">
                  <input type="checkbox" name="platforms" value={platform} defaultChecked={chosenPlatforms.includes(platform)} className="size-4" />
                  {PLATFORM_LABELS[platform]}
                </label>
              ))}
            </div>
            {errorOf("platforms", "platforms") && (
              <p id="platforms-error" className="text-sm font-medium text-destructive">
                {errorOf("platforms", "platforms")}
              </p>
            )}
          </fieldset>
        </ProposalForm>
        <ProposalForm field="data-fact" reply={reply} busy={busy} websiteUrl={tool.websiteUrl}>
          <FactFields form={factChoices} values={refused("data-fact")?.values ?? {}} errors={refused("data-fact")?.fieldErrors ?? {}} />
        </ProposalForm>
        <ProposalForm field="logo" reply={reply} busy={busy} websiteUrl={tool.websiteUrl} multipart>
          <div className="flex items-center gap-3 text-sm">
            <ToolLogo slug={tool.slug} name={tool.name} size={48} labelled />
            <p>Listed now. Our editors see your image beside it and on both themes&apos; tiles before they accept it.</p>
          </div>
          <Field
            id="logo-file"
            name="logo"
            type="file"
            label="Logo image"
            required
            accept="image/png,image/jpeg,image/webp"
            hint={`PNG, JPEG or WebP (not SVG), at most 5MB, at least ${logoRules.minSide}×${logoRules.minSide} pixels and square or nearly. We redraw it as a ${logoRules.side}-pixel square without its metadata; a transparent background shows on both themes.`}
            error={logoError}
            className="[&_input]:h-auto"
          />
        </ProposalForm>
      </section>
    </main>
  );
}
