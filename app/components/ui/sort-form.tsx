import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "./button";

type Props<T extends string> = {
  id: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  /** The listing's other filters as hidden inputs, so that the plain GET form (without JavaScript) keeps them. */
  hidden: ReactNode;
};

/**
 * 'Sort by' of a listing: applies at once with JavaScript, with a Sort button without it. The select gives way
 * (`min-w-0`) so that the button still fits a 360 px screen, where the three were 14 px too wide.
 */
export function SortForm<T extends string>({ id, value, options, onChange, hidden }: Props<T>) {
  return (
    <Form method="get" className="flex max-w-full items-center gap-2">
      {hidden}
      <label htmlFor={id} className="whitespace-nowrap text-sm text-muted-foreground">
        Sort by
      </label>
      <select
        id={id}
        name="sort"
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className="h-10 min-w-0 rounded-md border border-input bg-background px-3 text-sm"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {/* The server alone renders what a <noscript> holds (decision 051): React never shows it in the browser. */}
      <noscript>
        {import.meta.env.SSR && (
          <Button type="submit" size="sm" variant="outline">
            Sort
          </Button>
        )}
      </noscript>
    </Form>
  );
}
