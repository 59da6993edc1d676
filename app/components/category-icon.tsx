import { Icon } from "~/components/ui/icon";
import { categoryIcon } from "~/lib/category/category-icons";
import { cn } from "~/lib/ui/cn";

/**
 * A category's icon (the Lucide name in content/categories.json) in white on the category's colour;
 * every category colour keeps 3:1 or more against white (checked by category-icons.test.ts).
 * Decorative: the category's name is always beside it (the icon is hidden from assistive technology, the tile has
 * nothing else).
 */
export function CategoryIcon({ icon, color, className, iconClassName }: { icon: string; color: string; className?: string; iconClassName?: string }) {
  return (
    <span className={cn("category-icon", className)} style={{ backgroundColor: color }}>
      <Icon name={categoryIcon(icon)} className={iconClassName ?? "size-5"} />
    </span>
  );
}
