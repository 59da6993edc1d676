import type { DiffPart } from "~/lib/pricing-check/check";

/**
 * A check's word diff (lib/pricing-check/check.ts `wordDiff`) for editors: the price check's tasks in /admin/prices
 * and the policy watch's in /admin/policies. Insertions and deletions are marked by element (ins/del), by sign and by
 * text for screen readers, not by colour alone. `since` ends the heading ('since prices were last confirmed');
 * `data-*` attributes go on the diff itself, for tests and the editors' own scripts.
 */
export function WordDiff({ parts, since, ...data }: { parts: DiffPart[]; since: string } & Record<`data-${string}`, string>) {
  return (
    <div className="mt-2">
      <p className="text-sm font-medium">
        What changed {since} (<ins className="underline">+ added</ins>, <del>− removed</del>):
      </p>
      <p className="mt-1 whitespace-pre-wrap break-words rounded bg-muted p-2 text-xs" {...data}>
        {parts.map((part, index) =>
          part.kind === "added" ? (
            <ins key={index} className="bg-emerald-100 font-semibold underline dark:bg-emerald-900/40">
              <span className="sr-only">added: </span>+{part.text}
            </ins>
          ) : part.kind === "removed" ? (
            // A space after a deletion, so '−$20 +$24' does not read as one word.
            <span key={index}>
              <del className="bg-red-100 line-through dark:bg-red-900/40">
                <span className="sr-only">removed: </span>−{part.text}
              </del>{" "}
            </span>
          ) : part.kind === "gap" ? (
            <span key={index} className="text-muted-foreground">
              {" "}
              {part.text}{" "}
            </span>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </p>
    </div>
  );
}
