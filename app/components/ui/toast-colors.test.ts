import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { contrastRatio } from "~/lib/ui/contrast";

/**
 * The toasts' text against their backgrounds (WCAG 1.4.3, 4.5:1): sonner's backgrounds as its stylesheet sets them,
 * the inks as app.css sets them over sonner's where sonner's fall short. Fails if either moves under the line.
 */
const sonnerCss = readFileSync(createRequire(import.meta.url).resolve("sonner/dist/styles.css"), "utf8");
const appCss = readFileSync(new URL("../../app.css", import.meta.url), "utf8");

/** The custom properties a rule whose selector contains `selector` sets, by name. */
function properties(css: string, selector: string): Record<string, string> {
  const start = css.indexOf(selector);
  expect(start, `a rule for ${selector}`).toBeGreaterThanOrEqual(0);
  const body = css.slice(css.indexOf("{", start) + 1, css.indexOf("}", start));
  return Object.fromEntries([...body.matchAll(/(--[a-z-]+):\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]));
}

/** `hsl(h, s%, l%)` or `#rrggbb` as `#rrggbb`. */
function hex(colour: string): string {
  if (/^#[0-9a-f]{6}$/i.test(colour)) return colour;
  const [h, s, l] = colour
    .match(/hsl\((\d+),\s*(\d+)%,\s*(\d+)%\)/)!
    .slice(1)
    .map(Number) as [number, number, number];
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

describe("the toasts' colours", () => {
  const light = {
    ...properties(sonnerCss, "[data-sonner-toaster][data-sonner-theme='light'] {"),
    ...properties(appCss, '[data-sonner-toaster][data-sonner-theme="light"] [data-sonner-toast] {'),
  };
  const dark = properties(sonnerCss, "[data-sonner-toaster][data-sonner-theme='dark'] {");

  it.each(["success", "error"])("%s text reads at 4.5:1 or more on its background, in the light theme and the dark", (kind) => {
    for (const theme of [light, dark]) expect(contrastRatio(hex(theme[`--${kind}-text`]!), hex(theme[`--${kind}-bg`]!))).toBeGreaterThanOrEqual(4.5);
  });

  it("would fail on sonner's own light inks (what app.css replaces)", () => {
    const own = properties(sonnerCss, "[data-sonner-toaster][data-sonner-theme='light'] {");
    expect(contrastRatio(hex(own["--success-text"]!), hex(own["--success-bg"]!))).toBeLessThan(4.5);
  });
});
