import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { ResultMessage } from "~/components/ui/form-parts";
import { CLAIM_METHOD_WORDS, recheckDueAt, type ClaimMethod } from "~/lib/claim/claims";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { formatLongDate } from "~/lib/ui/dates";
import { listClaims } from "~/models/claim/claims.server";
import { revokeClaimWrite } from "~/models/claim/writes.server";
import { hasRole, requireRole } from "~/utils/guards.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/admin.claims";

export const handle = { cache: "personal" } satisfies RouteHandle;

/**
 * Makers' claims of listings (issue 45, decision 082): editors see every claim with its method, state and last check;
 * only owners revoke one. Each start, verification, re-check, lapse and revocation is in the audit log.
 */
export async function loader(args: Route.LoaderArgs) {
  const viewer = requireRole(args, "editor");
  const claims = await listClaims();
  return { claims, canRevoke: hasRole(viewer, "owner") };
}

export function action(args: Route.ActionArgs) {
  return formWrite(args, { revoke: { spec: revokeClaimWrite } });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "Claims", description: "Makers' claims of listings and their checks.", path: "/admin/claims", siteUrl: siteUrlOf(matches), noindex: true });
}

const day = (value: Date | string | null) => (value ? formatLongDate(new Date(value).toISOString().slice(0, 10)) : "never");

export default function AdminClaims({ loaderData }: Route.ComponentProps) {
  const { claims, canRevoke } = loaderData;
  const reply = useActionData<typeof action>() as Reply | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight">Claims</h1>
      <p className="mt-1 max-w-3xl text-muted-foreground">
        Makers prove control of a tool&apos;s domain by mail at the domain, a DNS TXT record or a well-known file; each verified claim is checked again every 30 days and lapses
        after two failed checks in a row. A verified claim puts one line on the tool&apos;s page and changes nothing else.{" "}
        {canRevoke ? "You can revoke a claim." : "Owners can revoke a claim."}
      </p>
      <ResultMessage result={reply} className="mt-4" />
      {claims.length === 0 ? (
        <p className="mt-6">No claims yet.</p>
      ) : (
        <ul className="mt-6 grid gap-3" data-claims={claims.length}>
          {claims.map((claim) => (
            <li key={claim.id} className="rounded-xl border p-4 text-sm" data-claim={claim.id} data-status={claim.status}>
              <p className="font-semibold">
                <Link to={`/tools/${claim.toolSlug}`} className="underline underline-offset-2">
                  {claim.toolName}
                </Link>{" "}
                · {claim.status} · {CLAIM_METHOD_WORDS[claim.method as ClaimMethod]} on {claim.domain}
              </p>
              <p className="mt-1 break-all text-muted-foreground">
                By {claim.userEmail}
                {claim.email ? ` (mailed to ${claim.email})` : ""}. Started {day(claim.createdAt)}; verified {day(claim.verifiedAt)}; last checked {day(claim.lastCheckedAt)}
                {claim.consecutiveFailures > 0 ? `; ${claim.consecutiveFailures} failed check${claim.consecutiveFailures > 1 ? "s" : ""} in a row` : ""}
                {claim.lastError ? ` (last seen: ${claim.lastError})` : ""}
                {claim.status === "verified" ? `; next check due ${day(recheckDueAt(claim))}` : ""}
                {claim.lapsedAt ? `; lapsed ${day(claim.lapsedAt)}` : ""}
                {claim.revokedAt ? `; revoked ${day(claim.revokedAt)}` : ""}.
              </p>
              {canRevoke && claim.status !== "revoked" && (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="id" value={claim.id} />
                  <Button type="submit" size="sm" variant="outline" disabled={busy} aria-label={`Revoke the claim of ${claim.toolName} by ${claim.userEmail}`}>
                    Revoke
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
