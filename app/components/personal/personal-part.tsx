import type { ReactNode } from "react";
import type { JsonOf } from "~/lib/json";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      /** A part's place in a kept page (`display: contents`: it adds no box). */
      "page-part": { "data-part": string; "data-props": string; children?: ReactNode };
      /** Ends one part of those the server renders together (server/page-parts/render-parts.tsx): never in a page. */
      "part-end": { children?: never };
    }
  }
}

/**
 * What a part's HTML depends on, besides its props and its page's shared loader data: the reader (`personal`: who is
 * signed in, what they saved; rendered for each signed-in reader of the kept page) or the page's address alone
 * (`address`: rendered for each search served from the kept search shell). The search shell renders every part of the
 * page at the search's address; a signed-in reader gets the `personal` ones rendered for them (decisions 054, 066).
 */
export type PartKind = "personal" | "address";

/** A part: the component a page renders, which marks its place, and the part itself, which the server renders alone. */
export type PagePart<P> = ((props: P) => ReactNode) & { partName: string; kind: PartKind; Part: (props: P) => ReactNode };

/** No props: a part such as `function AccountMenu()` takes none. */
type NoProps = Record<string, never>;

/**
 * Nothing more when every prop of `P` is JSON; else a requirement no component meets, named so that the type error
 * says why (`P extends JsonOf<P>` would be a circular constraint).
 */
type PropsMustBeJson<P> = [P] extends [JsonOf<P>] ? unknown : { "props must be JSON (lib/json.ts JsonOf)": never };

function pagePart<P extends object>(kind: PartKind, partName: string, Part: (props: P) => ReactNode): PagePart<P> {
  const Marked = (props: P) => (
    <page-part data-part={partName} data-props={JSON.stringify(props)}>
      <Part {...props} />
    </page-part>
  );
  return Object.assign(Marked, { partName, kind, Part });
}

/**
 * Makes `Part` a personal part (decisions 054, 066): a place in a page that differs from reader to reader, marked
 * `<page-part data-part data-props>` so that the server can fill it in for a signed-in reader on the page kept for
 * everyone (server/page-parts; every part is listed in ./all-parts.ts). Its props travel in the page as JSON, so the
 * type check refuses props that are not (`JsonOf`: a function, a Date, a class instance, a field that is undefined).
 * A part shows nothing personal but what `usePersonalData` (or a hook built on it) gives it, and calls no `useId`
 * (rendered alone it must give the ids it gives in the page): the lint rules `project-parts/*` hold every
 * `*-part.tsx` to that. The mark has no box, so a margin given to it is lost: put a part in a container spaced by
 * `gap`, not `space-y`. CONTRIBUTING.md "Adding a personal element" walks through one.
 */
export function personalPart<P extends object = NoProps>(partName: string, Part: ((props: P) => ReactNode) & PropsMustBeJson<P>): PagePart<P> {
  return pagePart("personal", partName, Part);
}

/**
 * Makes `Part` an address part: a place in the layout that prints the page's own address (the header's search boxes,
 * the theme switch's way back), the only places that may (decision 066). The search shell is one kept page for every
 * search: it renders these at each search's address. Same rules as `personalPart`.
 */
export function addressPart<P extends object = NoProps>(partName: string, Part: ((props: P) => ReactNode) & PropsMustBeJson<P>): PagePart<P> {
  return pagePart("address", partName, Part);
}
