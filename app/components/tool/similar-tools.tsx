import { Link } from "react-router";
import { ToolFeedbackPart } from "~/components/reviews/tool-feedback-part";
import { pairPath } from "~/lib/tool/comparison-pair";
import { ToolCard, type CardOnPage } from "./tool-card";
import { Icon } from "~/components/ui/icon";

type SimilarTool = CardOnPage & { sharesCategory: boolean };

/**
 * Similar tools with a pair-comparison link (when they share a category, primary or secondary, or have an editorial
 * verdict as a pair, decision 043) and readers' like/dislike and comments (spec §2.13).
 */
export function SimilarTools({
  tool,
  similar,
  reactions,
  verdictPairs = [],
}: {
  tool: { id: number; slug: string; name: string };
  similar: SimilarTool[];
  /** The tools this one has a pair verdict with (their slugs). */
  verdictPairs?: readonly string[];
  /** Readers' likes and dislikes of each, by tool id (the reader's own is personal). */
  reactions: Record<number, { likes: number; dislikes: number }>;
}) {
  return (
    <section aria-labelledby="similar-heading">
      <h2 id="similar-heading" className="text-2xl font-bold">
        Similar tools
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {similar.map((other) => (
          <li key={other.slug} className="grid gap-1">
            <ToolCard tool={other} />
            {(other.sharesCategory || verdictPairs.includes(other.slug)) && (
              <Link
                to={pairPath(tool.slug, other.slug)}
                className="inline-flex items-center gap-1 justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
              >
                <Icon name="chart-column" className="size-4" /> Compare {tool.name} vs {other.name}
              </Link>
            )}
            <ToolFeedbackPart pageToolId={tool.id} toolId={other.id} toolSlug={other.slug} toolName={other.name} {...(reactions[other.id] ?? { likes: 0, dislikes: 0 })} />
          </li>
        ))}
      </ul>
    </section>
  );
}
