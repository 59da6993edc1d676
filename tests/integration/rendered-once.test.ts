import { expect, it } from "vitest";
import { describeEachBackend } from "../support/app";

/** The first card of a page: its slug and its description as the HTML shows it. */
function firstCard(html: string) {
  const card = html.match(/<article data-tool-slug="([^"]+)" class="tool-card">([\s\S]*?)<\/article>/);
  if (!card) throw new Error("no card on the page");
  return { slug: card[1]!, description: card[2]!.match(/<p class="tool-card-text">([^<]*)<\/p>/)?.[1] };
}

let fresh = 0;
/** A full render every time: an address the page cache has never seen (a campaign tag is rendered in full). */
const unseen = (path: string) => `${path}${path.includes("?") ? "&" : "?"}utm_source=rendered-once-${++fresh}`;

// A card's sections are rendered once for their content and reused (decision 079), and /tools's statement of cards is
// built and planned once (decision 079): neither may show a tool as it was before it changed.
describeEachBackend("sections rendered once and the directory's statement built once", (app) => {
  it("shows a tool's changed description, name and price on the next render of /tools, its second page and another sort", async () => {
    for (const path of ["/tools", "/tools?page=2", "/tools?sort=name_asc"]) {
      const before = firstCard((await app.html(unseen(path))).body);
      expect(before.description).toBeTruthy();
      // The same render again: the same card.
      expect(firstCard((await app.html(unseen(path))).body)).toEqual(before);
      const changed = `Changed for the test of ${path}: it now writes sonnets.`;
      // The name keeps its order (name_asc); the price note and badges change with the plans.
      await app.query("update tools set description = $1, name = name || ' 2', is_free = not is_free where slug = $2", [changed, before.slug]);
      const after = (await app.html(unseen(path))).body;
      expect(firstCard(after)).toEqual({ slug: before.slug, description: changed });
      const [row] = await app.query<{ name: string; is_free: boolean }>("select name, is_free from tools where slug = $1", [before.slug]);
      const card = after.match(/<article data-tool-slug="[^"]+" class="tool-card">([\s\S]*?)<\/article>/)![1]!;
      expect(card).toContain(`>${row!.name.replaceAll("&", "&amp;")}</a>`);
      expect(card.includes('<span class="badge badge-success">Free</span>')).toBe(row!.is_free);
    }
  });
});
