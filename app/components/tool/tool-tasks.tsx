import { InPageText } from "~/components/ui/in-page-text";
import type { PageText } from "~/lib/ui/page-text";

/** The tasks a tool is listed for (issue 29), each with the reason written for it there and its place in that task's order. */
export function ToolTasks({ toolName, tasks }: { toolName: string; tasks: { slug: string; name: string; reason: PageText; position: number }[] }) {
  return (
    <section aria-labelledby="tool-tasks-heading">
      <h2 id="tool-tasks-heading" className="text-2xl font-bold">
        Tasks {toolName} is listed for
      </h2>
      <ul className="mt-4 divide-y rounded-xl border">
        {tasks.map((task) => (
          <li key={task.slug} className="p-4">
            <a href={`/tasks/${task.slug}`} className="font-medium text-primary underline-offset-4 hover:underline">
              {task.name}
            </a>{" "}
            <span className="text-sm text-muted-foreground">(No. {task.position} in our order)</span>
            <InPageText className="mt-1 text-sm text-muted-foreground" text={task.reason} />
          </li>
        ))}
      </ul>
    </section>
  );
}
