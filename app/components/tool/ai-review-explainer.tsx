/** Editorial explainer on spotting AI-generated reviews (spec part 1 §2.6). */
export function AiReviewExplainer() {
  return (
    <section aria-labelledby="spot-ai-reviews" className="rounded-xl border p-6">
      <h2 id="spot-ai-reviews" className="text-xl font-bold">
        How to spot AI-generated reviews
      </h2>
      <p className="mt-2 text-muted-foreground">Fake reviews are cheap to produce now. A few signs that a review was written by a tool rather than a user:</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-muted-foreground">
        <li>It praises the product in general terms and never mentions a concrete task, file, price or setting.</li>
        <li>It never speaks from experience: no “I”, “me” or “my”, no before-and-after, no mistake the writer ran into.</li>
        <li>It repeats the vendor's own feature names and marketing phrases almost word for word.</li>
        <li>Several reviews share the same structure, length and upbeat closing line.</li>
      </ul>
      <p className="mt-3 text-muted-foreground">
        Our own ratings come from reading each tool's documentation, pricing page and public materials, not from using it; they are kept separate from user reviews.
      </p>
    </section>
  );
}
