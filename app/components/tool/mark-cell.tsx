/**
 * A yes or no in a table of capabilities (the comparison matrix, the home page's writing tools): the word for screen
 * readers (visually hidden by the cell's rule, not a class on each of hundreds of words), and the mark for the eye
 * drawn by app.css (`td[data-mark]::before`, with empty alternative text so it is not read). Plain text rather than an icon: a table of them is hundreds of cells (issue 43: the home page's 140 icon cells
 * were 23 KB of its HTML; the mark as an element of its own was 4.6 KB more).
 */
export function MarkCell({ has, className }: { has: boolean; className?: string }) {
  return (
    <td data-mark={has ? "y" : "n"} className={className}>
      <span>{has ? "Yes" : "No"}</span>
    </td>
  );
}
