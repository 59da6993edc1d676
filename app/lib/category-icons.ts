import type { IconName } from "~/components/ui/icon-names";
import type { CATEGORY_ICONS } from "~/models/content/schemas";

/** An icon name a category may give (content/categories.json `icon`, spec part 1 §3): Lucide's names in PascalCase. */
export type CategoryIconName = (typeof CATEGORY_ICONS)[number];

/**
 * The sprite icon (`<Icon>`, decision 012) for each category icon name. Typed against the content
 * schema's list, so a name added there without an icon here fails the type check; an unknown name
 * from the database (a category written before a rename) falls back to the grid of `layers`.
 */
const CATEGORY_ICON: Record<CategoryIconName, IconName> = {
  Pencil: "pencil",
  FileText: "file-text",
  MessageSquare: "message-square",
  Image: "image",
  Video: "video",
  Code: "code",
  Laptop: "laptop",
  PenTool: "pen-tool",
  Palette: "palette",
  Film: "film",
  Search: "search",
  Headphones: "headphones",
  Users: "users",
  MessageCircle: "message-circle",
  TrendingUp: "trending-up",
};

export function categoryIcon(name: string): IconName {
  return Object.hasOwn(CATEGORY_ICON, name) ? CATEGORY_ICON[name as CategoryIconName] : "layers";
}
