/**
 * The site's rule for the size of what a finger or pointer hits (decision 050), measured the same way by /verification
 * (components/verification/browser-checks.ts) and by the browser tests (tests/e2e/accessibility-phone.test.ts):
 *
 * - WCAG 2.2 2.5.8 Target Size (Minimum): a target is at least 24 by 24 CSS px, unless it is spaced (a circle of
 *   24 px diameter on its centre meets no other target, nor another undersized target's circle) or inline (a link
 *   inside a sentence, whose size is the text's). Hidden, disabled and visually hidden (1 px) targets are not targets.
 * - The site's own stricter rule: primary buttons (`.btn-default`, components/ui/button.tsx) and the
 *   targets of the mobile bottom bar (`[data-target-size="44"]`) are at least 44 by 44.
 *
 * `findSmallTargets` uses nothing from outside its own body, so a test can hand it to the browser as it is
 * (Playwright's `page.evaluate(findSmallTargets)`).
 */
export type SmallTarget = { target: string; width: number; height: number; minimum: number };

/** The targets measured on the page, and those under the rule's size. */
export function findSmallTargets(root: Document = document): { measured: number; small: SmallTarget[] } {
  const MINIMUM = 24;
  const LARGE = 44;
  const INTERACTIVE =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], [role="menuitem"], [tabindex]:not([tabindex="-1"])';
  const LARGE_TARGETS = '.btn-default, [data-target-size="44"] *';
  const view = root.defaultView!;

  /** `size` is the target's area, `hit` the part of it on screen now (what spacing is measured between). */
  type Measured = { element: Element; size: DOMRect; hit: DOMRect; minimum: number };
  const hidden = (element: Element) => Boolean(element.closest('[aria-hidden="true"], [inert]')) || view.getComputedStyle(element).visibility !== "visible";
  const disabled = (element: Element) => element.matches(":disabled") || element.getAttribute("aria-disabled") === "true";
  /** A link in running text: inline, beside words of the same block that are not its own. */
  const inline = (element: Element) => {
    if (view.getComputedStyle(element).display !== "inline") return false;
    let block = element.parentElement;
    while (block && view.getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
    const words = (block?.textContent ?? "").replace(element.textContent ?? "", "");
    return /[A-Za-z0-9]{2}/.test(words);
  };
  const box = (left: number, top: number, right: number, bottom: number) => new view.DOMRect(left, top, Math.max(0, right - left), Math.max(0, bottom - top));
  /**
   * What of `rect` its ancestors show. A box that scrolls only hides what a reader can scroll to (a link half out of
   * a row of chips is still its whole size), so it cuts `hit`; a box that clips for good cuts both.
   */
  const clip = (element: Element, rect: DOMRect) => {
    const size = { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom };
    const hit = { ...size };
    for (let parent = element.parentElement; parent && parent !== root.body; parent = parent.parentElement) {
      const style = view.getComputedStyle(parent);
      const edge = parent.getBoundingClientRect();
      for (const [overflow, low, high] of [
        [style.overflowX, "left", "right"],
        [style.overflowY, "top", "bottom"],
      ] as const) {
        if (overflow === "visible") continue;
        for (const area of overflow === "auto" || overflow === "scroll" ? [hit] : [hit, size]) {
          area[low] = Math.max(area[low], edge[low]);
          area[high] = Math.min(area[high], edge[high]);
        }
      }
    }
    return { size: box(size.left, size.top, size.right, size.bottom), hit: box(hit.left, hit.top, hit.right, hit.bottom) };
  };
  /** The area that answers the pointer: a checkbox or radio button with its label. */
  const areaOf = (element: Element): DOMRect => {
    const labels = element instanceof view.HTMLInputElement ? [...(element.labels ?? [])] : [];
    return labels.reduce((union, label) => {
      const other = label.getBoundingClientRect();
      return box(Math.min(union.left, other.left), Math.min(union.top, other.top), Math.max(union.right, other.right), Math.max(union.bottom, other.bottom));
    }, element.getBoundingClientRect());
  };
  const describe = (element: Element) => {
    const name = (element.getAttribute("aria-label") || element.textContent || element.getAttribute("title") || element.getAttribute("name") || "").trim().replace(/\s+/g, " ");
    return `${element.tagName.toLowerCase()} "${name.slice(0, 40)}"`;
  };

  const targets: Measured[] = [];
  for (const element of root.querySelectorAll(INTERACTIVE)) {
    const area = areaOf(element);
    // Nothing to hit: not rendered, or visually hidden until focused (the skip link); nor, for now, scrolled out of view.
    if (area.width <= 1 || area.height <= 1 || hidden(element) || disabled(element)) continue;
    const { size, hit } = clip(element, area);
    if (hit.width <= 0 || hit.height <= 0) continue;
    targets.push({ element, size, hit, minimum: element.matches(LARGE_TARGETS) ? LARGE : MINIMUM });
  }

  const centre = (rect: DOMRect) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });
  const distanceToRect = (point: { x: number; y: number }, rect: DOMRect) =>
    Math.hypot(Math.max(rect.left - point.x, 0, point.x - rect.right), Math.max(rect.top - point.y, 0, point.y - rect.bottom));
  const round = (value: number) => Math.round(value * 10) / 10;
  const undersized = (target: Measured) => target.size.width < MINIMUM - 0.01 || target.size.height < MINIMUM - 0.01;
  const related = (a: Element, b: Element) => a === b || a.contains(b) || b.contains(a);

  const small: SmallTarget[] = [];
  for (const target of targets) {
    const { size, hit, element, minimum } = target;
    if (size.width >= minimum - 0.01 && size.height >= minimum - 0.01) continue;
    const result = { target: describe(element), width: round(size.width), height: round(size.height), minimum };
    // The 44 px rule has no exception: these are the controls people are meant to hit.
    if (minimum === LARGE) {
      small.push(result);
      continue;
    }
    if (inline(element)) continue;
    const point = centre(hit);
    const crowded = targets.some(
      (other) =>
        !related(other.element, element) &&
        (distanceToRect(point, other.hit) < MINIMUM / 2 - 0.01 || (undersized(other) && Math.hypot(point.x - centre(other.hit).x, point.y - centre(other.hit).y) < MINIMUM - 0.01)),
    );
    if (crowded) small.push(result);
  }
  return { measured: targets.length, small };
}
