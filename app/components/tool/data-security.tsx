import { DATA_FACT_WORDS as WORDS } from "~/lib/words/data-facts";
import { ReceiptLink } from "~/components/provenance/receipt-link";
import { DATA_FACT_KINDS, DATA_FACT_LABELS, DATA_FACT_TIER_LABELS, factKey, factValueText, isStale, isUnknown, type DataFact } from "~/lib/tool/data-facts";
import { formatLongDate } from "~/lib/ui/dates";
import type { ConfirmationView } from "~/models/provenance/queries.server";
import type { ToolDataFactsShown } from "~/models/tool/data-facts.server";

/** The host a source link names, so a reader sees whose page it is before following it. */
const hostOf = (url: string) => new URL(url).hostname.replace(/^www\./, "");

function policyLinks({ policyPages, trustCenter }: ToolDataFactsShown): { href: string; label: string }[] {
  const links: { href: string; label: string }[] = [];
  if (policyPages.privacy) links.push({ href: policyPages.privacy, label: WORDS.privacy });
  if (policyPages.terms) links.push({ href: policyPages.terms, label: WORDS.terms });
  if (trustCenter) links.push({ href: trustCenter, label: WORDS.trustCenter });
  return links;
}

function FactLine({ fact, confirmed, today }: { fact: DataFact; confirmed: ConfirmationView | undefined; today: string }) {
  const unknown = isUnknown(fact);
  // A confirmed fact is as old as its confirmation; an unconfirmed one as old as its entry.
  const asOf = confirmed?.day ?? fact.enteredAt;
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{DATA_FACT_TIER_LABELS[fact.tier]}</dt>
      <dd className="text-sm">
        <span className={unknown ? "text-muted-foreground" : "font-medium"}>{factValueText(fact)}</span>
        {fact.detail && <span>{` — ${fact.detail}`}</span>}
        {fact.optOut && <span className="block">{`${WORDS.optOut} ${fact.optOut}`}</span>}
        {fact.source && (
          <span className="block text-xs text-muted-foreground">
            <a href={fact.source} target="_blank" rel="noopener noreferrer" className="underline underline-offset-2 hover:text-foreground">
              {`${WORDS.source}: ${hostOf(fact.source)}`}
            </a>
            {" · "}
            {confirmed ? (
              <>
                {WORDS.confirmed(formatLongDate(confirmed.day), confirmed.checkedBy === "fetch")}
                <ReceiptLink id={confirmed.id} />
              </>
            ) : (
              WORDS.notConfirmed(formatLongDate(fact.enteredAt))
            )}
            {isStale(asOf, today) && <strong className="font-medium text-foreground">{` · ${WORDS.stale}`}</strong>}
          </span>
        )}
      </dd>
    </div>
  );
}

/**
 * The tool page's "Data and security" block (issue 44): each kind of fact, per tier, with the vendor's page and the
 * date it was entered. A tool with no facts file says so rather than listing seven "not published".
 */
export function DataSecurity({ toolName, facts, today }: { toolName: string; facts: ToolDataFactsShown | null; today: string }) {
  return (
    <section aria-labelledby="data-security-heading" id="data-security">
      <h2 id="data-security-heading" className="text-2xl font-bold">
        {WORDS.heading}
      </h2>
      <p className="mt-1 font-medium">{WORDS.question}</p>
      {facts ? (
        <>
          <p className="mt-2 text-sm text-muted-foreground">{WORDS.basis(toolName)}</p>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {DATA_FACT_KINDS.map((kind) => {
              const ofKind = facts.facts.filter((fact) => fact.fact === kind);
              return (
                <div key={kind} className="rounded-lg border p-4">
                  <h3 className="font-semibold">{DATA_FACT_LABELS[kind]}</h3>
                  <dl className="mt-2 grid gap-2">
                    {ofKind.map((fact) => (
                      <FactLine key={fact.tier} fact={fact} confirmed={facts.confirmations[factKey(fact)]} today={today} />
                    ))}
                    {/* A kind no fact states (a tool whose only facts are its maker's accepted proposals, issue 45). */}
                    {ofKind.length === 0 && <dd className="text-sm text-muted-foreground">{WORDS.notPublished}</dd>}
                  </dl>
                </div>
              );
            })}
          </div>
          {policyLinks(facts).length > 0 && (
            <p className="mt-3 text-sm">
              {WORDS.policies}{" "}
              {policyLinks(facts).map((link, index) => (
                <span key={link.href}>
                  {index > 0 && " · "}
                  {/* Underlined: in a line of text, colour alone does not mark a link (WCAG 1.4.1). */}
                  <a href={link.href} target="_blank" rel="noopener noreferrer" className="text-primary underline underline-offset-4">
                    {link.label}
                  </a>
                </span>
              ))}
            </p>
          )}
        </>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">{WORDS.none(toolName)}</p>
      )}
    </section>
  );
}
