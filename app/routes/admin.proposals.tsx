import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { WordDiff } from "~/components/admin/word-diff";
import { ProposalValue } from "~/components/maker/proposal-value";
import { PROPOSAL_FIELD_WORDS, type ProposalField } from "~/lib/maker/proposal-fields";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ResultMessage, TextareaField } from "~/components/ui/form-parts";
import { wordDiff } from "~/lib/pricing-check/check";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { formatLongDate } from "~/lib/ui/dates";
import { listProposalsForEditors, type EditorProposal } from "~/models/maker/proposals.server";
import { acceptProposalWrite, rejectProposalWrite } from "~/models/maker/writes.server";
import { requireRole } from "~/utils/guards.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/admin.proposals";

export const handle = { cache: "personal" } satisfies RouteHandle;

/**
 * Makers' proposed changes (issue 45, decision 084), beside the price tasks: each waiting proposal with the listing as
 * it is, what the maker proposes and the page on their domain that says so. Accepting needs a line of what the editor
 * read on that page (the confirmation's "what matched"); rejecting needs the reason the maker will read.
 */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  return listProposalsForEditors();
}

export function action(args: Route.ActionArgs) {
  return formWrite(args, { accept: { spec: acceptProposalWrite }, reject: { spec: rejectProposalWrite } });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "Maker proposals", description: "Changes makers proposed to their listings.", path: "/admin/proposals", siteUrl: siteUrlOf(matches), noindex: true });
}

const day = (value: Date | string | null) => (value ? formatLongDate(new Date(value).toISOString().slice(0, 10)) : "");

/** The proposed logo as the site will draw it: inset on each theme's tile (lib/tool/tool-logo.ts LOGO_THEMES), at card size. */
function LogoTiles({ id, toolName }: { id: number; toolName: string }) {
  return (
    <div className="mt-2 flex gap-2">
      {(
        [
          ["Light theme", "bg-[#f8fafc] border-[#e2e8f0]"],
          ["Dark theme", "bg-[#1e293b] border-[#334155]"],
        ] as const
      ).map(([theme, colours]) => (
        <span key={theme} className={`grid size-12 place-items-center rounded-[10px] border ${colours}`} title={`${theme}, as on a card`}>
          <img src={`/maker/proposals/${id}/logo`} width={36} height={36} alt={`${toolName}'s proposed logo in the ${theme.toLowerCase()}`} className="size-9" />
        </span>
      ))}
    </div>
  );
}

function Diff({ proposal }: { proposal: EditorProposal }) {
  if (proposal.field === "logo") {
    // Side by side: the logo pages draw now, and the maker's image (from its guarded route) on its own and on the tiles.
    return (
      <div className="mt-2 flex flex-wrap gap-8" data-proposal-logos={String(proposal.id)}>
        <figure data-proposal-before>
          <figcaption className="mb-2 text-muted-foreground">Listed now</figcaption>
          <ProposalValue field="logo" value={proposal.before} toolName={proposal.toolName} toolSlug={proposal.toolSlug} />
        </figure>
        <figure data-proposal-after>
          <figcaption className="mb-2 text-muted-foreground">Proposed</figcaption>
          <ProposalValue field="logo" value={proposal.proposed} toolName={proposal.toolName} proposalId={proposal.id} />
          <LogoTiles id={proposal.id} toolName={proposal.toolName} />
        </figure>
      </div>
    );
  }
  if (proposal.field === "description" && typeof proposal.before === "string" && typeof proposal.proposed === "string") {
    const parts = wordDiff(proposal.before, proposal.proposed);
    if (parts) return <WordDiff parts={parts} since="from the listing" data-proposal-diff={String(proposal.id)} />;
  }
  return (
    <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_minmax(0,1fr)]">
      <dt className="text-muted-foreground">Listed now</dt>
      <dd data-proposal-before>
        <ProposalValue field={proposal.field} value={proposal.before} toolName={proposal.toolName} />
      </dd>
      <dt className="text-muted-foreground">Proposed</dt>
      <dd data-proposal-after>
        <ProposalValue field={proposal.field} value={proposal.proposed} toolName={proposal.toolName} table />
      </dd>
    </dl>
  );
}

function WaitingProposal({ proposal, reply, busy }: { proposal: EditorProposal; reply: Reply | undefined; busy: boolean }) {
  const mine = reply && !reply.ok && reply.values?.id === String(proposal.id) ? reply : undefined;
  const errors = mine?.fieldErrors ?? {};
  const what = PROPOSAL_FIELD_WORDS[proposal.field as ProposalField];
  return (
    <li className="min-w-0 rounded-xl border p-4 text-sm" data-proposal={proposal.id} data-field={proposal.field}>
      <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold">
        <Link to={`/tools/${proposal.toolSlug}`} className="underline underline-offset-2">
          {proposal.toolName}
        </Link>
        <span>· {what}</span>
        {proposal.stale && <Badge variant="warning">Listing changed since</Badge>}
      </h2>
      <p className="mt-1 break-words text-muted-foreground">
        Proposed {day(proposal.createdAt)} by {proposal.makerEmail}, the maker (verified claim). Source:{" "}
        <a href={proposal.sourceUrl} target="_blank" rel="noopener noreferrer" className="break-all text-primary underline underline-offset-2">
          {proposal.sourceUrl}
        </a>
      </p>
      {proposal.note && <p className="mt-1 break-words">Maker&apos;s note: {proposal.note}</p>}
      <Diff proposal={proposal} />
      {proposal.stale && (
        <p className="mt-2 font-medium text-destructive">
          The listing no longer says what this proposal was made against: it cannot be accepted. Reject it and say so; the maker can propose again.
        </p>
      )}
      <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2">
        {!proposal.stale && (
          <Form method="post" className="grid content-start gap-2">
            <input type="hidden" name="id" value={proposal.id} />
            <TextareaField
              id={`seen-${proposal.id}`}
              name="seen"
              label="What you read on the source page that matches"
              rows={2}
              maxLength={300}
              defaultValue={mine?.intent === "accept" ? mine.values?.seen : undefined}
              error={mine?.intent === "accept" ? errors.seen : undefined}
              hint={
                proposal.field === "pricing"
                  ? "Readers see it on the prices' receipt, which says the maker proposed them."
                  : proposal.field === "data-fact"
                    ? "Readers see it on the fact's receipt: accepting confirms the fact as read on this page, and says the maker proposed it."
                    : "Kept with the decision in the audit log."
              }
            />
            <Button type="submit" name="intent" value="accept" disabled={busy} aria-label={`Accept the proposal of ${proposal.toolName}'s ${what.toLowerCase()}`}>
              Accept
            </Button>
          </Form>
        )}
        <Form method="post" className="grid content-start gap-2">
          <input type="hidden" name="id" value={proposal.id} />
          <TextareaField
            id={`reason-${proposal.id}`}
            name="reason"
            label="Why not (the maker reads this)"
            rows={2}
            maxLength={500}
            defaultValue={mine?.intent === "reject" ? mine.values?.reason : undefined}
            error={mine?.intent === "reject" ? errors.reason : undefined}
          />
          <Button type="submit" name="intent" value="reject" variant="outline" disabled={busy} aria-label={`Reject the proposal of ${proposal.toolName}'s ${what.toLowerCase()}`}>
            Reject
          </Button>
        </Form>
      </div>
    </li>
  );
}

export default function AdminProposals({ loaderData }: Route.ComponentProps) {
  const { waiting, decided } = loaderData;
  const reply = useActionData<typeof action>() as Reply | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight">Maker proposals</h1>
      <p className="mt-1 max-w-3xl text-muted-foreground">
        Makers with a verified claim propose changes to their own listing, each with a page on their domain that says so. Nothing is live until you accept it: read the source page
        first. An accepted change shows at once, marked &quot;proposed by the maker, accepted by our editors&quot; in the tool&apos;s history, and watchers are told. Makers cannot
        propose ratings, reviews, verdicts or rankings.
      </p>
      <ResultMessage result={reply} className="mt-4" />
      <h2 className="mt-6 text-lg font-semibold">Waiting ({waiting.length})</h2>
      {waiting.length === 0 ? (
        <p className="mt-2">No proposals wait.</p>
      ) : (
        <ul className="mt-3 grid grid-cols-1 gap-3" data-waiting-proposals={waiting.length}>
          {waiting.map((proposal) => (
            <WaitingProposal key={proposal.id} proposal={proposal} reply={reply} busy={busy} />
          ))}
        </ul>
      )}
      {decided.length > 0 && (
        <>
          <h2 className="mt-8 text-lg font-semibold">Decided lately</h2>
          <ul className="mt-3 grid gap-2 text-sm">
            {decided.map((proposal) => (
              <li key={proposal.id} className="break-words rounded-lg border p-3" data-decided-proposal={proposal.id} data-status={proposal.status}>
                <Link to={`/tools/${proposal.toolSlug}`} className="font-medium underline underline-offset-2">
                  {proposal.toolName}
                </Link>{" "}
                · {PROPOSAL_FIELD_WORDS[proposal.field as ProposalField]} · {proposal.status} {day(proposal.decidedAt)}
                {proposal.decisionNote ? `: ${proposal.decisionNote}` : ""}
              </li>
            ))}
          </ul>
        </>
      )}
    </main>
  );
}
