import type { ReactNode } from "react";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      /** A personal part's place in a shared page (`display: contents`: it adds no box). */
      "personal-part": { "data-part": string; "data-props": string; children?: ReactNode };
      /** One part rendered alone on the server (server/personal-overlay.tsx): never in a page. */
      "personal-slot": { children?: ReactNode; key?: React.Key };
    }
  }
}

/** A personal part: the component a page renders, which marks its place, and the part itself, which the server renders alone. */
export type PersonalPart<P extends object> = ((props: P) => ReactNode) & { partName: string; Part: (props: P) => ReactNode };

/**
 * Makes `Part` a personal part (decision 054): a place in a page that differs from reader to reader, marked
 * `<personal-part data-part data-props>` so that the server can fill it in for a signed-in reader on the page kept
 * for everyone (server/personal-overlay.tsx; every part is listed in ./all-parts.ts). A part shows nothing personal
 * but what `usePersonalData` gives it, takes its other props as JSON (they travel in the page), uses no `useId`
 * (rendered alone it must give the ids it gives in the page), and is never inside another part (the server finds a
 * part's end as the next end tag, and renders a page with nested parts in full). The mark has no box, so a margin
 * given to it is lost: put a part in a container spaced by `gap`, not `space-y`.
 */
export function personalPart<P extends object>(partName: string, Part: (props: P) => ReactNode): PersonalPart<P> {
  const Marked = (props: P) => (
    <personal-part data-part={partName} data-props={JSON.stringify(props)}>
      <Part {...props} />
    </personal-part>
  );
  return Object.assign(Marked, { partName, Part });
}
