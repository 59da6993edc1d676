import { SCREENSHOT_PROVIDER_LABELS } from "~/lib/tool/screenshots";
import { formatLongDate } from "~/lib/ui/dates";
import type { ToolScreenshot } from "~/models/tool/screenshots.server";

/**
 * The tool's screenshots (issue 29, decision 048), when an editor has added any: nothing at all otherwise. Each
 * thumbnail is a plain link to the larger image, so the gallery works without JavaScript; the images load lazily
 * (the gallery sits below the fold) and carry their size, so nothing moves when they arrive.
 */
export function ToolScreenshots({ toolName, screenshots }: { toolName: string; screenshots: ToolScreenshot[] }) {
  if (screenshots.length === 0) return null;
  return (
    <section aria-labelledby="screenshots-heading" data-screenshots>
      <h2 id="screenshots-heading" className="text-2xl font-bold">
        {toolName} screenshots
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {screenshots.map((shot) => (
          <li key={shot.id}>
            <figure>
              <a href={shot.url} className="block overflow-hidden rounded-lg border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
                <img
                  src={shot.thumbUrl}
                  width={shot.thumbWidth}
                  height={shot.thumbHeight}
                  alt={shot.alt}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[16/10] h-auto w-full bg-muted object-cover object-top"
                />
                <span className="sr-only"> (full size)</span>
              </a>
              <figcaption className="mt-2 text-sm text-muted-foreground">
                {shot.caption && <span className="block">{shot.caption}</span>}
                {/* From the row: when it was added and who made it (decision 063). */}
                <span className="block text-xs" data-screenshot-added>
                  Added <time dateTime={shot.addedOn}>{formatLongDate(shot.addedOn)}</time> by {SCREENSHOT_PROVIDER_LABELS[shot.providedBy]}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
