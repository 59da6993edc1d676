import { useCallback } from "react";
import { Form, Link, useNavigate } from "react-router";
import { PostCard } from "~/components/blog/post-card";
import { ToolGrid } from "~/components/tool/tool-card";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input, Label } from "~/components/ui/input";
import { Pagination } from "~/components/ui/pagination";
import { useDebouncedSearch, type SearchCommit } from "~/components/ui/use-debounced-search";
import { cn } from "~/lib/ui/cn";
import { countOf } from "~/lib/ui/plural";
import { MAX_QUERY_LENGTH, SEARCH_TABS, siteSearchHref, type SearchTab } from "~/lib/site-search";
import type { SiteSearchResult } from "~/models/search/queries.server";
import type { TaskMatch } from "~/models/task/search.server";

/** Spec part 1 §2.13: four placeholder cards while the next tools load. */
const SKELETON_CARDS = 4;
const TOOL_COLUMNS = "grid gap-4 sm:grid-cols-2";
const POST_COLUMNS = "grid gap-6 sm:grid-cols-2 lg:grid-cols-3";
const SUGGESTIONS = ["ChatGPT", "Midjourney", "image generation", "SEO", "coding assistant", "prompts"];

/**
 * The search box: a GET form (without JavaScript it is the whole search), and with JavaScript live:
 * a pause in typing puts the text in the URL, which the server answers. A search typed on the empty page
 * adds a history entry, so back returns to it; refining a search replaces the entry, as in the directory.
 */
export function SiteSearchForm({ query, tab }: { query: string; tab: SearchTab }) {
  const navigate = useNavigate();
  const commit = useCallback(
    (q: string, { submitted }: SearchCommit) => {
      // Spec: submitting a blank term is ignored; clearing the box while typing goes back to the start.
      if (submitted && !q) return;
      navigate(siteSearchHref({ q, tab }), { replace: !submitted && query !== "", preventScrollReset: true });
    },
    [navigate, tab, query],
  );
  const { value, onChange, onSubmit } = useDebouncedSearch(query, commit);
  return (
    <Form method="get" action="/search" role="search" aria-label="Site search" className="mt-6 flex max-w-2xl gap-2" onSubmit={onSubmit}>
      <div className="relative flex-1">
        <Label htmlFor="site-search" className="sr-only">
          Search AI tools and blog posts
        </Label>
        <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id="site-search"
          name="q"
          type="search"
          value={value}
          onChange={onChange}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          placeholder="Search tools, guides, comparisons..."
          className="h-11 pl-9 text-base sm:text-sm"
        />
      </div>
      {tab !== "all" && <input type="hidden" name="tab" value={tab} />}
      <Button type="submit" size="lg" className="h-11">
        Search
      </Button>
    </Form>
  );
}

export function SearchTabs({ result }: { result: SiteSearchResult }) {
  const counts: Record<SearchTab, number> = { all: result.total, posts: result.posts.total, tools: result.tools.total };
  return (
    <nav aria-label="Result types" className="mt-6 border-b">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {SEARCH_TABS.map((tab) => {
          const active = tab.id === result.tab;
          return (
            <li key={tab.id}>
              <Link
                to={siteSearchHref({ q: result.query, tab: tab.id })}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-medium text-muted-foreground hover:text-foreground",
                  active ? "border-primary text-foreground" : "border-transparent",
                )}
              >
                {tab.label}
                <span className={cn("rounded-full px-2 py-0.5 text-xs tabular-nums", active ? "bg-primary text-primary-foreground" : "bg-muted text-muted-foreground")}>
                  {counts[tab.id]}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function StartSearch() {
  return (
    <section aria-labelledby="start-search" className="mt-10 rounded-xl border border-dashed p-8 text-center sm:p-12">
      <Icon name="search" className="mx-auto size-10 text-muted-foreground" />
      <h2 id="start-search" className="mt-4 text-xl font-semibold">
        Start Your Search
      </h2>
      <p className="mx-auto mt-2 max-w-md text-muted-foreground">Type a tool's name, a job you want done or a topic: we look through every task, tool review and blog article.</p>
      <p className="mt-6 text-sm font-medium">Try one of these</p>
      <ul className="mt-3 flex flex-wrap justify-center gap-2">
        {SUGGESTIONS.map((term) => (
          <li key={term}>
            <Link to={siteSearchHref({ q: term })} className="inline-flex rounded-full border px-3 py-1.5 text-sm hover:bg-accent">
              {term}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function NoResults({ query }: { query: string }) {
  return (
    <section aria-labelledby="no-results" className="mt-8 rounded-xl border border-dashed p-8 text-center sm:p-12">
      <Icon name="search-x" className="mx-auto size-10 text-muted-foreground" />
      <h2 id="no-results" className="mt-4 text-xl font-semibold">
        No results found
      </h2>
      <p className="mx-auto mt-2 max-w-md text-muted-foreground">Nothing matches “{query}”. Check the spelling, try fewer or more general words, or browse everything instead.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild variant="outline">
          <Link to="/blog">
            <Icon name="book-open" /> Browse Blog
          </Link>
        </Button>
        <Button asChild>
          <Link to="/tools">
            <Icon name="wrench" /> Browse Tools
          </Link>
        </Button>
      </div>
    </section>
  );
}

function SectionHeading({ id, title, count, more }: { id: string; title: string; count: number; more?: { href: string; label: string } }) {
  return (
    <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
      <h2 id={id} className="text-xl font-semibold">
        {title} <span className="text-base font-normal text-muted-foreground">({count})</span>
      </h2>
      {more && (
        <Link to={more.href} className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline">
          {more.label} <Icon name="arrow-right" className="size-4" />
        </Link>
      )}
    </div>
  );
}

/** The words the search matched, when they are not the task's own name: the reader sees why the task is here. */
const matchedAs = (task: TaskMatch) => (task.phrase.toLowerCase() === task.name.toLowerCase() ? null : task.phrase);

/** 'Canva, Recraft and DALL·E' (the task page's first three), then how many more. */
function rankedTools(task: TaskMatch) {
  const more = task.toolCount - task.topTools.length;
  const names = more > 0 ? [...task.topTools, `${more} more`] : task.topTools;
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
}

/** The task pages a search names (decision 046), first on the All tab. Plain links, like every link to a task page. */
function TaskCards({ tasks }: { tasks: TaskMatch[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {tasks.map((task) => (
        <li key={task.slug}>
          <article data-task-slug={task.slug} className="flex h-full flex-col rounded-xl border border-primary/40 bg-card p-5 shadow-sm">
            <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
              <Icon name="target" className="size-3.5" /> Task · {task.categoryName}
            </p>
            <h3 className="mt-1 text-lg font-semibold leading-tight">
              <a href={`/tasks/${task.slug}`} className="hover:underline">
                {task.name}
              </a>
            </h3>
            {matchedAs(task) && <p className="mt-1 text-sm text-muted-foreground">Matches “{matchedAs(task)}”</p>}
            <p className="mt-3 text-sm">
              {countOf(task.toolCount, "tool")} ranked: {rankedTools(task)}
            </p>
          </article>
        </li>
      ))}
    </ul>
  );
}

/**
 * The results of one tab: the task pages the search names first (All tab, decision 046), articles as on the blog,
 * tools as in the directory (two columns, 6 a page).
 */
export function SearchResults({ result, loading }: { result: SiteSearchResult; loading: boolean }) {
  const { query, tab, tasks, tools, posts } = result;
  const pageHref = ({ page }: { page: number }) => siteSearchHref({ q: query, tab, page });
  const showPosts = tab === "posts" || (tab === "all" && posts.rows.length > 0);
  const showTools = tab === "tools" || (tab === "all" && tools.total > 0);
  return (
    <div aria-busy={loading} className={cn("mt-8 grid gap-12 transition-opacity", loading && "opacity-60")}>
      {tasks.length > 0 && (
        <section aria-labelledby="task-results">
          <SectionHeading id="task-results" title="Tasks" count={tasks.length} more={{ href: "/tasks", label: "Browse all tasks" }} />
          <TaskCards tasks={tasks} />
        </section>
      )}
      {showPosts && (
        <section aria-labelledby="post-results">
          <SectionHeading
            id="post-results"
            title="Blog Posts"
            count={posts.total}
            more={tab === "all" && posts.total > posts.rows.length ? { href: siteSearchHref({ q: query, tab: "posts" }), label: `View all ${posts.total} blog posts` } : undefined}
          />
          {posts.total === 0 ? (
            <p className="text-muted-foreground">No blog posts match “{query}”.</p>
          ) : (
            <ul className={POST_COLUMNS}>
              {posts.rows.map((post) => (
                <li key={post.slug}>
                  <PostCard post={post} />
                </li>
              ))}
            </ul>
          )}
          {tab === "posts" && <Pagination page={result.page} pageCount={posts.pageCount} hrefFor={pageHref} />}
        </section>
      )}
      {showTools && (
        <section aria-labelledby="tool-results">
          <SectionHeading id="tool-results" title="AI Tools" count={tools.total} />
          {tools.total === 0 ? (
            <p className="text-muted-foreground">No AI tools match “{query}”.</p>
          ) : (
            <ToolGrid tools={tools.rows} loading={loading} skeletons={SKELETON_CARDS} className={TOOL_COLUMNS} headingLevel={3} />
          )}
          <Pagination page={result.page} pageCount={tools.pageCount} hrefFor={pageHref} />
        </section>
      )}
    </div>
  );
}
