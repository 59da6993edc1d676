import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { BADGE_HEIGHT, BADGE_PALETTES, BADGE_THEMES, badgeOptions, badgePath, badgeSize, badgeSvg, badgeWords, contrastRatio, escapeXml, textWidth } from "./badge-svg";

const parse = (svg: string) => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(svg).svg;

describe("badge words", () => {
  it("say the listing, and the prices' confirmation only when one covers them, with its real day", () => {
    expect(badgeWords(null)).toEqual({ listed: "Listed on AI Tools Atlas", prices: null, label: "Listed on AI Tools Atlas" });
    expect(badgeWords("2026-12-04")).toEqual({
      listed: "Listed on AI Tools Atlas",
      prices: "Prices confirmed 4 Dec 2026",
      label: "Listed on AI Tools Atlas. Prices confirmed 4 Dec 2026",
    });
    expect(badgeWords("2026-09-01").prices).toBe("Prices confirmed 1 Sept 2026");
  });
});

describe("badgeSvg", () => {
  for (const theme of BADGE_THEMES) {
    it(`is a valid SVG document with its size, role and the same words as title and accessible name (${theme})`, () => {
      const words = badgeWords("2026-12-04");
      const svg = badgeSvg(words, theme);
      expect(XMLValidator.validate(svg)).toBe(true);
      const root = parse(svg);
      const { width, height } = badgeSize(words);
      expect(root).toMatchObject({ xmlns: "http://www.w3.org/2000/svg", width: String(width), height: String(height), viewBox: `0 0 ${width} ${height}`, role: "img" });
      expect(root["aria-label"]).toBe(words.label);
      expect(root.title).toBe(words.label);
      expect(root.g[1].text.map((text: { "#text": string }) => text["#text"])).toEqual([words.listed, words.prices]);
      expect(svg).not.toMatch(/<script|on\w+=|href=/i);
    });
  }

  it("says nothing about prices without a confirmation", () => {
    const svg = badgeSvg(badgeWords(null), "light");
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toContain("Prices");
    expect(svg).not.toContain("confirmed");
    expect(svg).toContain(">Listed on AI Tools Atlas</text>");
  });

  it("differs by theme in its colours only", () => {
    const words = badgeWords("2026-12-04");
    const [light, dark] = [badgeSvg(words, "light"), badgeSvg(words, "dark")];
    expect(light).not.toBe(dark);
    expect(light).toContain(BADGE_PALETTES.light.listed.background);
    expect(dark).toContain(BADGE_PALETTES.dark.listed.background);
    let swapped = dark;
    for (const part of ["listed", "prices"] as const)
      for (const key of ["background", "text"] as const) swapped = swapped.replaceAll(BADGE_PALETTES.dark[part][key], BADGE_PALETTES.light[part][key]);
    expect(swapped).toBe(light);
  });

  it("escapes its text", () => {
    expect(escapeXml(`<b>"Tom" & 'Jerry'</b>`)).toBe("&#60;b&#62;&#34;Tom&#34; &#38; &#39;Jerry&#39;&#60;/b&#62;");
    const svg = badgeSvg({ listed: 'A <b> & "c"', prices: "it's", label: 'A <b> & "c". it\'s' }, "dark");
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toContain("<b>");
    const root = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", htmlEntities: true, processEntities: true }).parse(svg).svg;
    expect(root.title).toBe(`A <b> & "c". it's`);
  });
});

describe("badge size", () => {
  it("grows with its text, wide enough for each part's estimate plus padding", () => {
    const short = badgeSize(badgeWords(null));
    const long = badgeSize(badgeWords("2026-12-04"));
    expect(short.height).toBe(BADGE_HEIGHT);
    expect(short.width).toBe(textWidth("Listed on AI Tools Atlas") + 16);
    expect(long.width).toBe(short.width + textWidth("Prices confirmed 4 Dec 2026") + 16);
    // Verdana at 12 px: 'Listed on AI Tools Atlas' is about 150 px; the estimate errs wide, not wildly.
    expect(textWidth("Listed on AI Tools Atlas")).toBeGreaterThan(140);
    expect(textWidth("Listed on AI Tools Atlas")).toBeLessThan(175);
    expect(textWidth("WWW")).toBeGreaterThan(textWidth("iii"));
  });
});

describe("badge colours", () => {
  it("meet WCAG AA (4.5:1) for their text in both themes", () => {
    for (const theme of BADGE_THEMES)
      for (const part of ["listed", "prices"] as const) {
        const { background, text } = BADGE_PALETTES[theme][part];
        expect([theme, part, contrastRatio(background, text) >= 4.5]).toEqual([theme, part, true]);
      }
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
  });
});

describe("badge options", () => {
  it("read the dark theme and leaving prices out, and ignore anything else", () => {
    expect(badgeOptions(new URLSearchParams(""))).toEqual({ theme: "light", prices: true });
    expect(badgeOptions(new URLSearchParams("theme=dark&prices=0"))).toEqual({ theme: "dark", prices: false });
    expect(badgeOptions(new URLSearchParams("theme=blue&prices=maybe&x=%3Cscript%3E"))).toEqual({ theme: "light", prices: true });
    expect(badgeOptions(new URLSearchParams("theme=DARK&theme=dark"))).toEqual({ theme: "light", prices: true });
  });

  it("make the badge's address with what differs from the default only", () => {
    expect(badgePath("chatgpt")).toBe("/badges/chatgpt.svg");
    expect(badgePath("chatgpt", { theme: "dark" })).toBe("/badges/chatgpt.svg?theme=dark");
    expect(badgePath("chatgpt", { theme: "dark", prices: false })).toBe("/badges/chatgpt.svg?theme=dark&prices=0");
  });
});
