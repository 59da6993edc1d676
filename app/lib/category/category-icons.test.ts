import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "~/lib/ui/icon-names";
import { CATEGORY_ICONS } from "./category-icons";
import { categoryIcon } from "./category-icons";
import { contrastRatio } from "../ui/contrast";

const categories = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../content/categories.json"), "utf8")) as { slug: string; icon: string; color: string }[];

describe("category icons", () => {
  it("draw every icon name the content schema allows from the sprite", () => {
    for (const name of CATEGORY_ICONS) expect(ICON_NAMES, name).toContain(categoryIcon(name));
    expect(categoryIcon("Search")).toBe("search");
    expect(categoryIcon("TrendingUp")).toBe("trending-up");
    expect(categoryIcon("MessageSquare")).toBe("message-square");
  });

  it("are white on a category colour that keeps 3:1 against it (WCAG 1.4.11)", () => {
    const faint = categories.filter((category) => contrastRatio(category.color, "#ffffff") < 3).map((category) => `${category.slug} ${category.color}`);
    expect(faint).toEqual([]);
  });
});
