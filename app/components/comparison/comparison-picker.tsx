import { useCallback } from "react";
import { Form, Link, useNavigate } from "react-router";
import { ToolLogo } from "~/components/tool/tool-logo";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useDebouncedSearch, type SearchCommit } from "~/components/ui/use-debounced-search";
import { cn } from "~/lib/ui/cn";
import { canAddTool, COMPARISON_PATH, comparisonHref, MAX_COMPARED_TOOLS, ratingText, withoutTool, withTool } from "~/lib/tool/comparison";
import { MAX_SEARCH_LENGTH } from "~/lib/tool/tool-filters";
import type { ComparisonTool } from "~/models/tool/comparison.server";
import type { ToolSearchResult } from "~/models/tool/search.server";
import { Icon } from "~/components/ui/icon";

type PickerProps = {
  selection: string[];
  selectedTools: ComparisonTool[];
  results: ToolSearchResult;
  query: string;
  /** True while the next search's results load. */
  searching: boolean;
};

/**
 * Choose up to four tools. Every action is a plain link or GET form (the
 * selection is the URL), so it works before and without JavaScript; with it,
 * the search updates as you type.
 */
export function ComparisonPicker({ selection, selectedTools, results, query, searching }: PickerProps) {
  const keep = (slugs: string[]) => comparisonHref(slugs, { q: query, page: results.page > 1 ? results.page : undefined });
  return (
    <section aria-labelledby="picker-heading" className="comparison-no-print mt-6 rounded-xl border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="picker-heading" className="text-xl font-bold">
          Choose tools to compare
        </h2>
        <p className="text-sm font-semibold" aria-live="polite" data-testid="selection-counter">
          {selection.length}/{MAX_COMPARED_TOOLS} selected
        </p>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">Select up to {MAX_COMPARED_TOOLS} tools; the table lists the features any of them has.</p>

      {selectedTools.length > 0 && (
        <ul aria-label="Your selection" className="mt-4 flex flex-wrap gap-2">
          {selectedTools.map((tool) => (
            <li key={tool.slug} className="inline-flex items-center gap-1 rounded-full border bg-secondary py-1 pl-3 pr-1 text-sm text-secondary-foreground">
              {tool.name}
              <Link
                to={keep(withoutTool(selection, tool.slug))}
                preventScrollReset
                aria-label={`Remove ${tool.name}`}
                className="grid size-7 place-items-center rounded-full hover:bg-background"
              >
                <Icon name="x" className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
      )}

      <PickerSearch selection={selection} query={query} />
      {results.correctedSearch && (
        <p className="mt-3 text-sm">
          No exact matches for “{query}”. Showing results for <strong>“{results.correctedSearch}”</strong>.
        </p>
      )}
      <div aria-busy={searching} className={cn("mt-4 transition-opacity", searching && "opacity-60")}>
        {results.tools.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">No tools found. Try another name or use.</p>
        ) : (
          <ul aria-label="Tools to choose from" className="grid grid-cols-1 gap-2 md:grid-cols-2">
            {results.tools.map((tool) => {
              const selected = selection.includes(tool.slug);
              return (
                <li key={tool.slug} data-picker-tool={tool.slug} className="flex min-w-0 flex-wrap items-center gap-3 rounded-lg border p-3">
                  <ToolLogo slug={tool.slug} name={tool.name} size={36} />
                  <div className="min-w-32 flex-1">
                    <p className="font-medium leading-tight break-words">{tool.name}</p>
                    <p className="mt-0.5 text-xs text-muted-foreground">
                      {tool.categoryName} · {ratingText(tool.rating)}
                    </p>
                  </div>
                  {selected ? (
                    <Button asChild size="sm" variant="secondary" className="ml-auto shrink-0">
                      <Link to={keep(withoutTool(selection, tool.slug))} preventScrollReset aria-label={`Remove ${tool.name}`}>
                        <Icon name="x" /> Remove
                      </Link>
                    </Button>
                  ) : canAddTool(selection, tool.slug) ? (
                    <Button asChild size="sm" className="ml-auto shrink-0">
                      <Link to={keep(withTool(selection, tool.slug))} preventScrollReset aria-label={`Add ${tool.name}`}>
                        <Icon name="plus" /> Add
                      </Link>
                    </Button>
                  ) : (
                    <Button size="sm" variant="outline" disabled className="ml-auto shrink-0">
                      Max Tools Selected
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <PickerPages results={results} hrefFor={(page) => comparisonHref(selection, { q: query, page: page > 1 ? page : undefined })} />
      </div>
    </section>
  );
}

function PickerSearch({ selection, query }: { selection: string[]; query: string }) {
  const navigate = useNavigate();
  // Typing replaces the history entry, so back leaves the picker's searches rather than stepping through them.
  const commit = useCallback(
    (q: string, { submitted }: SearchCommit) => navigate(comparisonHref(selection, { q }), { replace: !submitted, preventScrollReset: true }),
    [navigate, selection],
  );
  const { value, onChange, onSubmit } = useDebouncedSearch(query, commit);
  return (
    <Form method="get" action={COMPARISON_PATH} role="search" aria-label="Search tools to compare" preventScrollReset className="mt-4 flex gap-2" onSubmit={onSubmit}>
      {selection.length > 0 && <input type="hidden" name="tools" value={selection.join(",")} />}
      <div className="relative flex-1">
        <label htmlFor="comparison-search" className="sr-only">
          Search tools to compare
        </label>
        <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id="comparison-search"
          name="q"
          type="search"
          value={value}
          maxLength={MAX_SEARCH_LENGTH}
          autoComplete="off"
          placeholder="Search tools..."
          className="pl-9"
          onChange={onChange}
        />
      </div>
      <Button type="submit" variant="outline">
        Search
      </Button>
    </Form>
  );
}

function PickerPages({ results, hrefFor }: { results: ToolSearchResult; hrefFor: (page: number) => string }) {
  if (results.pageCount <= 1) return null;
  return (
    <nav aria-label="More tools" className="mt-3 flex items-center justify-between gap-2 text-sm">
      {results.page > 1 ? (
        <Link to={hrefFor(results.page - 1)} preventScrollReset className="rounded-md px-2 py-1 font-medium text-primary hover:underline">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted-foreground">
        Page {results.page} of {results.pageCount}
      </span>
      {results.page < results.pageCount ? (
        <Link to={hrefFor(results.page + 1)} preventScrollReset className="rounded-md px-2 py-1 font-medium text-primary hover:underline">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
