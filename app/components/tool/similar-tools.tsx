import { Link } from "react-router";
import { ToolFeedback, type ReactionData } from "~/components/reviews/tool-feedback";
import { pairPath } from "~/lib/tool/comparison-pair";
import type { ToolCard as ToolCardData } from "~/models/tool/queries.server";
import { ToolCard } from "./tool-card";
import { Icon } from "~/components/ui/icon";

type SimilarTool = ToolCardData & { id: number; sharesCategory: boolean };

/**
 * Similar tools with a pair-comparison link (when they share a category, primary or secondary, or have an editorial
 * verdict as a pair, decision 043) and readers' like/dislike and comments (spec §2.13).
 */
export function SimilarTools({
  tool,
  similar,
  reactions,
  signedIn,
  verdictPairs = [],
}: {
  tool: { slug: string; name: string };
  similar: SimilarTool[];
  /** The tools this one has a pair verdict with (their slugs). */
  verdictPairs?: readonly string[];
  reactions: Record<number, ReactionData>;
  signedIn: boolean;
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
            <ToolFeedback toolSlug={other.slug} toolName={other.name} reaction={reactions[other.id] ?? { likes: 0, dislikes: 0, mine: 0 }} signedIn={signedIn} />
          </li>
        ))}
      </ul>
    </section>
  );
}
