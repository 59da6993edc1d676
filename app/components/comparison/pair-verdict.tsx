import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { formatLongDate } from "~/lib/ui/dates";
import { PAIR_VERDICT_BASIS } from "~/lib/words/pair";
import type { PairVerdict } from "~/models/tool/pair-verdicts.server";

/**
 * The rest of a choice under its heading 'Choose X if…': every verdict's choice starts 'Choose X if' (decision 043), which
 * the heading already says; a text written otherwise is shown whole.
 */
function Choice({ text }: { text: string }) {
  const rest = /^Choose .+? if\s+([\s\S]+)$/.exec(text)?.[1];
  return <p className="mt-1 text-sm leading-relaxed">{rest ?? text}</p>;
}

/**
 * The editors' verdict on a pair (content/pair-verdicts/, decision 043), above the feature table: the summary, when to
 * choose each, the differences that matter, and who wrote it when.
 */
export function PairVerdictSection({ verdict, first, second }: { verdict: PairVerdict; first: string; second: string }) {
  return (
    <section aria-labelledby="verdict-heading" className="mt-6 max-w-4xl rounded-xl border bg-card p-5 sm:p-6">
      <h2 id="verdict-heading" className="text-xl font-bold sm:text-2xl">
        {first} or {second}: our verdict
      </h2>
      <p className="mt-2 leading-relaxed">{verdict.summary}</p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        {[
          [first, verdict.chooseFirst],
          [second, verdict.chooseSecond],
        ].map(([name, text]) => (
          <div key={name} className="rounded-lg bg-secondary/60 p-4">
            <h3 className="font-semibold">Choose {name} if…</h3>
            <Choice text={text!} />
          </div>
        ))}
      </div>
      <h3 className="mt-5 font-semibold">The differences that matter</h3>
      <dl className="mt-2 grid gap-3">
        {verdict.differences.map((difference) => (
          <div key={difference.topic} className="grid gap-1 sm:grid-cols-[12rem_1fr] sm:gap-4">
            <dt className="font-medium">{difference.topic}</dt>
            <dd className="text-sm leading-relaxed text-muted-foreground">{difference.text}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-5 text-sm text-muted-foreground">
        Written by {verdict.authorName} on <time dateTime={verdict.writtenAt}>{formatLongDate(verdict.writtenAt)}</time>. {PAIR_VERDICT_BASIS}
      </p>
    </section>
  );
}

/**
 * Links to pair pages that carry a verdict (decision 043): the comparisons worth reading, and the indexable ones. A
 * tool's page and a category's page list theirs.
 */
export function VerdictPairLinks({ id, heading, pairs }: { id: string; heading: string; pairs: readonly { path: string; label: string }[] }) {
  if (!pairs.length) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-bold">
        {heading}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {pairs.map((pair) => (
          <li key={pair.path}>
            <Link to={pair.path} className="inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm font-medium text-primary underline-offset-4 hover:underline">
              <Icon name="chart-column" className="size-4" /> {pair.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
