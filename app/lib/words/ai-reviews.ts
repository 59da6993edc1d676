// The tool page's explainer on spotting AI-generated reviews (spec part 1 §2.6). Read by the tool page's loader and sent
// as an in-page value (decision 069): in a document's HTML only, in a client navigation's data; not in the page's
// first-load script (decision 088: 0.2 KB gzip).
export const AI_REVIEW_WORDS = {
  heading: "How to spot AI-generated reviews",
  intro: "Fake reviews are cheap to produce now. A few signs that a review was written by a tool rather than a user:",
  signs: [
    "It praises the product in general terms and never mentions a concrete task, file, price or setting.",
    "It never speaks from experience: no “I”, “me” or “my”, no before-and-after, no mistake the writer ran into.",
    "It repeats the vendor's own feature names and marketing phrases almost word for word.",
    "Several reviews share the same structure, length and upbeat closing line.",
  ],
  ours: "Our own ratings come from reading each tool's documentation, pricing page and public materials, not from using it; they are kept separate from user reviews.",
};
export type AiReviewWords = typeof AI_REVIEW_WORDS;
