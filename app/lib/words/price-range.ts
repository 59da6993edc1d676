// The price range's note (decisions 025, 030), printed by the directory's active filters, the advanced filters'
// popover and the filters without JavaScript. One module, so that the directory's first load carries it once (as a
// constant of lib/tool/tool-filters.ts it was inlined in the directory view's chunk and kept in tool-filters' too).
/**
 * What the price range compares (decision 030) and how it treats tools without a figure (decision 025), said
 * wherever the range is set or shown.
 */
export const PRICE_RANGE_NOTE =
  "Compared by what the cheapest paid plan costs over its first year, as US dollars a month. Free tools and tools with no yearly figure (Contact sales, pay per use only) always show: they have no price to compare.";
