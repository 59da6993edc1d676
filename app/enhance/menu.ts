/**
 * The header's menu on phones is a <details> disclosure: it opens and its links work without JavaScript
 * (issue 30). With a script, on app pages (site-header.tsx) and reading pages (main.ts) alike: Escape closes
 * it and gives the focus back to its button, and a press outside it or on one of its links closes it. The home
 * page's quick actions (mobile-home-bar.tsx) are the same kind of disclosure and get the same.
 */
export function enhanceMenu(menu: HTMLDetailsElement): () => void {
  const summary = menu.querySelector("summary");
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== "Escape" || !menu.open) return;
    event.preventDefault();
    menu.open = false;
    summary?.focus();
  }
  function onPointerDown(event: PointerEvent) {
    if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
  }
  function onClick(event: MouseEvent) {
    if ((event.target as Element).closest("a")) menu.open = false;
  }
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("pointerdown", onPointerDown);
  menu.addEventListener("click", onClick);
  return () => {
    document.removeEventListener("keydown", onKeyDown);
    document.removeEventListener("pointerdown", onPointerDown);
    menu.removeEventListener("click", onClick);
  };
}
