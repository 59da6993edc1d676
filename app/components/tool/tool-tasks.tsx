import { InPageSection } from "~/components/ui/in-page-text";
import type { InPage } from "~/lib/ui/page-text";

type ToolTask = { slug: string; name: string; reason: string; position: number };

/**
 * The tasks a tool is listed for (issue 29), each with the reason written for it there and its place in that task's
 * order: links and text, in a document's HTML only (issue 43).
 */
export function ToolTasks({ toolName, tasks }: { toolName: string; tasks: InPage<ToolTask[]> }) {
  return (
    <section aria-labelledby="tool-tasks-heading">
      <h2 id="tool-tasks-heading" className="text-2xl font-bold">
        Tasks {toolName} is listed for
      </h2>
      <InPageSection as="ul" value={tasks} className="mt-4 divide-y rounded-xl border">
        {(shown) =>
          shown.map((task) => (
            <li key={task.slug} className="p-4">
              <a href={`/tasks/${task.slug}`} className="font-medium text-primary underline-offset-4 hover:underline">
                {task.name}
              </a>{" "}
              <span className="text-sm text-muted-foreground">(No. {task.position} in our order)</span>
              <p className="mt-1 text-sm text-muted-foreground">{task.reason}</p>
            </li>
          ))
        }
      </InPageSection>
    </section>
  );
}
