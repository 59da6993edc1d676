/**
 * Runs `run` once the page is really shown: at once, or, for a page the browser prerendered from a link's
 * Speculation Rules (decision 049), when the reader opens it. Counting a read or measuring a visit before then
 * would count what nobody saw.
 */
export function whenShown(run: () => void) {
  if ((document as Document & { prerendering?: boolean }).prerendering) document.addEventListener("prerenderingchange", run, { once: true });
  else run();
}
