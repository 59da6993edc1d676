import type { RouteHandle } from "~/lib/route-handle";
import { Link, useActionData } from "react-router";
import { ClaimStatusPanel, ConfirmLinkForm, StartClaimForm, type ClaimView } from "~/components/claim/claim-panels";
import { claimableDomains } from "~/lib/claim/claims";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { ResultMessage } from "~/components/ui/form-parts";
import { getClaimTool, getOwnClaim } from "~/models/claim/claims.server";
import { checkClaimWrite, confirmClaimWrite, startClaimWrite } from "~/models/claim/writes.server";
import { requireViewer } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/tools.claim";

type Data = { tool?: { name: string; slug: string } };

/** A reader's own claim and token: rendered for them, never kept (decision 067). */
export const handle = {
  cache: "personal",
  crumbs: (data: unknown) => {
    const tool = (data as Data | undefined)?.tool;
    return (
      tool && [
        { label: "AI Tools", href: "/tools" },
        { label: tool.name, href: `/tools/${tool.slug}` },
        { label: "Claim", href: `/tools/${tool.slug}/claim` },
      ]
    );
  },
} satisfies RouteHandle;

/**
 * /tools/<slug>/claim (issue 45, decision 082): a signed-in reader proves control of the tool's domain (strangers are
 * sent to sign in and back, with the mailed link's token kept in the address).
 */
export async function loader(args: Route.LoaderArgs) {
  const tool = await getClaimTool(args.params.slug);
  if (!tool) throw notFound("tool", args.params.slug);
  const viewer = requireViewer(args, { message: "claimSignIn" });
  const claim = await getOwnClaim(tool.id, viewer.id);
  const own: ClaimView | null = claim && {
    ...claim,
    tokenExpiresAt: claim.tokenExpiresAt?.toISOString() ?? null,
    expired: claim.tokenExpiresAt !== null && claim.tokenExpiresAt.getTime() <= Date.now(),
    verifiedAt: claim.verifiedAt?.toISOString() ?? null,
    lastCheckedAt: claim.lastCheckedAt?.toISOString() ?? null,
  };
  return {
    tool: { name: tool.name, slug: tool.slug },
    domains: claimableDomains(tool.websiteUrl),
    claim: own,
    hasToken: Boolean(new URL(args.request.url).searchParams.get("token")),
  };
}

export function action(args: Route.ActionArgs) {
  const toolSlug = args.params.slug;
  const token = new URL(args.request.url).searchParams.get("token") ?? "";
  // Success goes back to the page without the link's token, which then shows the claim as it stands (no repost on reload).
  const back = { when: "always" as const, to: () => `/tools/${toolSlug}/claim` };
  return formWrite(args, {
    start: { spec: startClaimWrite, options: { urlFields: { toolSlug }, redirect: back } },
    check: { spec: checkClaimWrite, options: { urlFields: { toolSlug }, redirect: back } },
    confirm: { spec: confirmClaimWrite, options: { urlFields: { toolSlug, token }, redirect: back } },
  });
}

export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  const name = loaderData?.tool.name ?? params.slug;
  return pageMeta({
    title: `Claim ${name}`,
    description: `Makers of ${name} can claim its listing by proving control of its domain.`,
    path: `/tools/${params.slug}/claim`,
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}

export default function ClaimPage({ loaderData }: Route.ComponentProps) {
  const { tool, domains, claim, hasToken } = loaderData;
  const reply = useActionData<typeof action>() as Reply | undefined;
  const canStart = domains.length > 0 && claim?.status !== "verified" && claim?.status !== "revoked";
  return (
    <main id="main" className="mx-auto grid max-w-2xl gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Claim {tool.name}</h1>
        <p className="mt-3 text-muted-foreground">
          If you make {tool.name}, prove that you control {domains[0] ?? "its domain"} and its page will say it is claimed by its maker, with the date and how we checked. We check
          again every 30 days. A claim never changes ratings, reviews or rankings.
        </p>
      </div>
      <ResultMessage result={reply} />
      {hasToken && reply?.ok !== true && <ConfirmLinkForm toolName={tool.name} />}
      {claim && <ClaimStatusPanel claim={claim} toolName={tool.name} toolSlug={tool.slug} />}
      {canStart && (!hasToken || reply?.ok === false) && (
        <section aria-labelledby="start-claim" className="grid gap-4">
          <h2 id="start-claim" className="text-xl font-semibold">
            {claim ? "Start again" : "Start a claim"}
          </h2>
          <StartClaimForm domains={domains} reply={reply?.intent === "start" ? reply : undefined} />
        </section>
      )}
      {!domains.length && <p>This tool&apos;s website has no domain we can check, so it cannot be claimed.</p>}
      <p className="text-sm">
        <Link to={`/tools/${tool.slug}`} className="inline-flex min-h-6 items-center underline underline-offset-2">
          Back to {tool.name}
        </Link>
      </p>
    </main>
  );
}
