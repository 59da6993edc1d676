/**
 * The one rating order of the site (issue 26), as the SQL's `rating desc nulls last, name`: tools with our rating
 * (an in-depth review) first, best rated first; tools without one after them; then by name.
 */
export function compareByRating(a: { rating: number | null; name: string }, b: { rating: number | null; name: string }): number {
  if (a.rating !== b.rating) {
    if (a.rating === null) return 1;
    if (b.rating === null) return -1;
    return b.rating - a.rating;
  }
  return a.name.localeCompare(b.name);
}
