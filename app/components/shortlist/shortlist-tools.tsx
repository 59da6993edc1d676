import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { TextareaField } from "~/components/ui/form-parts";
import { SHORTLIST_NOTE_MAX } from "~/lib/shortlist/shortlist";
import { cn } from "~/lib/ui/cn";
import { formatLongDate } from "~/lib/ui/dates";
import { SHORTLIST_WORDS as WORDS } from "~/lib/words/shortlist";
import type { ShortlistTool } from "~/models/shortlist/queries.server";

/**
 * A shortlist's tools as its page, its shared view and its printable page show them (issue 47): per tool its plans
 * with their terms, where the prices come from and whether they are confirmed, its data and security facts, the
 * reader's note, and every recorded change since it was added to the list, dated (first: it is why the reader came
 * back). No ranking, no "winner": the list's
 * order is the order the reader added them. `editable` adds the owner's note and remove forms (plain forms: they work
 * without JavaScript).
 */
export function ShortlistTools({
  tools,
  editable,
  shared = false,
  openFacts = false,
}: {
  tools: ShortlistTool[];
  editable?: boolean;
  shared?: boolean;
  /** The print page opens every tool's facts; the list pages keep them in a disclosure (it opens without JavaScript). */
  openFacts?: boolean;
}) {
  if (!tools.length) return <p className="text-muted-foreground">{WORDS.empty}</p>;
  return (
    <ol className="grid gap-6" aria-label="Tools on this list">
      {tools.map((tool) => (
        <li key={tool.slug} className="grid min-w-0 gap-4 rounded-lg border p-4 break-inside-avoid" data-testid="shortlist-tool">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-xl font-semibold">
              <a href={`/tools/${tool.slug}`}>{tool.name}</a>
            </h2>
            <p className="text-sm text-muted-foreground">{tool.pricing}</p>
          </div>

          <section className={cn("grid gap-2", tool.changes.length > 0 && "border-l-4 border-primary pl-3")} aria-label={`${tool.name}: changes`}>
            <h3 className="text-sm font-semibold">{(shared ? WORDS.changesSinceShared : WORDS.changesSince)(formatLongDate(tool.addedDay))}</h3>
            {tool.changes.length ? (
              <ul className="grid gap-1 text-sm" data-testid="shortlist-changes">
                {tool.changes.map((change) => (
                  <li key={change.id}>
                    <time dateTime={change.day} className="font-medium">
                      {formatLongDate(change.day)}
                    </time>
                    : {change.text}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">{WORDS.noChanges}</p>
            )}
          </section>

          {editable ? (
            <Form method="post" className="grid gap-2">
              <input type="hidden" name="intent" value="note" />
              <input type="hidden" name="toolSlug" value={tool.slug} />
              <TextareaField id={`note-${tool.slug}`} name="note" label={WORDS.note} defaultValue={tool.note} maxLength={SHORTLIST_NOTE_MAX} rows={2} />
              <Button type="submit" size="sm" variant="outline" className="justify-self-start">
                {WORDS.saveNote}
              </Button>
            </Form>
          ) : (
            <section className="grid gap-1" aria-label={`${tool.name}: ${WORDS.note}`}>
              <h3 className="text-sm font-semibold">{WORDS.note}</h3>
              <p className="text-sm whitespace-pre-line">{tool.note || WORDS.noNote}</p>
            </section>
          )}

          <section className="grid gap-2" aria-label={`${tool.name}: ${WORDS.plans}`}>
            <h3 className="text-sm font-semibold">{WORDS.plans}</h3>
            {tool.plans.length ? (
              <ul className="grid gap-1 text-sm">
                {tool.plans.map((plan) => (
                  <li key={plan.name}>
                    <strong>{plan.name}</strong>: {plan.price}
                    {plan.limits ? <span className="text-muted-foreground"> — {plan.limits}</span> : null}
                  </li>
                ))}
              </ul>
            ) : null}
            <p className="text-sm">
              <strong>{WORDS.teamCost(tool.teamCost.size)}</strong> {tool.teamCost.monthly}; {tool.teamCost.firstYear}
            </p>
            <p className="text-xs text-muted-foreground">
              {tool.provenance.text}
              {tool.provenance.source ? (
                <>
                  {" "}
                  (
                  <a href={tool.provenance.source.url} rel="nofollow noopener" className="underline underline-offset-2">
                    {tool.provenance.source.label}
                  </a>
                  )
                </>
              ) : null}
              {tool.provenance.receiptId ? (
                <>
                  {" "}
                  <a href={`/receipts/${tool.provenance.receiptId}`} className="underline underline-offset-2">
                    receipt
                  </a>
                </>
              ) : null}
            </p>
          </section>

          <details open={openFacts} aria-label={`${tool.name}: ${WORDS.dataFacts}`}>
            <summary className="cursor-pointer text-sm font-semibold">{WORDS.factsSummary(tool.facts.length, tool.facts.filter((fact) => fact.confirmedDay).length)}</summary>
            {tool.facts.length ? (
              <ul className="mt-2 grid gap-1 text-sm">
                {tool.facts.map((fact) => (
                  <li key={fact.key}>
                    {fact.label} ({fact.tier}): <strong>{fact.value}</strong>{" "}
                    <span className="text-xs text-muted-foreground">
                      — {fact.confirmedDay ? WORDS.confirmed(formatLongDate(fact.confirmedDay)) : `${WORDS.entered(formatLongDate(fact.enteredAt))}, ${WORDS.notConfirmed}`}
                      {fact.source ? (
                        <>
                          {", "}
                          <a href={fact.source} rel="nofollow noopener" className="underline underline-offset-2">
                            {WORDS.source}
                          </a>
                        </>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-muted-foreground">{WORDS.noFacts}</p>
            )}
          </details>

          {editable ? (
            <Form method="post">
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="toolSlug" value={tool.slug} />
              <Button type="submit" size="sm" variant="ghost" aria-label={`${WORDS.remove} ${tool.name}`}>
                {WORDS.remove}
              </Button>
            </Form>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
