import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/cn";
import { formatLongDate } from "~/lib/dates";
import { linkCheckedOn, linkMayBeBroken } from "~/lib/messages";

/**
 * What our link checker last found about an outbound button's destination (decision 021): the date of the last
 * check, or, once it failed three times in a row, that the link may be broken. About the link only: the
 * editorial 'details checked' dates stay where they are.
 */
export function LinkCheckNote({ checkedOn, broken, showWhenOk = true, className }: { checkedOn: string; broken: boolean; showWhenOk?: boolean; className?: string }) {
  if (broken) {
    return (
      <p data-link-note="broken" className={cn("flex items-center gap-1.5 text-sm font-medium", className)}>
        <Icon name="triangle-exclamation-point" className="size-4 shrink-0" />
        <span>{linkMayBeBroken(formatLongDate(checkedOn))}</span>
      </p>
    );
  }
  if (!showWhenOk) return null;
  return (
    <p data-link-note="ok" className={cn("text-xs text-muted-foreground", className)}>
      {linkCheckedOn(formatLongDate(checkedOn))}
    </p>
  );
}
