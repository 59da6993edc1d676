import type { RouteHandle } from "~/lib/route-handle";
import { Link } from "react-router";
import { formatDateTimeUtc } from "~/lib/ui/dates";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { listPendingProofs } from "~/models/moderation/queries.server";
import { requireRole } from "~/utils/guards.server";
import type { Route } from "./+types/admin.proofs";

export const handle = { cache: "personal" } satisfies RouteHandle;

/** Proofs of use waiting for an editor, oldest first (decision 023). */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  return { proofs: await listPendingProofs() };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "Proofs of use", description: "Reviewers' proofs of use waiting for an editor.", path: "/admin/proofs", siteUrl: siteUrlOf(matches), noindex: true });
}

export default function AdminProofs({ loaderData }: Route.ComponentProps) {
  const { proofs } = loaderData;
  return (
    <main id="main" className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight">Proofs of use</h1>
      <p className="mt-1 max-w-2xl text-muted-foreground">
        A reviewer sent a screenshot of their account or invoice. Open one, then mark the review &lsquo;Verified user&rsquo; or reject the proof. The image is deleted either way.
      </p>
      {proofs.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed p-6 text-center text-muted-foreground">No proof is waiting.</p>
      ) : (
        <ul className="mt-6 grid gap-3">
          {proofs.map((proof) => (
            <li key={proof.proofId} className="rounded-xl border bg-card p-4 shadow-sm" data-proof={proof.proofId}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold">
                  {proof.toolName}{" "}
                  <span className="font-normal text-muted-foreground">
                    · {proof.rating}/5 by {proof.author}
                  </span>
                </p>
                <p className="text-xs text-muted-foreground">
                  Sent <time dateTime={new Date(proof.submittedAt).toISOString()}>{formatDateTimeUtc(proof.submittedAt)}</time>
                </p>
              </div>
              <p className="mt-1 line-clamp-2 break-words text-sm text-muted-foreground">{proof.comment || "A rating without a written review."}</p>
              <Link to={`/admin/proofs/${proof.proofId}`} className="mt-2 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
                Judge the proof
                <span className="sr-only">
                  {" "}
                  for {proof.author}&rsquo;s review of {proof.toolName}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
