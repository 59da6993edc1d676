import { initialsOf } from "~/lib/account/names";
import { cn } from "~/lib/ui/cn";

/** The uploaded picture, or two uppercase initials of the display name (spec §2.10). */
export function Avatar({ name, image, className }: { name: string; image: string | null; className?: string }) {
  return (
    <span className={cn("grid size-8 shrink-0 place-items-center overflow-hidden rounded-full bg-primary text-xs font-semibold text-primary-foreground", className)}>
      {image ? <img src={image} alt="" className="size-full object-cover" width={64} height={64} /> : <span aria-hidden="true">{initialsOf(name)}</span>}
    </span>
  );
}
