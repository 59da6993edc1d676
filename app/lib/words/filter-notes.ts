// The training filter's note (issue 44), said beside the box in the advanced filters' popover (loaded on demand) and the
// filters without JavaScript (the server's only). A module of its own so that it is in neither the chunk every
// directory page loads first (lib/tool/tool-filters.ts) nor the directory view's (decision 088: 0.25 KB gzip of words
// a first load does not print).
/** Said beside the filter: what passes it and what does not. */
export const NO_TRAINING_NOTE =
  "Only tools whose maker states on its own privacy, trust or terms page that it does not use these customers' content to train its models. A tool whose maker publishes nothing on it is left out, as is one that trains unless an admin turns it off.";
