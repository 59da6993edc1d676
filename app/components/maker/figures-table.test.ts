import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { MakerFigures as Figures } from "~/models/maker/figures.server";
import { MakerFigures } from "./figures-table";

const week = (weekStart: string, counts: Partial<Figures["weeks"][number]> = {}) => ({ weekStart, current: false, clicks: 0, saves: 0, reviews: 0, watches: 0, ...counts });

const figures: Figures = {
  tool: { slug: "alpha-writer", name: "Alpha & Writer" },
  weeks: [week("2026-11-30", { current: true, clicks: 1234, saves: 2 }), week("2026-11-23"), week("2026-11-16", { reviews: 1, watches: 3 })],
  totals: { clicks: 1234, saves: 2, reviews: 1, watches: 3 },
  pageViews: null,
};

const render = (value: Figures = figures) => renderToString(createElement(MakerFigures, { figures: value })).replaceAll("<!-- -->", "");

describe("a maker's figures table", () => {
  it("is a table named by its caption, inside a focusable scroll region, with column and row headers", () => {
    const html = render();
    const captionId = html.match(/<caption id="([^"]+)"[^>]*>Alpha &amp; Writer: the last 3 weeks, by week<\/caption>/)?.[1];
    expect(captionId).toBeTruthy();
    expect(html).toMatch(new RegExp(`<div role="region" aria-labelledby="${captionId}" tabindex="0" class="scroll-region-box[^"]*">`));
    const columns = [...html.matchAll(/<th scope="col"[^>]*>([^<]+)<\/th>/g)].map((match) => match[1]);
    expect(columns).toEqual(["Week of (UTC)", "Website clicks", "Saves", "Reviews", "Watches"]);
    const rows = [...html.matchAll(/<th scope="row"[^>]*>(.*?)<\/th>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, ""));
    expect(rows).toEqual(["30 Nov 2026(so far)", "23 Nov 2026", "16 Nov 2026", "Total"]);
  });

  it("prints every week's counts, zeros included, the current week marked as so far", () => {
    const html = render();
    const cells = (weekStart: string) =>
      [...html.match(new RegExp(`<tr[^>]*data-week="${weekStart}"[^>]*>(.*?)</tr>`))![1]!.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((match) => match[1]);
    expect(cells("2026-11-30")).toEqual(["1,234", "2", "0", "0"]);
    expect(cells("2026-11-23")).toEqual(["0", "0", "0", "0"]);
    expect(cells("2026-11-16")).toEqual(["0", "0", "1", "3"]);
    expect(html.match(/so far/g)).toHaveLength(1);
  });

  it("says page views are not recorded and that the figures are counts, nothing estimated", () => {
    const html = render();
    expect(html).toContain("Page views: not recorded.");
    expect(html).toContain("We do not count visits to tool pages");
    expect(html).toContain("counts of events the site recorded, nothing estimated");
    expect(html).not.toMatch(/page views?<\/th>/i);
  });

  it("needs no script: no buttons, no handlers", () => {
    expect(render()).not.toMatch(/<button|<script|onclick/i);
  });
});
