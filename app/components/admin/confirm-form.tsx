import { Form } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * An editor's confirmation of a fact on the vendor's page (issues 26 and 44): the page they checked and what they saw
 * there that matches, both required (the receipt's "what matched"). Works without JavaScript: a plain POST with an
 * `intent` and the subject's key; a refused form comes back with what was typed and each field's message.
 */
export function ConfirmForm({
  intent,
  keyName,
  keyValue,
  label,
  defaultUrl,
  errors,
  typed,
  busy,
  buttonLabel = "Confirm as listed",
}: {
  intent: string;
  keyName: string;
  keyValue: string;
  label: string;
  defaultUrl: string;
  /** A refusal of this form: the fields' messages and what was typed, shown again. */
  errors?: { sourceUrl?: string; seen?: string };
  typed?: { sourceUrl?: string; seen?: string };
  busy: boolean;
  buttonLabel?: string;
}) {
  const inputId = `${intent}-${keyValue}`;
  return (
    <Form method="post" className="flex min-w-72 flex-col gap-1">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={keyName} value={keyValue} />
      <label htmlFor={inputId} className="text-xs font-medium">
        Page you checked<span className="sr-only"> for {label}</span>
      </label>
      <input
        id={inputId}
        name="sourceUrl"
        type="url"
        required
        defaultValue={typed?.sourceUrl ?? defaultUrl}
        aria-invalid={errors?.sourceUrl ? true : undefined}
        aria-describedby={errors?.sourceUrl ? `${inputId}-error` : undefined}
        className="h-9 rounded-md border bg-background px-2 font-mono text-xs"
      />
      {errors?.sourceUrl && (
        <p id={`${inputId}-error`} className="text-xs font-medium text-destructive">
          {errors.sourceUrl}
        </p>
      )}
      {/* The receipt's "what matched" (issue 44): a confirmation with nothing behind it is refused. */}
      <label htmlFor={`${inputId}-seen`} className="text-xs font-medium">
        What you saw there that matches<span className="sr-only"> for {label}</span>
      </label>
      <textarea
        id={`${inputId}-seen`}
        name="seen"
        required
        minLength={10}
        maxLength={300}
        rows={2}
        defaultValue={typed?.seen}
        aria-invalid={errors?.seen ? true : undefined}
        aria-describedby={errors?.seen ? `${inputId}-seen-error` : undefined}
        className="rounded-md border bg-background px-2 py-1 text-xs"
      />
      {errors?.seen && (
        <p id={`${inputId}-seen-error`} className="text-xs font-medium text-destructive">
          {errors.seen}
        </p>
      )}
      <Button type="submit" size="sm" variant="outline" className="self-start" disabled={busy}>
        {buttonLabel}
        <span className="sr-only">: {label}</span>
      </Button>
    </Form>
  );
}
