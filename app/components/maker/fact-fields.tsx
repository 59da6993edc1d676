import { DATA_FACT_LABELS, DATA_FACT_TIER_LABELS, DATA_FACT_TIERS, factValueText, sortedFacts, type DataFact } from "~/lib/tool/data-facts";
import { factChoice, factProposalText, PROPOSABLE_FACT_KINDS, proposableValues } from "~/lib/tool/fact-proposal";

const SELECT_CLASS = "h-10 w-full rounded-md border border-input bg-background px-3 text-sm aria-[invalid=true]:border-destructive";

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="text-sm font-medium text-destructive">
      {error}
    </p>
  ) : null;
}

/**
 * A maker's proposal of one data or security fact (issue 45, decisions 081 and 084): the facts their listing states
 * now, then one select of every proposable fact's answers grouped by fact (plain form controls, no JavaScript) and one
 * of the plans it is about. `values` are the refused post's, `errors` its field messages.
 */
export function FactFields({ facts, values, errors }: { facts: DataFact[]; values: Record<string, string | string[] | undefined>; errors: Record<string, string | undefined> }) {
  const listed = sortedFacts(facts.filter((fact) => fact.value !== "unknown"));
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  return (
    <>
      <div className="text-sm">
        <p>Listed now:</p>
        {listed.length ? (
          <ul className="mt-1 list-disc pl-5" data-listed-facts>
            {listed.map((fact) => (
              <li key={`${fact.fact}/${fact.tier}`}>{factProposalText(fact)}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-muted-foreground">No facts listed yet.</p>
        )}
      </div>
      <div className="grid gap-1.5">
        <label htmlFor="data-fact-value" className="text-sm font-medium leading-none">
          Fact, and what your page states
        </label>
        <select
          id="data-fact-value"
          name="factValue"
          required
          defaultValue={text("factValue")}
          aria-invalid={errors.factValue ? true : undefined}
          aria-describedby={errors.factValue ? "data-fact-value-error" : undefined}
          className={SELECT_CLASS}
        >
          <option value="">Choose…</option>
          {PROPOSABLE_FACT_KINDS.map((kind) => (
            <optgroup key={kind} label={DATA_FACT_LABELS[kind]}>
              {proposableValues(kind).map((value) => (
                <option key={value} value={factChoice(kind, value)}>
                  {`${DATA_FACT_LABELS[kind]}: ${factValueText({ fact: kind, value })}`}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <FieldError id="data-fact-value" error={errors.factValue} />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor="data-fact-tier" className="text-sm font-medium leading-none">
          For which plans
        </label>
        <select
          id="data-fact-tier"
          name="tier"
          required
          defaultValue={text("tier") || "all"}
          aria-invalid={errors.tier ? true : undefined}
          aria-describedby={errors.tier ? "data-fact-tier-error" : undefined}
          className={SELECT_CLASS}
        >
          {DATA_FACT_TIERS.map((tier) => (
            <option key={tier} value={tier}>
              {DATA_FACT_TIER_LABELS[tier]}
            </option>
          ))}
        </select>
        <FieldError id="data-fact-tier" error={errors.tier} />
      </div>
    </>
  );
}
