import type { RouteHandle } from "~/lib/route-handle";
import { Link } from "react-router";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { formatDateTimeUtc } from "~/lib/ui/dates";
import { RECEIPT_WORDS as WORDS } from "~/lib/words/receipt";
import { getReceipt, type Receipt } from "~/models/provenance/receipts.server";
import { notFound } from "~/utils/not-found.server";
import type { Route } from "./+types/receipts";

/** A page to read: sent without React's client (decision 049), kept for every reader. */
export const handle = {
  cache: "shared-with-personal-parts",
  hydrate: false as const,
  // There is no list of receipts: the trail goes from home to what was confirmed, then this receipt.
  crumbs: (data: unknown) => {
    const receipt = (data as { receipt?: Receipt } | undefined)?.receipt;
    return receipt
      ? [
          { label: "Home", href: "/" },
          { label: subjectName(receipt), href: subjectPath(receipt) },
          { label: WORDS.crumb, href: `/receipts/${receipt.id}` },
        ]
      : undefined;
  },
} satisfies RouteHandle;

/**
 * /receipts/<id> (issue 44): what a "confirmed" on a public page rests on. Every such word links here; an id that is
 * not a confirmation is a plain 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const id = /^\d{1,15}$/.test(params.id) ? Number(params.id) : NaN;
  const receipt = await getReceipt(id);
  if (!receipt) throw notFound("page");
  return { receipt };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { receipt } = loaderData;
  // A receipt is evidence behind a page, not a page for search engines to list.
  return pageMeta({ title: WORDS.title(subjectName(receipt)), description: WORDS.description, path: `/receipts/${receipt.id}`, siteUrl: siteUrlOf(matches), noindex: true });
}

function subjectName({ subject }: Receipt): string {
  if (subject.kind === "deal") return subject.title;
  if (subject.kind === "tool-platforms") return WORDS.platformsOf(subject.name);
  return subject.kind === "tool-fact" ? WORDS.factOf(subject.name, subject.fact) : WORDS.pricesOf(subject.name);
}

function subjectPath({ subject }: Receipt): string {
  if (subject.kind === "deal") return "/deals";
  if (subject.kind === "tool-platforms") return `/tools/${subject.slug}#platforms`;
  return subject.kind === "tool-fact" ? `/tools/${subject.slug}#data-security` : `/tools/${subject.slug}`;
}

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { receipt } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">{WORDS.title(subjectName(receipt))}</h1>
      <p className="mt-2 text-muted-foreground">{WORDS.description}</p>
      <dl className="mt-6 grid gap-4">
        <div>
          <dt className="font-semibold">{WORDS.what}</dt>
          <dd>
            <Link to={subjectPath(receipt)} className="text-primary underline-offset-4 hover:underline">
              {subjectName(receipt)}
            </Link>
            {!receipt.stillCurrent && <span className="block text-sm font-medium">{WORDS.changedSince}</span>}
          </dd>
        </div>
        <div>
          <dt className="font-semibold">{WORDS.when}</dt>
          <dd>
            <time dateTime={receipt.checkedAt}>{formatDateTimeUtc(receipt.checkedAt)}</time>
          </dd>
        </div>
        <div>
          <dt className="font-semibold">{WORDS.who}</dt>
          <dd>{receipt.checkedBy === "fetch" ? WORDS.automatic : WORDS.editor(receipt.editorName)}</dd>
        </div>
        {receipt.proposedByMaker && (
          <div data-proposed-by="maker">
            <dt className="font-semibold">{WORDS.origin}</dt>
            <dd>{WORDS.proposedByMaker}</dd>
          </div>
        )}
        <div>
          <dt className="font-semibold">{WORDS.page}</dt>
          <dd className="break-all">
            <a href={receipt.sourceUrl} target="_blank" rel="noopener noreferrer" className="text-primary underline-offset-4 hover:underline">
              {receipt.sourceUrl}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-semibold">{WORDS.matched}</dt>
          <dd>
            {receipt.findings ? (
              <ul className="list-disc pl-5">
                {receipt.findings.map((finding) => (
                  <li key={finding.plan}>{WORDS.finding(finding.plan, finding.listed, finding.found)}</li>
                ))}
              </ul>
            ) : receipt.quotes ? (
              <>
                <p>{WORDS.quotes}</p>
                {receipt.quotes.map((quote) => (
                  <blockquote key={quote} className="mt-2 border-l-4 pl-3">
                    {quote}
                  </blockquote>
                ))}
              </>
            ) : receipt.seen ? (
              <blockquote className="border-l-4 pl-3">{receipt.seen}</blockquote>
            ) : (
              <span className="text-muted-foreground">{WORDS.noNote}</span>
            )}
          </dd>
        </div>
      </dl>
    </main>
  );
}
