import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { inPageMark } from "~/lib/ui/page-text";
import { RENDERED_ONCE_LIMIT, renderedOnce, renderedOnceSize } from "~/utils/rendered-once.server";
import { InPageSection, RenderOnceContext } from "./in-page-text";

type Card = { name: string; price: string };

let renders = 0;
/** A section as a card renders one: from the value and one more input (`slug`), which `once` lists. */
const section = (card: Card, slug: string, once: readonly string[] | undefined = [slug]) =>
  createElement(InPageSection<Card>, {
    value: inPageMark(card),
    className: "card",
    once,
    children: (shown: Card) => {
      renders++;
      return createElement("a", { href: `/tools/${slug}` }, `${shown.name}: ${shown.price}`);
    },
  });
/** As the server renders a page (entry.server.tsx): with its sections rendered once. */
const onServer = (content: ReactNode) => renderToString(createElement(RenderOnceContext, { value: renderedOnce }, content));

describe("InPageSection rendered once (decision 079)", () => {
  it("writes the same HTML as a section rendered in place, and renders its content once for the same inputs", () => {
    const card = { name: "Alpha", price: "$9/month" };
    const inPlace = renderToString(section(card, "alpha", undefined));
    renders = 0;
    expect(onServer(section(card, "alpha"))).toBe(inPlace);
    expect(onServer(section({ ...card }, "alpha"))).toBe(inPlace);
    expect(renders).toBe(1);
  });

  it("renders again when the value or another input it lists changes: a tool's new price or slug is never the old HTML", () => {
    const card = { name: "Beta", price: "$5/month" };
    expect(onServer(section(card, "beta"))).toContain("Beta: $5/month");
    expect(onServer(section({ ...card, price: "$7/month" }, "beta"))).toContain("Beta: $7/month");
    expect(onServer(section(card, "beta-2"))).toContain('href="/tools/beta-2"');
    expect(onServer(section(card, "beta"))).toContain("Beta: $5/month");
  });

  it("renders in place where no `renderOnce` is given (the browser, a render that is not the server's)", () => {
    renders = 0;
    const card = { name: "Gamma", price: "Free" };
    renderToString(section(card, "gamma"));
    renderToString(section(card, "gamma"));
    expect(renders).toBe(2);
  });

  it("keeps the server's element where the browser has the mark only", () => {
    const mark = JSON.parse(JSON.stringify(inPageMark({ name: "Delta", price: "Free" })));
    const html = onServer(createElement(InPageSection<Card>, { value: mark, once: ["delta"], children: (shown: Card) => shown.name }));
    expect(html).toBe("<div></div>");
  });

  it(`holds at most ${RENDERED_ONCE_LIMIT} sections, dropping the least recently used`, () => {
    for (let i = 0; i <= RENDERED_ONCE_LIMIT; i++) onServer(section({ name: `Tool ${i}`, price: "Free" }, `tool-${i}`));
    expect(renderedOnceSize()).toBe(RENDERED_ONCE_LIMIT);
  });
});
