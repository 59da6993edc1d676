import { describe, expect, it } from "vitest";
import { contrastRatio } from "../ui/contrast";
import { LOGO_THEMES, markColours, MIN_MARK_CONTRAST, toolLogoSvg, type LogoTheme } from "./tool-logo";

const THEMES: LogoTheme[] = ["light", "dark"];
const mark = (hex: string) => ({ title: "Brand", slug: "brand", hex, path: "M0 0h24v24H0z" });

describe("markColours", () => {
  it.each(THEMES)("keeps a brand colour that stands out on the %s tile", (theme) => {
    expect(markColours("8E75B2", theme)).toEqual({ tile: LOGO_THEMES[theme].tile, glyph: "#8e75b2", branded: false });
  });

  it("puts a black mark on a black tile in the dark theme, drawn in white", () => {
    expect(markColours("000000", "light")).toMatchObject({ glyph: "#000000", branded: false });
    expect(markColours("000000", "dark")).toEqual({ tile: "#000000", glyph: "#ffffff", branded: true });
  });

  it("puts a pale mark on a tile of its colour in the light theme, drawn in near-black", () => {
    expect(markColours("FFE01B", "light")).toEqual({ tile: "#ffe01b", glyph: LOGO_THEMES.light.ink, branded: true });
    expect(markColours("FFE01B", "dark")).toMatchObject({ glyph: "#ffe01b", branded: false });
  });

  // Every colour a brand may have: whatever the treatment, the mark stands out from what it is drawn on.
  it.each(["000000", "ffffff", "6afdef", "b6ff60", "808080", "0b100f", "ff4f00", "1fb8cd", "5e6ad2", "777777"])("draws #%s with 3:1 or more in both themes", (hex) => {
    for (const theme of THEMES) {
      const { tile, glyph } = markColours(hex, theme);
      expect(contrastRatio(tile, glyph)).toBeGreaterThanOrEqual(MIN_MARK_CONTRAST);
    }
  });
});

describe("toolLogoSvg", () => {
  it("holds a symbol per theme and draws the light one on its own, labelled '{name} logo'", () => {
    const svg = toolLogoSvg("Notion AI", { kind: "brand", mark: mark("000000") });
    expect(svg).toContain('<symbol id="light"');
    expect(svg).toContain('<symbol id="dark"');
    expect(svg).toContain('<use href="#light"');
    expect(svg).toContain('aria-label="Notion AI logo"');
    expect(svg.match(/d="M0 0h24v24H0z"/g)).toHaveLength(2);
    expect(svg).not.toMatch(/placeholder/i);
  });

  it("draws a monogram in the ink that reads on the category colour, names escaped", () => {
    const svg = toolLogoSvg('A&B "Tool"', { kind: "monogram", initials: "AB", color: "#2563eb" });
    expect(svg).toContain('aria-label="A&#38;B &#34;Tool&#34; logo"');
    expect(svg).toContain('fill="#ffffff">AB</text>');
    expect(toolLogoSvg("Yellow", { kind: "monogram", initials: "YE", color: "#facc15" })).toContain(`fill="${LOGO_THEMES.light.ink}">YE</text>`);
  });

  it("embeds an accepted image once, inset on each theme's neutral tile, and fetches nothing else", () => {
    const image = "data:image/webp;base64,UklGRh4AAABXRUJQVlA4TBEAAAAvAAAAAAfQ//73v/+BiOh/AAA=";
    const svg = toolLogoSvg("Acme", { kind: "upload", image });
    expect(svg.match(/<image /g)).toHaveLength(1);
    expect(svg).toContain(`<image id="image" x="6" y="6" width="36" height="36" href="${image}"/>`);
    expect(svg.match(/<use href="#image"\/>/g)).toHaveLength(2);
    expect(svg).toContain(`fill="${LOGO_THEMES.light.tile}"`);
    expect(svg).toContain(`fill="${LOGO_THEMES.dark.tile}"`);
    expect(svg).not.toMatch(/href="(?!#|data:image\/webp;base64,)/);
  });
});
