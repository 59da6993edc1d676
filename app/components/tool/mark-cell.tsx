/**
 * A yes or no in a table of capabilities (the comparison matrix, the home page's writing tools): a mark for the eye and
 * the word for screen readers, styled once in app.css (`td[data-mark]`). Plain text rather than an icon: a table of
 * them is hundreds of cells (issue 43: the home page's 140 icon cells were 23 KB of its HTML).
 */
export function MarkCell({ has, className }: { has: boolean; className?: string }) {
  return has ? (
    <td data-mark="y" className={className}>
      <span aria-hidden="true">✓</span>
      <span className="sr-only">Yes</span>
    </td>
  ) : (
    <td data-mark="n" className={className}>
      <span aria-hidden="true">–</span>
      <span className="sr-only">No</span>
    </td>
  );
}
