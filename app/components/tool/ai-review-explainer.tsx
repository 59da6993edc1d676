import type { AiReviewWords } from "~/lib/words/ai-reviews";

/** Editorial explainer on spotting AI-generated reviews (spec part 1 §2.6); its words come with the page (lib/words/ai-reviews.ts). */
export function AiReviewExplainer({ words }: { words: AiReviewWords }) {
  return (
    <section aria-labelledby="spot-ai-reviews" className="rounded-xl border p-6">
      <h2 id="spot-ai-reviews" className="text-xl font-bold">
        {words.heading}
      </h2>
      <p className="mt-2 text-muted-foreground">{words.intro}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-muted-foreground">
        {words.signs.map((sign) => (
          <li key={sign}>{sign}</li>
        ))}
      </ul>
      <p className="mt-3 text-muted-foreground">{words.ours}</p>
    </section>
  );
}
