import { Badge } from "~/components/ui/badge";

export function ToolBadges({ tool }: { tool: { isPro: boolean; isFree: boolean; hasFreeTrial: boolean } }) {
  return (
    <>
      {tool.isPro && <Badge variant="warning">Pro</Badge>}
      {tool.isFree && <Badge variant="success">Free</Badge>}
      {tool.hasFreeTrial && <Badge variant="secondary">Free Trial</Badge>}
    </>
  );
}
