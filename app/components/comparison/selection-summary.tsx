import { Link } from "react-router";
import { ToolLogo } from "~/components/tool/tool-logo";
import { Badge } from "~/components/ui/badge";
import { ratingText, SUMMARY_FEATURE_COUNT } from "~/lib/tool/comparison";
import type { ComparisonTool } from "~/models/tool/comparison.server";
import { Icon } from "~/components/ui/icon";

/** One card per selected tool with its first three features; `removeHref` adds a plain-link Remove. */
export function SelectionSummary({ tools, removeHref }: { tools: ComparisonTool[]; removeHref?: (slug: string) => string }) {
  return (
    <ul aria-label="Selected tools" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {tools.map((tool) => (
        <li key={tool.slug} data-compared-tool={tool.slug} className="flex flex-col rounded-xl border bg-card p-4">
          <div className="flex items-start gap-3">
            <ToolLogo slug={tool.slug} name={tool.name} size={40} />
            <div className="min-w-0 flex-1">
              <h3 className="font-semibold leading-tight">
                <Link to={`/tools/${tool.slug}`} className="hover:underline">
                  {tool.name}
                </Link>
              </h3>
              <p className="text-xs text-muted-foreground">{tool.rating === null ? ratingText(null) : `Our rating ${ratingText(tool.rating)}`}</p>
            </div>
            {removeHref && (
              <Link
                to={removeHref(tool.slug)}
                preventScrollReset
                aria-label={`Remove ${tool.name} from the comparison`}
                className="comparison-no-print -m-1 rounded-md p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
              >
                <Icon name="x" className="size-4" />
              </Link>
            )}
          </div>
          <Badge variant="outline" className="mt-3 self-start">
            {tool.categoryName}
          </Badge>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {tool.features.slice(0, SUMMARY_FEATURE_COUNT).map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
