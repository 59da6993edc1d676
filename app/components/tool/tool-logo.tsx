import { cn } from "~/lib/ui/cn";

/**
 * A tool's logo (decision 026): the theme's symbol from the tool's logo file, a short reference rather
 * than the mark's paths, so a listing of 24 cards repeats no path data and each file is fetched once.
 * Decorative unless `labelled` (next to the tool's name it would only be read twice); labelled, it is
 * announced as '{name} logo', whether brand mark or monogram.
 */
export function ToolLogo({ slug, name, size, className, labelled = false }: { slug: string; name: string; size: number; className?: string; labelled?: boolean }) {
  // routes/images.tools.ts (the SVG is drawn by lib/tool/tool-logo.ts on the server only: none of that code ships).
  const href = `/images/tools/${slug}.svg`;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      className={cn("shrink-0", className)}
      {...(labelled ? { role: "img", "aria-label": `${name} logo` } : { "aria-hidden": true })}
    >
      {/* A symbol's `use` is as large as its viewport (100% by default): the 48 units of the viewBox. */}
      <use href={`${href}#light`} className="dark:hidden" />
      <use href={`${href}#dark`} className="hidden dark:inline" />
    </svg>
  );
}
