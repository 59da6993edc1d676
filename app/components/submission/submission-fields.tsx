import { useId } from "react";
import { Field, TextareaField } from "~/components/ui/form-parts";
import { Label } from "~/components/ui/input";
import { MAKER_ROLE_LABELS, MAKER_ROLES, PRICING_MODEL_LABELS, PRICING_MODELS, SUBMISSION_LIMITS as L } from "~/lib/submission/submissions";

export type SubmissionValues = Partial<
  Record<"name" | "websiteUrl" | "categorySlug" | "tagline" | "description" | "pricingText" | "pricingModel" | "hasFreeTrial" | "makerRole" | "slug", string>
>;

type Props = {
  categories: { slug: string; name: string }[];
  /** What to show in the fields: what was typed (after a refusal) or what is stored. */
  values: SubmissionValues;
  errors?: Record<string, string>;
  /** /submit asks how the submitter relates to the tool; the editor's form shows it instead. */
  askMakerRole?: boolean;
};

function ChoiceGroup({ name, legend, options, value, error }: { name: string; legend: string; options: [string, string][]; value?: string; error?: string }) {
  const id = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {options.map(([option, label]) => (
        <label key={option} className="flex min-h-6 items-start gap-2 text-sm">
          <input type="radio" name={name} value={option} defaultChecked={value === option} required className="mt-1" />
          <span>{label}</span>
        </label>
      ))}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The fields of a tool submission, shared by /submit and the editor's page so that both ask the same things with the same limits. */
export function SubmissionFields({ categories, values, errors = {}, askMakerRole = false }: Props) {
  const id = useId();
  return (
    <>
      <Field id={`${id}-name`} name="name" label="Tool name" required minLength={L.name.min} maxLength={L.name.max} defaultValue={values.name} error={errors.name} />
      <Field
        id={`${id}-url`}
        name="websiteUrl"
        type="url"
        label="Website"
        required
        maxLength={L.url.max}
        placeholder="https://"
        defaultValue={values.websiteUrl}
        error={errors.websiteUrl}
        hint="The tool's own https address."
      />
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-category`}>Category</Label>
        <select
          id={`${id}-category`}
          name="categorySlug"
          required
          defaultValue={values.categorySlug ?? ""}
          aria-invalid={errors.categorySlug ? true : undefined}
          aria-describedby={errors.categorySlug ? `${id}-category-error` : undefined}
          className="h-10 rounded-md border border-input bg-background px-3 text-sm"
        >
          <option value="" disabled>
            Choose a category
          </option>
          {categories.map((category) => (
            <option key={category.slug} value={category.slug}>
              {category.name}
            </option>
          ))}
        </select>
        {errors.categorySlug && (
          <p id={`${id}-category-error`} className="text-sm font-medium text-destructive">
            {errors.categorySlug}
          </p>
        )}
      </div>
      <Field
        id={`${id}-tagline`}
        name="tagline"
        label="Short description"
        required
        minLength={L.tagline.min}
        maxLength={L.tagline.max}
        defaultValue={values.tagline}
        error={errors.tagline}
        hint={`One sentence, ${L.tagline.min} to ${L.tagline.max} characters.`}
      />
      <TextareaField
        id={`${id}-description`}
        name="description"
        label="Description"
        rows={6}
        required
        minLength={L.description.min}
        maxLength={L.description.max}
        defaultValue={values.description}
        error={errors.description}
        hint={`What it does and for whom, ${L.description.min} to ${L.description.max} characters.`}
      />
      <Field
        id={`${id}-pricing`}
        name="pricingText"
        label="Pricing"
        required
        minLength={L.pricingText.min}
        maxLength={L.pricingText.max}
        defaultValue={values.pricingText}
        error={errors.pricingText}
        hint="As the vendor publishes it, e.g. 'Free plan; Pro from $12/month'."
      />
      <ChoiceGroup
        name="pricingModel"
        legend="Pricing model"
        options={PRICING_MODELS.map((model) => [model, PRICING_MODEL_LABELS[model]])}
        value={values.pricingModel}
        error={errors.pricingModel}
      />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="hasFreeTrial" value="true" defaultChecked={values.hasFreeTrial === "true"} className="mt-1" />
        <span>It offers a free trial</span>
      </label>
      {askMakerRole && (
        <ChoiceGroup
          name="makerRole"
          legend="Your relation to the tool"
          options={MAKER_ROLES.map((role) => [role, MAKER_ROLE_LABELS[role]])}
          value={values.makerRole}
          error={errors.makerRole}
        />
      )}
    </>
  );
}
