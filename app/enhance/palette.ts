/**
 * Ctrl/Cmd+K on a reading page (spec part 1 §2.3 opens the command palette with it, which is React's): the header's
 * search box where it is shown, else the search page, where the same search is the page.
 */
export function installSearchShortcut() {
  addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.key.toLowerCase() !== "k") return;
    event.preventDefault();
    const box = document.getElementById("header-search");
    if (box instanceof HTMLInputElement && box.offsetParent !== null) box.focus();
    else location.assign("/search");
  });
}
