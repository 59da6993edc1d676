// Relative, not "~/": the content schema imports this file under plain Node (scripts/validate-content.ts).
import type { IconName } from "../ui/icon-names.ts";

/** The icon names a category may give in content/categories.json (the content schema checks them). */
export const CATEGORY_ICONS = [
  "Pencil",
  "FileText",
  "MessageSquare",
  "Image",
  "Video",
  "Code",
  "Laptop",
  "PenTool",
  "Palette",
  "Film",
  "Search",
  "Headphones",
  "Users",
  "MessageCircle",
  "TrendingUp",
] as const;

/** An icon name a category may give (content/categories.json `icon`, spec part 1 §3): Lucide's names in PascalCase. */
export type CategoryIconName = (typeof CATEGORY_ICONS)[number];

/**
 * The sprite icon (`<Icon>`, decision 012) of a category's icon name: Lucide's own kebab-case name
 * ('TrendingUp' is 'trending-up'). A rule rather than a table keeps the browser's code small;
 * category-icons.test.ts checks that every name the content schema allows is in the sprite.
 */
/** What `categoryIcon` gives for each name the schema allows (a type only: it names the sprite's icons for icon.test.ts). */
export type CategorySpriteIcon =
  | "pencil"
  | "file-text"
  | "message-square"
  | "image"
  | "video"
  | "code"
  | "laptop"
  | "pen-tool"
  | "palette"
  | "film"
  | "search"
  | "headphones"
  | "users"
  | "message-circle"
  | "trending-up";

export function categoryIcon(name: string): IconName {
  return name.replace(/[A-Z]/g, (letter, offset: number) => (offset ? "-" : "") + letter.toLowerCase()) as IconName;
}
