import { Command, defaultFilter } from "cmdk";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { PALETTE_PAGES } from "~/lib/ui/navigation";
import { PALETTE_POPULAR_TOOLS } from "~/lib/site";
import { siteSearchHref } from "~/lib/site-search";
import type { QuickSearchResult } from "~/models/search/queries.server";
import { Icon } from "~/components/ui/icon";

/** Shorter than the search page's pause: the palette asks for five names, not a page. */
const TYPING_PAUSE_MS = 150;
/**
 * The server has already matched and ranked its results (typos included), so cmdk must not filter them out;
 * this score puts them below a page whose name the text spells, above a loose match.
 */
const RESULT_SCORE = 0.5;
/** A task the search names leads the live results, as it leads the search page (decision 046). */
const TASK_SCORE = 0.6;
const RESULT = "result:";
const TASK_RESULT = `${RESULT}task:`;
const SEE_ALL = `${RESULT}all`;
const GROUP_CLASS = "text-xs text-muted-foreground [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5";

/** 'See all results' comes last, after any page that matches at all. */
const filter = (value: string, search: string, keywords?: string[]) =>
  value === SEE_ALL ? 0.01 : value.startsWith(TASK_RESULT) ? TASK_SCORE : value.startsWith(RESULT) ? RESULT_SCORE : defaultFilter(value, search, keywords);

/** Live results from /api/search for the typed text, after a pause; each answer is kept for the palette's life. */
function useQuickSearch(query: string) {
  const [results, setResults] = useState<QuickSearchResult | null>(null);
  const [loading, setLoading] = useState(false);
  const [answers] = useState(() => new Map<string, QuickSearchResult>());
  const q = query.trim();
  useEffect(() => {
    if (!q) {
      setResults(null);
      setLoading(false);
      return;
    }
    const known = answers.get(q);
    if (known) {
      setResults(known);
      setLoading(false);
      return;
    }
    setLoading(true);
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(`/api/search?q=${encodeURIComponent(q)}`, { signal: controller.signal });
        if (!response.ok) throw new Error(`search answered ${response.status}`);
        const answer = (await response.json()) as QuickSearchResult;
        answers.set(q, answer);
        setResults(answer);
      } catch {
        // Aborted by the next keystroke, or offline: the pages still work, and the next keystroke asks again.
        if (controller.signal.aborted) return;
        setResults(null);
      }
      setLoading(false);
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, answers]);
  return { results: q ? results : null, loading };
}

/**
 * The command palette (spec part 1 §2.3): lists the site's pages and popular tools, and as you type, the
 * tasks, tools and articles the site search finds. Loaded on first use (see usePaletteShortcut) so cmdk stays
 * out of the first page load.
 */
export default function CommandPalette({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const { results, loading } = useQuickSearch(query);
  const found = results ? results.tasks.length + results.tools.length + results.posts.length : 0;

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
          Type to find a page, tool or article, then press Enter.
        </DialogDescription>
        <Command label="Command palette" className="flex flex-col" filter={filter}>
          <Command.Input
            value={query}
            onValueChange={setQuery}
            placeholder="Search across the site..."
            className="h-12 w-full border-b bg-transparent px-4 pr-12 text-sm outline-none placeholder:text-muted-foreground"
          />
          <Command.List className="max-h-96 overflow-y-auto p-2">
            {loading && !results && <Command.Loading className="px-2 py-1.5 text-xs text-muted-foreground">Searching…</Command.Loading>}
            {!loading && <Command.Empty className="py-6 text-center text-sm text-muted-foreground">No results found.</Command.Empty>}
            <Command.Group heading="Pages" className={GROUP_CLASS}>
              {PALETTE_PAGES.map((page) => (
                <PaletteItem key={page.href} value={`page ${page.label}`} onSelect={() => go(page.href)}>
                  <Icon name="file-text" /> {page.label}
                </PaletteItem>
              ))}
            </Command.Group>
            {/* The server's tools replace the fixed list once they arrive (the same names would show twice). */}
            {!results && (
              <Command.Group heading="Start with" className={GROUP_CLASS}>
                {PALETTE_POPULAR_TOOLS.map((tool) => (
                  <PaletteItem key={tool.slug} value={`tool ${tool.name}`} onSelect={() => go(`/tools/${tool.slug}`)}>
                    <Icon name="wrench" /> {tool.name}
                  </PaletteItem>
                ))}
              </Command.Group>
            )}
            {results && results.tasks.length > 0 && (
              <Command.Group heading="Tasks" className={GROUP_CLASS}>
                {results.tasks.map((task) => (
                  <PaletteItem key={task.slug} value={`${TASK_RESULT}${task.slug}`} onSelect={() => go(task.href)}>
                    <Icon name="target" /> <span className="flex-1 truncate">{task.name}</span>
                    <span className="shrink-0 text-xs text-muted-foreground">Task</span>
                  </PaletteItem>
                ))}
              </Command.Group>
            )}
            {results && results.tools.length > 0 && (
              <Command.Group heading="AI Tools" className={GROUP_CLASS}>
                {results.tools.map((tool) => (
                  <PaletteItem key={tool.slug} value={`${RESULT}tool:${tool.slug}`} onSelect={() => go(tool.href)}>
                    <Icon name="wrench" /> <span className="flex-1 truncate">{tool.name}</span>
                    <span className="shrink-0 text-xs text-muted-foreground">{tool.category}</span>
                  </PaletteItem>
                ))}
              </Command.Group>
            )}
            {results && results.posts.length > 0 && (
              <Command.Group heading="Blog Posts" className={GROUP_CLASS}>
                {results.posts.map((post) => (
                  <PaletteItem key={post.slug} value={`${RESULT}post:${post.slug}`} onSelect={() => go(post.href)}>
                    <Icon name="book-open" /> <span className="truncate">{post.title}</span>
                  </PaletteItem>
                ))}
              </Command.Group>
            )}
            {found > 0 && (
              <Command.Group heading="Search" className={GROUP_CLASS}>
                <PaletteItem value={SEE_ALL} onSelect={() => go(siteSearchHref({ q: query }))}>
                  <Icon name="search" /> See all results for “{query.trim()}”
                </PaletteItem>
              </Command.Group>
            )}
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
      className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-foreground data-[selected=true]:bg-accent [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground"
    >
      {children}
    </Command.Item>
  );
}
