import { Command } from "cmdk";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { PALETTE_PAGES } from "~/lib/navigation";
import { PALETTE_POPULAR_TOOLS } from "~/lib/site";
import { Icon } from "~/components/ui/icon";

/**
 * The command palette (spec part 1 §2.3): lists the site's pages and popular tools.
 * Loaded on first use (see usePaletteShortcut) so cmdk stays out of the first page load.
 */
export default function CommandPalette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState("");

  function go(href: string) {
    onOpenChange(false);
    setQuery("");
    navigate(href);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl overflow-hidden p-0" aria-describedby="palette-description">
        <DialogTitle className="sr-only">Command palette</DialogTitle>
        <DialogDescription id="palette-description" className="sr-only">
          Type to find a page or tool, then press Enter.
        </DialogDescription>
        <Command label="Command palette" className="flex flex-col">
          <Command.Input
            value={query}
            onValueChange={setQuery}
            placeholder="Search across the site..."
            className="h-12 w-full border-b bg-transparent px-4 pr-12 text-sm outline-none placeholder:text-muted-foreground"
          />
          <Command.List className="max-h-80 overflow-y-auto p-2">
            <Command.Empty className="py-6 text-center text-sm text-muted-foreground">No results found.</Command.Empty>
            <Command.Group heading="Pages" className="text-xs text-muted-foreground [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5">
              {PALETTE_PAGES.map((page) => (
                <PaletteItem key={page.href} value={`page ${page.label}`} onSelect={() => go(page.href)}>
                  <Icon name="file-text" /> {page.label}
                </PaletteItem>
              ))}
            </Command.Group>
            <Command.Group heading="Popular tools" className="text-xs text-muted-foreground [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5">
              {PALETTE_POPULAR_TOOLS.map((tool) => (
                <PaletteItem key={tool.slug} value={`tool ${tool.name}`} onSelect={() => go(`/tools/${tool.slug}`)}>
                  <Icon name="wrench" /> {tool.name}
                </PaletteItem>
              ))}
            </Command.Group>
          </Command.List>
        </Command>
      </DialogContent>
    </Dialog>
  );
}

function PaletteItem({ children, value, onSelect }: { children: React.ReactNode; value: string; onSelect: () => void }) {
  return (
    <Command.Item
      value={value}
      onSelect={onSelect}
      className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-foreground data-[selected=true]:bg-accent [&_svg]:size-4 [&_svg]:text-muted-foreground"
    >
      {children}
    </Command.Item>
  );
}
