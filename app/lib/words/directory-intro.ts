// The directory's introduction under its heading (/tools). Read by the route's loader only, and sent as an in-page value
// (decision 069): in a document's HTML only, in a client navigation's data; not in the page's first-load script
// (decision 088: 0.1 KB gzip).
export const DIRECTORY_INTRO = {
  before: "Every tool here has an honest description and its real pricing from the vendor's published plans; the ones we have reviewed in depth also carry our rating (",
  link: "how we review",
  after: "). Search by name or use, narrow by category, rating, pricing or free trial, and compare the ones that fit.",
} as const;
