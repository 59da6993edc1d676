import { useEffect, useState } from "react";
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRevalidator } from "react-router";
import { comparisonHref } from "~/lib/tool/comparison";
import { MESSAGES } from "~/lib/messages";
import { pageTitle } from "~/lib/seo/seo";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

export const MAX_ERROR_RETRIES = 3;

/**
 * Back to the previous page. It needs JavaScript and a page to go back to, so it appears only once both
 * are known: without them the screen's other links are the way on, and no button does nothing.
 */
function GoBackButton() {
  const navigate = useNavigate();
  const [canGoBack, setCanGoBack] = useState(false);
  useEffect(() => setCanGoBack(window.history.length > 1), []);
  if (!canGoBack) return null;
  return (
    <Button variant="ghost" onClick={() => navigate(-1)}>
      <Icon name="arrow-left" /> Go Back
    </Button>
  );
}

/** The generic render-error screen (spec part 1 §4 'Error boundary'): at most 3 retries. */
export function SomethingWentWrong() {
  const revalidator = useRevalidator();
  const [retries, setRetries] = useState(0);
  const exhausted = retries >= MAX_ERROR_RETRIES;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-muted-foreground">
        {exhausted
          ? "We tried a few times and it still did not work. Please reload the page or come back a little later."
          : "An unexpected error stopped this page from loading. Your data is safe; please try again."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button
          disabled={exhausted || revalidator.state === "loading"}
          onClick={() => {
            setRetries((count) => count + 1);
            void revalidator.revalidate();
          }}
        >
          <Icon name="refresh-cw" /> Try Again
        </Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          Reload Page
        </Button>
        <GoBackButton />
      </div>
    </main>
  );
}

/**
 * The database does not answer (a restart, a fail-over): the page is answered 503 with this screen and the
 * health banner. The app reconnects by itself; trying again is all a visitor can, and needs to, do.
 */
export function UnavailableScreen() {
  const revalidator = useRevalidator();
  const location = useLocation();
  const { title, description } = MESSAGES.unavailable;
  return (
    <>
      <title>{pageTitle(title)}</title>
      <meta name="robots" content="noindex" />
      <main id="main" className="mx-auto max-w-xl px-4 py-20 text-center">
        <Icon name="triangle-exclamation-point" className="mx-auto size-12 text-muted-foreground" />
        <h1 className="mt-4 text-3xl font-bold">{title}</h1>
        <p className="mt-3 text-muted-foreground">{description}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button disabled={revalidator.state === "loading"} onClick={() => void revalidator.revalidate()}>
            <Icon name="refresh-cw" /> Try Again
          </Button>
          {/* A link, not a script: it works without JavaScript too. */}
          <Button asChild variant="outline">
            <a href={location.pathname + location.search}>Reload Page</a>
          </Button>
        </div>
      </main>
    </>
  );
}

const NOT_FOUND_LINKS = [
  { href: "/tools", label: "Browse all AI tools" },
  { href: "/tools/category/ai-assistant", label: "AI Assistants" },
  { href: "/tools/category/content-writing", label: "Content Writing" },
  { href: "/tools/category/image-generation", label: "Image Generation" },
  { href: "/tools/category/productivity", label: "Productivity" },
] as const;

const NOT_FOUND_PAGES = [
  { href: "/", label: "Home" },
  { href: "/blog", label: "Blog" },
  { href: "/tools/comparison", label: "Compare tools" },
  { href: "/contact", label: "Contact us" },
] as const;

/** The not-found page of spec part 2 §2.8, with the catalogue size read from the database. */
export function NotFoundContent({ toolCount }: { toolCount?: number }) {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <Icon name="search-x" className="mx-auto size-12 text-muted-foreground" />
      <p className="mt-4 text-sm font-semibold uppercase tracking-wide text-primary">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">Page not found</h1>
      <p className="mt-3 text-muted-foreground">
        The page you asked for does not exist or has moved.
        {toolCount ? ` Our directory covers ${toolCount} AI tools; one of these may help:` : " One of these may help:"}
      </p>
      <ul className="mt-8 grid gap-3 sm:grid-cols-2">
        {NOT_FOUND_LINKS.map((link) => (
          <li key={link.href}>
            <Link to={link.href} className="block rounded-lg border p-4 text-left font-medium hover:bg-accent">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {NOT_FOUND_PAGES.map((link) => (
          <Button key={link.href} asChild variant="outline">
            <Link to={link.href}>
              {link.href === "/" ? (
                <>
                  <Icon name="house" /> {link.label}
                </>
              ) : (
                link.label
              )}
            </Link>
          </Button>
        ))}
        <GoBackButton />
      </div>
    </main>
  );
}

/** Where an unknown tool's or task's screen sends a visitor who wants to browse instead. */
const NEAR_NAME_SECTIONS = {
  tool: { title: "Tool not found", thing: "tool", href: "/tools", label: "Browse all tools" },
  task: { title: "Task not found", thing: "task", href: "/tasks", label: "Browse all tasks" },
} as const;

/**
 * What an unknown tool's screen offers whatever was typed (issue 41): three well-known tools to start from and the
 * sections to browse. Named as a starting point, not as 'popular': the site records no figure that ranks them.
 */
const START_TOOLS = [
  { href: "/tools/chatgpt", label: "ChatGPT" },
  { href: "/tools/midjourney", label: "Midjourney" },
  { href: "/tools/grammarly", label: "Grammarly" },
] as const;
const TOOL_SECTIONS = [
  { href: "/tools", label: "Browse all tools" },
  { href: "/tools/comparison", label: "Compare tools" },
  { href: "/blog", label: "Read the blog" },
] as const;

/**
 * An unknown tool or task (decision 047): the nearest names the database found by trigram ('chatgtp' → ChatGPT),
 * when any is near, and the site search for what was typed. React escapes the typed text; in the link it is
 * percent-encoded, and it is never part of a redirect.
 */
function NearNamesNotFound({ section, slug, suggestions = [] }: { section: keyof typeof NEAR_NAME_SECTIONS; slug?: string; suggestions?: NotFoundSuggestion[] }) {
  const { title, thing, href, label } = NEAR_NAME_SECTIONS[section];
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-20">
      <div className="text-center">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-3 text-muted-foreground">
          We could not find a {thing} at “{slug}”. It may have been renamed or removed from the directory, or the address may be mistyped.
        </p>
      </div>
      {suggestions.length > 0 && (
        <section aria-labelledby="near-names-heading" className="mt-10">
          <h2 id="near-names-heading" className="text-lg font-semibold">
            Did you mean one of these?
          </h2>
          <ul className="mt-4 space-y-4" data-near-names>
            {suggestions.map((item) => (
              <li key={item.href} className="rounded-xl border p-4">
                <Link to={item.href} className="font-medium hover:underline">
                  {item.title}
                </Link>
                <p className="mt-1 text-sm text-muted-foreground">{item.excerpt}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {slug && (
          <Button asChild>
            <Link to={`/search?q=${encodeURIComponent(slug)}`}>
              <Icon name="search" /> Search the site for “{slug}”
            </Link>
          </Button>
        )}
        {section === "task" && (
          <Button asChild variant="outline">
            <Link to={href}>{label}</Link>
          </Button>
        )}
      </div>
      {section === "tool" && (
        <>
          <section aria-labelledby="start-tools-heading" className="mt-10">
            <h2 id="start-tools-heading" className="text-lg font-semibold">
              Or start from one of these tools
            </h2>
            <ul className="mt-4 grid gap-3 sm:grid-cols-3" data-start-tools>
              {START_TOOLS.map((tool) => (
                <li key={tool.href}>
                  <Link to={tool.href} className="block rounded-lg border p-4 font-medium hover:bg-accent">
                    {tool.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <nav aria-label="Sections" className="mt-8 flex flex-wrap justify-center gap-3" data-sections>
            {TOOL_SECTIONS.map((link) => (
              <Button key={link.href} asChild variant="outline">
                <Link to={link.href}>{link.label}</Link>
              </Button>
            ))}
          </nav>
        </>
      )}
    </main>
  );
}

/** Where each section's Category Not Found screen sends a visitor: that section's full list. */
const CATEGORY_SECTIONS = {
  tools: { href: "/tools", label: "Browse All Tools" },
  blog: { href: "/blog", label: "View All Articles" },
  courses: { href: "/courses", label: "Browse All Courses" },
} as const;

/** An unknown category of the directory, the blog or the courses (or an unknown course platform): the way back is that section's full list. */
function CategoryNotFound({ slug, section }: { slug?: string; section: keyof typeof CATEGORY_SECTIONS }) {
  const back = CATEGORY_SECTIONS[section];
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Category Not Found</h1>
      <p className="mt-3 text-muted-foreground">The category “{slug}” doesn't exist or has been moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={back.href}>{back.label}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">
            <Icon name="house" /> Go Home
          </Link>
        </Button>
      </div>
    </main>
  );
}

function PairNotFound() {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-20 text-center">
      <Icon name="chart-column" className="mx-auto size-12 text-muted-foreground" />
      <h1 className="mt-4 text-3xl font-bold">Comparison not found</h1>
      <p className="mt-3 text-muted-foreground">
        These pages compare two different tools of the same category, and this address does not name such a pair. The comparison tool puts any tools side by side.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={comparisonHref([])}>Open the comparison tool</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/tools">Browse all tools</Link>
        </Button>
      </div>
    </main>
  );
}

/** A real tool with too few sensible alternatives for a page of them (lib/tool/alternatives MIN_ALTERNATIVES). */
function AlternativesNotFound({ slug }: { slug?: string }) {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">No alternatives page</h1>
      <p className="mt-3 text-muted-foreground">We list alternatives when at least three tools in the directory do the same job. This tool does not have enough yet.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {slug && (
          <Button asChild>
            <Link to={`/tools/${slug}`}>Back to the tool</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/tools">Browse all tools</Link>
        </Button>
      </div>
    </main>
  );
}

/** What a loader's `notFound(kind, slug)` carries (utils/not-found.server.ts). */
/** The data a loader's `notFound()` carries (utils/not-found.server.ts), as the client sees it. */
type NotFoundSuggestion = { href: string; title: string; excerpt: string };
type NotFoundData = {
  kind?: "page" | "tool" | "category" | "task" | "pair" | "post" | "blog-category" | "course-category" | "alternatives";
  slug?: string;
  suggestions?: NotFoundSuggestion[];
};

const NOT_FOUND_PAGES_BY_KIND = {
  page: { title: "Page Not Found", description: "The page you were looking for does not exist. Browse AI tools, reviews and comparisons instead." },
  tool: { title: "Tool Not Found", description: "We could not find that tool. Browse the AI tools directory instead." },
  category: { title: "Category Not Found", description: "This category does not exist or has moved. Browse all AI tools instead." },
  task: { title: "Task Not Found", description: "We could not find that task. Browse what AI tools can do for you instead." },
  pair: { title: "Comparison Not Found", description: "We compare two tools of the same category on these pages. Use the comparison tool to put any AI tools side by side." },
  post: { title: "Article Not Found", description: "We could not find that article. Browse the blog instead." },
  "blog-category": { title: "Category Not Found", description: "This blog category does not exist. Browse all articles instead." },
  "course-category": { title: "Category Not Found", description: "This course category or platform does not exist. Browse all courses instead." },
  alternatives: { title: "No Alternatives Page", description: "This tool has too few similar tools in the directory for a page of alternatives. See the tool's review instead." },
} as const;

function PostNotFound({ slug, suggestions = [] }: { slug?: string; suggestions?: NotFoundSuggestion[] }) {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-20">
      <div className="text-center">
        <Icon name="file-text" className="mx-auto size-12 text-muted-foreground" />
        <h1 className="mt-4 text-3xl font-bold">Article Not Found</h1>
        <p className="mt-3 text-muted-foreground">We couldn't find an article at “{slug}”. It may have moved, or the address may be mistyped.</p>
      </div>
      {suggestions.length > 0 && (
        <section aria-labelledby="popular-heading" className="mt-10">
          <h2 id="popular-heading" className="text-lg font-semibold">
            Popular articles
          </h2>
          <ul className="mt-4 space-y-4">
            {suggestions.map((item) => (
              <li key={item.href} className="rounded-xl border p-4">
                <a href={item.href} className="font-medium hover:underline">
                  {item.title}
                </a>
                <p className="mt-1 text-sm text-muted-foreground">{item.excerpt}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="mt-8 text-center">
        <Button asChild>
          <Link to="/blog">Browse the blog</Link>
        </Button>
      </div>
    </main>
  );
}

/**
 * The one not-found page, for every 404 a loader throws: the right screen for
 * what was missing (a tool, a category, a comparison pair, any other page),
 * with its title and `noindex`.
 */
export function NotFoundScreen({ data, toolCount, siteUrl }: { data: unknown; toolCount?: number; siteUrl?: string }) {
  const { kind = "page", slug, suggestions } = (data ?? {}) as NotFoundData;
  const copy = NOT_FOUND_PAGES_BY_KIND[kind] ?? NOT_FOUND_PAGES_BY_KIND.page;
  return (
    <>
      <title>{pageTitle(copy.title)}</title>
      <meta name="description" content={copy.description} />
      <meta name="robots" content="noindex, follow" />
      {/* Spec part 2 §2.8: any unknown address is the one not-found page, /404. */}
      {kind === "page" && siteUrl && <link rel="canonical" href={new URL("/404", siteUrl).toString()} />}
      {kind === "tool" || kind === "task" ? (
        <NearNamesNotFound section={kind} slug={slug} suggestions={suggestions} />
      ) : kind === "category" ? (
        <CategoryNotFound slug={slug} section="tools" />
      ) : kind === "pair" ? (
        <PairNotFound />
      ) : kind === "post" ? (
        <PostNotFound slug={slug} suggestions={suggestions} />
      ) : kind === "blog-category" ? (
        <CategoryNotFound slug={slug} section="blog" />
      ) : kind === "course-category" ? (
        <CategoryNotFound slug={slug} section="courses" />
      ) : kind === "alternatives" ? (
        <AlternativesNotFound slug={slug} />
      ) : (
        <NotFoundContent toolCount={toolCount} />
      )}
    </>
  );
}

export const isNotFound = (error: unknown) => isRouteErrorResponse(error) && error.status === 404;
