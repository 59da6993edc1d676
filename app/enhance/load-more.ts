/**
 * The blog's Load More (spec part 2: it adds a page) is a link to the list with one more page, which the server
 * renders whole. Here it adds the new cards in place instead: the reader keeps their place, the address follows,
 * and the focus goes to the first new article.
 */
export function enhanceLoadMore(block: HTMLElement) {
  const link = block.querySelector("a");
  const grid = document.querySelector("[data-post-grid]");
  if (!link || !grid) return;
  link.addEventListener("click", async (event) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    link.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(link.href, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`${response.status}`);
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const added = [...page.querySelectorAll("[data-post-grid] > li")].filter((item) => {
        const slug = item.querySelector("[data-post-slug]")?.getAttribute("data-post-slug");
        return slug && !document.querySelector(`[data-post-slug="${CSS.escape(slug)}"]`);
      });
      grid.append(...added.map((item) => document.importNode(item, true)));
      const next = page.querySelector<HTMLElement>("[data-load-more]");
      history.replaceState(history.state, "", link.href);
      if (next) {
        const adopted = document.importNode(next, true);
        block.replaceWith(adopted);
        enhanceLoadMore(adopted);
      } else block.remove();
      grid.querySelector<HTMLElement>(`li:nth-child(${grid.children.length - added.length + 1}) a`)?.focus();
    } catch {
      location.assign(link.href); // the page itself, as without a script
    }
  });
}
