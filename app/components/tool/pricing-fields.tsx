import type { ReactNode } from "react";
import { Field, TextareaField } from "~/components/ui/form-parts";
import { FieldError, SELECT_CLASS } from "~/components/ui/select-parts";
import { CURRENCIES, PLAN_PERIODS, PRICING_MODEL_LABELS, PRICING_MODELS, SEAT_UNITS } from "~/lib/tool/pricing";
import { MAX_PLAN_FIELDSETS, SPARE_PLAN_FIELDSETS, planFieldName, type PlanField } from "~/lib/tool/pricing-edit";

/**
 * The structured pricing form's fields (issue 27, decision 036): the model, the trial, and one fieldset per plan with
 * spares to add plans, all plain form controls that work without JavaScript. Editors edit prices with it in
 * /admin/prices/<slug>; makers propose prices with it on /maker/tools/<slug> (issue 45). `values` are the form's
 * values as posted (lib/tool/pricing-edit.ts `pricingFormValues` for a listing's), `errors` the field messages.
 */

function Select({ id, name, label, value, error, children }: { id: string; name: string; label: string; value?: string; error?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium leading-none">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={SELECT_CLASS}>
        {children}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

function Checkbox({ id, name, label, checked, error }: { id: string; name: string; label: string; checked: boolean; error?: string }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="flex min-h-6 items-center gap-2 text-sm">
        <input
          id={id}
          type="checkbox"
          name={name}
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="size-4 shrink-0"
        />
        <span>{label}</span>
      </label>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** One plan's fieldset: its name, figure and terms, what it includes, and (for a listed plan) Remove. */
function PlanFieldset({ index, existing, values, errors }: { index: number; existing: boolean; values: Record<string, string>; errors: Record<string, string> }) {
  const name = (field: PlanField) => planFieldName(index, field);
  const id = (field: PlanField) => `plan-${index}-${field}`;
  const value = (field: PlanField) => values[name(field)];
  const error = (field: PlanField) => errors[name(field)];
  const title = value("name") || (existing ? `Plan ${index + 1}` : "New plan");
  return (
    <fieldset className="min-w-0 rounded-lg border p-4" data-plan-fieldset={index}>
      <legend className="px-1 text-sm font-semibold">
        Plan {index + 1}: {title}
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("name")} name={name("name")} label="Plan name" maxLength={40} defaultValue={value("name")} error={error("name")} />
        <div className="grid gap-2">
          <Field
            id={id("price")}
            name={name("price")}
            label="Price"
            inputMode="decimal"
            defaultValue={value("price")}
            error={error("price")}
            hint="A figure as the vendor shows it: 0 for free, 20, 8.33."
          />
          <Checkbox id={id("noPrice")} name={name("noPrice")} label="No published price (contact sales)" checked={Boolean(value("noPrice"))} />
        </div>
        <Select id={id("currency")} name={name("currency")} label="Currency" value={value("currency") ?? (existing ? "" : "USD")} error={error("currency")}>
          <option value="">None (no published price)</option>
          {CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {currency}
            </option>
          ))}
        </Select>
        <Select id={id("period")} name={name("period")} label="Price is for" value={value("period") ?? (existing ? "" : "month")} error={error("period")}>
          <option value="">None (no published price)</option>
          {PLAN_PERIODS.map((period) => (
            <option key={period} value={period}>
              {period === "usage" ? "usage (per unit)" : period === "one-time" ? "one-time payment" : `a ${period}`}
            </option>
          ))}
        </Select>
        <Field
          id={id("unit")}
          name={name("unit")}
          label="Unit (usage prices only)"
          maxLength={40}
          defaultValue={value("unit")}
          error={error("unit")}
          hint="Such as 'per 1M input tokens'."
        />
        <Select id={id("per")} name={name("per")} label="Price is per" value={value("per")} error={error("per")}>
          <option value="">Whole plan (not per seat)</option>
          {SEAT_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              per {unit}
            </option>
          ))}
        </Select>
        <Field
          id={id("minSeats")}
          name={name("minSeats")}
          label="Minimum seats or users"
          inputMode="numeric"
          defaultValue={value("minSeats")}
          error={error("minSeats")}
          hint="Only when the vendor sells at least 2."
        />
        <div className="grid content-start gap-2">
          <Checkbox
            id={id("billedAnnually")}
            name={name("billedAnnually")}
            label="Monthly price when billed annually"
            checked={Boolean(value("billedAnnually"))}
            error={error("billedAnnually")}
          />
          <Checkbox id={id("plusUsage")} name={name("plusUsage")} label="Plus usage charged on top" checked={Boolean(value("plusUsage"))} error={error("plusUsage")} />
        </div>
        <TextareaField
          id={id("limits")}
          name={name("limits")}
          label="What it includes or limits"
          rows={2}
          maxLength={160}
          defaultValue={value("limits")}
          error={error("limits")}
          className="sm:col-span-2"
        />
        {existing && <Checkbox id={id("remove")} name={name("remove")} label={`Remove this plan`} checked={Boolean(value("remove"))} />}
      </div>
    </fieldset>
  );
}

/** The model, the trial and the plans' fieldsets: `plans` listed plans (each with Remove), then spares. */
export function PricingFields({ plans, values, errors }: { plans: number; values: Record<string, string>; errors: Record<string, string> }) {
  const highest = Math.max(-1, ...Object.keys(values).map((key) => Number(/^plans\.(\d+)\./.exec(key)?.[1] ?? -1)));
  const fieldsets = Math.min(MAX_PLAN_FIELDSETS, Math.max(plans + SPARE_PLAN_FIELDSETS, highest + 1));
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select id="pricing-model" name="pricingModel" label="Pricing model" value={values.pricingModel} error={errors.pricingModel}>
          <option value="">Choose</option>
          {PRICING_MODELS.map((model) => (
            <option key={model} value={model}>
              {PRICING_MODEL_LABELS[model]}
            </option>
          ))}
        </Select>
        <div className="grid content-end">
          <Checkbox id="pricing-trial" name="hasFreeTrial" label="It offers a free trial" checked={Boolean(values.hasFreeTrial)} />
        </div>
      </div>
      {errors.plans && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.plans}
        </p>
      )}
      {Array.from({ length: fieldsets }, (_, index) => (
        <PlanFieldset key={index} index={index} existing={index < plans} values={values} errors={errors} />
      ))}
    </>
  );
}
