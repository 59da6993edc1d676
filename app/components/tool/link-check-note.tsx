import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/ui/cn";

/**
 * What our link checker last found about an outbound button's destination (decision 021): 'Link checked {date}', or,
 * once it failed three times in a row, 'Link may be broken (checked {date})'. About the link only: the editorial
 * 'details checked' dates stay where they are. The words come from the loader (lib/messages.ts, on the server).
 */
export function LinkCheckNote({ text, broken, className }: { text: string; broken: boolean; className?: string }) {
  if (broken) {
    return (
      <p data-link-note="broken" className={cn("flex items-center gap-1.5 text-sm font-medium", className)}>
        <Icon name="triangle-exclamation-point" className="size-4 shrink-0" />
        <span>{text}</span>
      </p>
    );
  }
  return (
    <p data-link-note="ok" className={cn("text-xs text-muted-foreground", className)}>
      {text}
    </p>
  );
}
