import { Badge } from "~/components/ui/badge";
import type { Freshness } from "~/lib/tool/freshness";

export function ToolBadges({ tool }: { tool: { isPro: boolean; isFree: boolean; hasFreeTrial: boolean; freshness?: Freshness } }) {
  return (
    <>
      {tool.freshness?.isNew && <Badge>New</Badge>}
      {tool.freshness?.updatedRecently && <Badge variant="outline">Updated recently</Badge>}
      {tool.isPro && <Badge variant="warning">Pro</Badge>}
      {tool.isFree && <Badge variant="success">Free</Badge>}
      {tool.hasFreeTrial && <Badge variant="secondary">Free Trial</Badge>}
    </>
  );
}
