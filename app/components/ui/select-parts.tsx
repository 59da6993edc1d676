// The structured forms' selects (the pricing and facts fields), apart from components/ui/form-parts.tsx so the pages
// that only use text fields do not load them.

/** A native select styled as the fields are (the structured pricing and facts forms). */
export const SELECT_CLASS = "h-10 w-full rounded-md border border-input bg-background px-3 text-sm aria-[invalid=true]:border-destructive";

/** A field's message under a control that is not one of the fields above (a select, a checkbox), named `<id>-error`. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="text-sm font-medium text-destructive">
      {error}
    </p>
  ) : null;
}
