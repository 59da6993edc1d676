// A personal element: a place in a page that differs from reader to reader, here a tool card's "in your N saved
// tools" note. It would be app/components/tool/saved-note-part.tsx (a part's file is named `*-part.tsx`: the lint
// rules for parts apply to it), listed in app/components/personal/all-parts.ts, and rendered by a page component.
import type { LoaderFunctionArgs } from "react-router";
import { personalPart } from "~/components/personal/personal-part";
import { usePersonalData } from "~/components/personal/personal-data";
import { countOf } from "~/lib/ui/plural";
import { personalDataFor } from "~/models/account/personal.server";
import { viewerOf } from "~/utils/guards.server";

/**
 * The part: its props are JSON (they travel in the kept page's mark; a function or a Date does not compile), the
 * reader comes from `usePersonalData` (never the root loader's data, never `useId`: lint refuses both).
 */
export const SavedNotePart = personalPart("saved-note", function SavedNote({ toolSlug }: { toolSlug: string }) {
  const { viewer, favoriteSlugs } = usePersonalData();
  if (!viewer || !favoriteSlugs.includes(toolSlug)) return null;
  return <p className="text-sm text-muted-foreground">In your {countOf(favoriteSlugs.length, "saved tool")}</p>;
});

/** A page shows it like any component; its container spaces children with `gap` (the part's mark has no box). */
export function ToolCardFooter({ toolSlug }: { toolSlug: string }) {
  return (
    <div className="flex flex-col gap-2">
      <SavedNotePart toolSlug={toolSlug} />
    </div>
  );
}

/**
 * The reader's data a part shows is personal data (`PersonalData`, read by `personalDataFor`, cached under the reader's
 * tag): the root loader reads it like this for every page, and a route whose parts need more (the tool page's
 * `personal`) reads the viewer the same way. `use: "personal-parts"` keeps the page the one kept for everyone, whose
 * parts the server renders for each signed-in reader; `use: "page"` would make the page the reader's, rendered for them.
 */
export async function loader(args: LoaderFunctionArgs) {
  return { personal: await personalDataFor(viewerOf(args, { use: "personal-parts" })) };
}
