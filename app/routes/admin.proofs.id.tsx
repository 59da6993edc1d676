import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link, useActionData } from "react-router";
import { ModeratedReview } from "~/components/admin/moderated-review";
import { Button } from "~/components/ui/button";
import { ResultMessage } from "~/components/ui/form-parts";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { getProof } from "~/models/moderation/queries.server";
import { judgeProofWrite } from "~/models/moderation/writes.server";
import { requireRole } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/admin.proofs.id";

export const handle = { cache: "personal" } satisfies RouteHandle;

const proofIdOf = (value: string | undefined) => (value && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null);

/** One proof of use beside its review; the image comes from the guarded /admin/proofs/:id/image, never from /uploads. */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  const id = proofIdOf(args.params.id);
  const proof = id === null ? null : await getProof(id);
  if (!proof) throw notFound("page");
  // The storage key stays on the server: the page names the image by the proof's id.
  return { proof: { ...proof, key: undefined } };
}

// Once judged the proof is gone, so the editor goes back to the queue with the message.
export function action(args: Route.ActionArgs) {
  return formWrite(args, { judge: { spec: judgeProofWrite, options: { urlFields: { id: args.params.id }, redirect: { when: "always", to: () => "/admin/proofs" } } } });
}

export function meta({ matches, params }: Route.MetaArgs) {
  return pageMeta({ title: "Proof of use", description: "Judge a reviewer's proof of use.", path: `/admin/proofs/${params.id}`, siteUrl: siteUrlOf(matches), noindex: true });
}

export default function AdminProof({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>() as Reply | undefined;
  const { proof } = loaderData;
  return (
    <main id="main" className="min-w-0">
      <Link to="/admin/proofs" className="text-sm text-muted-foreground hover:text-foreground">
        ← All proofs
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">Proof of use: {proof.toolName}</h1>
      <ResultMessage result={reply} className="mt-4" />
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="review-heading" className="rounded-xl border p-4">
          <h2 id="review-heading" className="mb-2 text-lg font-semibold">
            The review
          </h2>
          <ModeratedReview review={proof} />
        </section>
        <section aria-labelledby="proof-heading" className="rounded-xl border p-4">
          <h2 id="proof-heading" className="mb-2 text-lg font-semibold">
            The proof
          </h2>
          <p className="mb-2 text-sm text-muted-foreground">Does it show an account or invoice of {proof.toolName} under this reviewer&rsquo;s name or address?</p>
          <a href={`/admin/proofs/${proof.proofId}/image`} className="block rounded-md focus-visible:outline-2 focus-visible:outline-ring">
            <img
              src={`/admin/proofs/${proof.proofId}/image`}
              width={proof.width}
              height={proof.height}
              alt={`Proof of use sent by ${proof.author} for ${proof.toolName}`}
              className="h-auto max-h-[70vh] w-full rounded-md border object-contain"
            />
          </a>
        </section>
      </div>
      <Form method="post" className="mt-6 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="judge" />
        <Button type="submit" name="verdict" value="verify">
          Mark &lsquo;Verified user&rsquo;
        </Button>
        <Button type="submit" name="verdict" value="reject" variant="outline">
          Reject the proof
        </Button>
      </Form>
      <p className="mt-2 text-xs text-muted-foreground">Either way the image is deleted and the decision is written to the audit log.</p>
    </main>
  );
}
