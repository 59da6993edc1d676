import { useEffect, useRef, useState, type TouchEvent } from "react";
import { ToolCard, type CardOnPage } from "~/components/tool/tool-card";
import { Icon } from "~/components/ui/icon";

/** Spec part 1 §9: a swipe moves the carousel from 100 px; the mobile breakpoint is 768 px. */
export const SWIPE_THRESHOLD = 100;
const PHONE = "(max-width: 767.98px)";

/**
 * The home page's featured tools (spec part 1 §2.3): a grid from 768 px; below, a carousel of one card
 * at a time that wraps both ways, moved by a horizontal swipe of at least 100 px or by its buttons.
 * Without JavaScript (and until hydration) a phone gets the same cards in a row that scrolls sideways.
 */
export function FeaturedCarousel({ tools }: { tools: CardOnPage[] }) {
  const [phone, setPhone] = useState(false);
  const [index, setIndex] = useState(0);
  const start = useRef<{ x: number; y: number } | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const query = matchMedia(PHONE);
    const follow = () => setPhone(query.matches);
    follow();
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, []);
  const count = tools.length;
  const move = (step: number) => setIndex((current) => (current + step + count) % count);
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.changedTouches[0]!;
    start.current = { x: touch.clientX, y: touch.clientY };
  };
  const onTouchEnd = (event: TouchEvent) => {
    const from = start.current;
    start.current = null;
    const touch = event.changedTouches[0];
    if (!from || !touch) return;
    const dx = touch.clientX - from.x;
    // Mostly sideways and far enough: a left swipe shows the next card, a right swipe the previous.
    if (Math.abs(dx) >= SWIPE_THRESHOLD && Math.abs(dx) > Math.abs(touch.clientY - from.y)) move(dx < 0 ? 1 : -1);
  };
  const carousel = phone && count > 1;
  useEffect(() => {
    // Whatever the sideways row was scrolled to before, the carousel moves by transform from its start.
    if (carousel && viewport.current) viewport.current.scrollLeft = 0;
  }, [carousel]);
  return (
    <div aria-roledescription={carousel ? "carousel" : undefined} aria-label={carousel ? "Featured tools" : undefined} role={carousel ? "region" : undefined} className="mt-6">
      <div
        ref={viewport}
        data-carousel-viewport
        // Snap points keep the row's side margin (without JavaScript the row scrolls sideways).
        style={carousel ? undefined : { scrollPaddingInline: "1rem" }}
        className={carousel ? "touch-pan-y overflow-hidden" : "-mx-4 snap-x snap-mandatory overflow-x-auto px-4 md:mx-0 md:overflow-visible md:px-0"}
        onTouchStart={carousel ? onTouchStart : undefined}
        onTouchEnd={carousel ? onTouchEnd : undefined}
      >
        <ul
          className="flex gap-4 transition-transform duration-300 motion-reduce:transition-none md:grid md:grid-cols-2 lg:grid-cols-3"
          style={carousel ? { transform: `translateX(calc(${-index} * (100% + 1rem)))` } : undefined}
        >
          {tools.map((tool, position) => (
            <li key={tool.slug} className="w-full shrink-0 snap-start md:w-auto" inert={carousel && position !== index}>
              {/* The slide's group sits inside the list item: a list may only hold list items (axe 'list'). */}
              <div role={carousel ? "group" : undefined} aria-roledescription={carousel ? "slide" : undefined} aria-label={carousel ? `${position + 1} of ${count}` : undefined}>
                <ToolCard tool={tool} />
              </div>
            </li>
          ))}
        </ul>
      </div>
      {carousel && (
        <div className="mt-3 flex items-center justify-between">
          <button type="button" onClick={() => move(-1)} aria-label="Previous featured tool" className="grid size-11 place-items-center rounded-full border hover:bg-accent">
            <Icon name="arrow-left" className="size-5" />
          </button>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {index + 1} of {count}: {tools[index]!.name}
          </p>
          <button type="button" onClick={() => move(1)} aria-label="Next featured tool" className="grid size-11 place-items-center rounded-full border hover:bg-accent">
            <Icon name="arrow-right" className="size-5" />
          </button>
        </div>
      )}
    </div>
  );
}
