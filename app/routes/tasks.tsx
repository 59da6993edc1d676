import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link } from "react-router";
import { CategoryIcon } from "~/components/category-icon";
import { JsonLd } from "~/components/json-ld";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { useSiteUrl } from "~/components/use-site-url";
import { itemListJsonLd } from "~/lib/seo/json-ld";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { parseTaskSearch, TASK_SEARCH_MAX } from "~/lib/task/task-filters";
import { countOf } from "~/lib/ui/plural";
import { listTaskGroups } from "~/models/task/queries.server";
import type { Route } from "./+types/tasks";

/** A page to read: sent without React's client (decision 049). */
export const handle = { cache: "shared-with-personal-parts", hydrate: false as const } satisfies RouteHandle;

/**
 * /tasks (issue 29): every task, grouped under its tool category in the categories' order, and a search over task
 * names and synonyms that runs on the server, so the plain GET form works without JavaScript.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = parseTaskSearch(new URL(request.url).searchParams);
  const { groups, total } = await listTaskGroups(query);
  return { query, groups, total };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta({
    title: "AI Tools by Task",
    description:
      `What do you want to get done? ${countOf(loaderData.total, "task")}, from transcribing meetings to writing code, each with the AI tools that do it, ranked, and why.`.slice(
        0,
        160,
      ),
    path: "/tasks",
    siteUrl: siteUrlOf(matches),
    // A search is a view of the listing, not a page of its own.
    noindex: loaderData.query !== "",
  });
}

export default function TasksPage({ loaderData }: Route.ComponentProps) {
  const { query, groups, total } = loaderData;
  const siteUrl = useSiteUrl();
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <JsonLd
        data={itemListJsonLd(
          groups.flatMap((group) => group.tasks).map((task) => ({ name: task.name, path: `/tasks/${task.slug}` })),
          siteUrl,
        )}
      />
      <h1 className="text-3xl font-bold sm:text-4xl">AI tools by task</h1>
      <p className="mt-3 max-w-3xl text-muted-foreground">
        Start from what you want to get done. Each task lists the tools that do it in our order, with a one-line reason for each, and filters for a free plan or a monthly budget.
      </p>
      <Form method="get" action="/tasks" role="search" aria-label="Tasks" className="mt-6 flex max-w-xl gap-2">
        <label htmlFor="task-search" className="sr-only">
          Search tasks
        </label>
        <div className="relative flex-1">
          <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            id="task-search"
            name="q"
            type="search"
            defaultValue={query}
            key={query}
            maxLength={TASK_SEARCH_MAX}
            autoComplete="off"
            placeholder="e.g. meeting notes"
            className="pl-9"
          />
        </div>
        <Button type="submit">Search</Button>
      </Form>
      <p className="mt-3 text-sm text-muted-foreground" role="status">
        {query ? (
          <>
            {countOf(total, "task")} matching “{query}”.{" "}
            <Link to="/tasks" className="font-medium text-primary underline-offset-4 hover:underline">
              Show all tasks
            </Link>
          </>
        ) : (
          `${countOf(total, "task")} in ${countOf(groups.length, "category", "categories")}`
        )}
      </p>
      {groups.length === 0 ? (
        <p className="mt-8">
          No task matches “{query}”. Try another word, or{" "}
          <Link to={`/search?q=${encodeURIComponent(query)}`} className="font-medium text-primary underline-offset-4 hover:underline">
            search the whole site
          </Link>
          .
        </p>
      ) : (
        <div className="mt-8 grid gap-x-8 gap-y-10 md:grid-cols-2 lg:grid-cols-3">
          {groups.map((group) => (
            <section key={group.slug} aria-labelledby={`tasks-${group.slug}`}>
              <h2 id={`tasks-${group.slug}`} className="flex items-center gap-3 text-lg font-semibold">
                <CategoryIcon icon={group.icon} color={group.color} className="size-8 rounded-lg" iconClassName="size-4" />
                <span>
                  {group.name} <span className="font-normal text-muted-foreground">({group.tasks.length})</span>
                </span>
              </h2>
              <ul className="mt-3 space-y-1.5">
                {group.tasks.map((task) => (
                  <li key={task.slug}>
                    <a href={`/tasks/${task.slug}`} className="text-primary underline-offset-4 hover:underline">
                      {task.name}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </main>
  );
}
