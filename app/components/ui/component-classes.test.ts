import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BADGE_VARIANTS } from "./badge";
import { BUTTON_SIZES, BUTTON_VARIANTS } from "./button";

// A button's or badge's class is built from its variant's name: a name without its rule would draw nothing, silently.
const css = readFileSync(path.resolve(import.meta.dirname, "../../app.css"), "utf8");
const ruled = (className: string) => new RegExp(`^\\s*\\.${className} \\{`, "m").test(css);

describe("component classes", () => {
  it("has a rule in app.css for every button variant and size and every badge variant", () => {
    const classes = ["btn", ...BUTTON_VARIANTS.map((v) => `btn-${v}`), ...BUTTON_SIZES.map((s) => `btn-size-${s}`), "badge", ...BADGE_VARIANTS.map((v) => `badge-${v}`)];
    expect(classes.filter((className) => !ruled(className))).toEqual([]);
    expect(classes.length).toBe(17);
  });

  // Elements repeated 20-30 times on a page (issue 43): each class a component names has its rule.
  it("has a rule in app.css for every repeated element's class the components name", () => {
    const sources = [
      "tool/tool-card.tsx",
      "tool/star-rating.tsx",
      "category-icon.tsx",
      "tool/directory-controls.tsx",
      "layout/site-footer.tsx",
      "tool/writing-comparison-table.tsx",
      "../routes/home.tsx",
    ].map((file) => readFileSync(path.resolve(import.meta.dirname, "..", file), "utf8"));
    const named = new Set(
      sources.flatMap((source) =>
        [...source.matchAll(/(?:className=|cn\()"((?:tool-card|star-rating|category-icon|sidebar-link|footer-link|category-tile|table-visit-link)[\w-]*)"/g)].map(
          (match) => match[1]!,
        ),
      ),
    );
    expect(named.size).toBe(14);
    expect([...named].filter((className) => !ruled(className))).toEqual([]);
  });
});
