import { Link } from "react-router";
import { OutboundLink } from "~/components/tool/outbound-link";
import { Button } from "~/components/ui/button";
import { ratingText } from "~/lib/tool/comparison";
import type { ComparisonTool } from "~/models/tool/comparison.server";
import { Icon } from "~/components/ui/icon";
import { AffiliateNotice } from "~/components/affiliate-notice";

/** Where to go from the comparison: our review, or the tool itself (an outbound, sponsored link). */
export function NextSteps({ tools }: { tools: ComparisonTool[] }) {
  return (
    <section aria-labelledby="next-steps-heading" className="mt-10">
      <h2 id="next-steps-heading" className="text-2xl font-bold">
        Next Steps
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {tools.map((tool) => (
          <li key={tool.slug} className="flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <h3 className="font-semibold">{tool.name}</h3>
              <p className="text-sm text-muted-foreground">
                {tool.pricing} · {tool.rating === null ? ratingText(null) : `our rating ${ratingText(tool.rating)}`}
              </p>
            </div>
            <div className="comparison-no-print flex shrink-0 flex-wrap gap-2">
              <Button asChild size="sm" variant="outline">
                <Link to={`/tools/${tool.slug}`} aria-label={`Full Review of ${tool.name}`}>
                  Full Review
                </Link>
              </Button>
              {tool.websiteUrl && (
                <Button asChild size="sm">
                  <OutboundLink kind="tool" slug={tool.slug} aria-label={`Try Now: ${tool.name} (opens in a new tab)`}>
                    Try Now <Icon name="external-link" />
                  </OutboundLink>
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      <AffiliateNotice className="comparison-no-print mt-4" />
    </section>
  );
}
