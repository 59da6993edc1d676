import { FieldError, SELECT_CLASS } from "~/components/ui/select-parts";
import type { FactForm } from "~/lib/tool/fact-proposal";

/**
 * A maker's proposal of one data or security fact (issue 45, decisions 081 and 084): the facts their listing states
 * now, then one select of every proposable fact's answers grouped by fact (plain form controls, no JavaScript) and one
 * of the plans it is about. `form` is in words already (lib/tool/fact-proposal.ts `factForm`, run by the loader), so
 * this page carries no facts' vocabulary; `values` are the refused post's, `errors` its field messages.
 */
export function FactFields({ form, values, errors }: { form: FactForm; values: Record<string, string | string[] | undefined>; errors: Record<string, string | undefined> }) {
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  return (
    <>
      <div className="text-sm">
        <p>Listed now:</p>
        {form.listed.length ? (
          <ul className="mt-1 list-disc pl-5" data-listed-facts>
            {form.listed.map((line) => (
              <li key={line}>{line}</li>
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
          {form.choices.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
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
          {form.tiers.map((tier) => (
            <option key={tier.value} value={tier.value}>
              {tier.label}
            </option>
          ))}
        </select>
        <FieldError id="data-fact-tier" error={errors.tier} />
      </div>
    </>
  );
}
