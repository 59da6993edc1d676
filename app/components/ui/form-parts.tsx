import { useEffect, useState, type ComponentProps } from "react";
import { cn } from "~/lib/ui/cn";
import type { Reply } from "~/lib/reply";
import { Input, Label } from "./input";
import { Icon } from "./icon";

/** True once React has hydrated (e.g. to show controls that only work with JavaScript). */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

const describedByOf = (id: string, hint?: string, error?: string) => [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;

/** A field's hint and error lines, with the ids its input's aria-describedby names. */
function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </>
  );
}

type FieldProps = ComponentProps<typeof Input> & {
  id: string;
  label: string;
  error?: string;
  hint?: string;
};

export function Field({ id, label, error, hint, className, ...input }: FieldProps) {
  const describedBy = describedByOf(id, hint, error);
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

const TEXTAREA_CLASS =
  "w-full rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-[invalid=true]:border-destructive";

export function TextareaField({
  id,
  label,
  error,
  hint,
  className,
  ...textarea
}: Omit<ComponentProps<"textarea">, "id"> & { id: string; label: string; error?: string; hint?: string }) {
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedByOf(id, hint, error)} className={TEXTAREA_CLASS} {...textarea} />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A password input with a Show/Hide toggle (the toggle needs JavaScript; the field works without). */
export function PasswordField({ id, label, error, hint, ...input }: FieldProps) {
  const [visible, setVisible] = useState(false);
  const describedBy = describedByOf(id, hint, error);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input id={id} type={visible ? "text" : "password"} className="pr-11" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
        <button
          type="button"
          className="absolute inset-y-0 right-0 grid w-10 place-items-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <Icon name="eye-off" className="size-4" /> : <Icon name="eye" className="size-4" />}
        </button>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The hidden "company" field (the write path's honeypot): left empty by people, filled by form-filling bots. */
export function Honeypot({ id }: { id: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Company (leave empty)</label>
      <input id={id} name="company" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/** The result printed in the page (read by screen readers; the only feedback without JavaScript). */
export function ResultMessage({ result, className }: { result: Reply | undefined; className?: string }) {
  if (!result) return null;
  const failed = !result.ok;
  return (
    <div
      role={failed ? "alert" : "status"}
      className={cn(
        "rounded-md border p-3 text-sm",
        failed ? "border-destructive/40 bg-destructive/10 text-destructive" : "border-emerald-600/40 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
        className,
      )}
    >
      <p className="font-semibold">{result.toast.title}</p>
      {result.toast.description && <p>{result.toast.description}</p>}
    </div>
  );
}
