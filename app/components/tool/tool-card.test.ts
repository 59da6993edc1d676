import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { renderedOnce } from "~/utils/rendered-once.server";
import { RenderOnceContext } from "~/components/ui/in-page-text";
import { ToolCard, type CardOnPage } from "./tool-card";

// A card as the directory sends it (lib/tool/card-on-page.ts), with everything its sections read.
const card = (overrides: Record<string, unknown> = {}) =>
  ({
    id: 7,
    slug: "alpha-writer",
    name: "Alpha & Writer",
    shown: {
      description: "Writes first drafts of blog posts from an outline.",
      rating: 4.5,
      source: "editorial",
      categoryName: "Writing Assistant",
      isFree: true,
      isPro: false,
      hasFreeTrial: true,
      featured: false,
      pricingText: "Free plan; from $12/month",
      priceNote: null,
      freshness: null,
      ...overrides,
    },
  }) as unknown as CardOnPage;

/** The card's HTML as the server renders it, with its sections rendered once (entry.server.tsx) or in place. */
function render(tool: CardOnPage, props: { rank?: number; reason?: string; headingLevel?: 2 | 3 } = {}, once = true) {
  const Stub = createRoutesStub([{ path: "/", Component: () => createElement(ToolCard, { tool, ...props }) }]);
  const page = once ? createElement(RenderOnceContext, { value: renderedOnce }, createElement(Stub)) : createElement(Stub);
  // The `<!-- -->` between adjacent texts are marks for hydration, which `renderToStaticMarkup` leaves out: a section
  // rendered once is never hydrated (the browser keeps the server's element), so they are all that may differ.
  return renderToString(page)
    .match(/<article[\s\S]*<\/article>/)![0]
    .replaceAll("<!-- -->", "");
}

// A section rendered once is rendered without React Router's or any other context (decision 079): if a card's
// sections ever read one (a Link, useId), their HTML would differ from the card rendered in place, and this fails.
describe("a tool card's sections rendered once", () => {
  it.each([
    ["a reviewed tool", card(), {}],
    ["an unreviewed community tool on a task page", card({ rating: null, source: "community", priceNote: "about $10/month" }), { rank: 2, reason: "It drafts fast." }],
    ["a card under a level-2 heading", card(), { headingLevel: 2 as const }],
  ])("%s: the same HTML as rendered in place, twice", (_label, tool, props) => {
    const inPlace = render(tool, props, false);
    expect(inPlace).toContain("tool-card-head");
    expect(render(tool, props)).toBe(inPlace);
    expect(render(tool, props)).toBe(inPlace);
  });
});
