import type { RouteHandle } from "~/lib/route-handle";
import { useActionData, useNavigation } from "react-router";
import { BlindPolicyPages, PolicyChangeCard } from "~/components/admin/policy-tasks";
import { ResultMessage } from "~/components/ui/form-parts";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { listPolicyTasks } from "~/models/policy-check/queries.server";
import { describePolicyChangeWrite } from "~/models/policy-check/writes.server";
import { requireRole } from "~/utils/guards.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/admin.policies";

export const handle = { cache: "personal" } satisfies RouteHandle;

/**
 * Policy pages (issue 44, decision 081): the tools' privacy policies and terms that the price check's pass reads. A
 * page whose text changed is a public entry on /changes that says only that it changed, until an editor reads the
 * page and says what changed here; pages the check could not read are listed after them.
 */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  return listPolicyTasks();
}

export function action(args: Route.ActionArgs) {
  return formWrite(args, { "describe-policy-change": { spec: describePolicyChangeWrite } });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Policy pages",
    description: "Say what changed on the tools' privacy policies and terms that the check found changed.",
    path: "/admin/policies",
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}

export default function AdminPolicies({ loaderData }: Route.ComponentProps) {
  const { tasks, total, blind, watched } = loaderData;
  const reply = useActionData<typeof action>() as Reply | undefined;
  const busy = useNavigation().state === "submitting";
  // A refused description comes back to its own form, with what was typed.
  const refusalFor = (changeId: number) =>
    reply && !reply.ok && reply.values?.change === String(changeId) ? { error: reply.fieldErrors?.note, typed: reply.values?.note } : undefined;
  return (
    <main id="main" className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight">Policy pages</h1>
      <p className="mt-1 max-w-3xl text-muted-foreground">
        The price check also reads each tool&apos;s privacy policy and terms of service ({watched} pages named in the tools&apos; facts files) and records a change when a
        page&apos;s text differs from what it last read. The change is listed on /changes and mailed to the tool&apos;s watchers saying only that the page changed, and when. Open
        the page, compare it with the differences below, and say what changed: your words are published with the entry.
      </p>
      <ResultMessage result={reply} className="mt-4" />

      <section aria-labelledby="changes-heading" className="mt-6" data-policy-tasks={total}>
        <h2 id="changes-heading" className="text-lg font-semibold">
          Changes to describe ({total})
        </h2>
        {tasks.length === 0 ? (
          <p className="mt-3 text-sm">No changes wait for words: every change the check found has been described.</p>
        ) : (
          <ol className="mt-3 grid gap-4">
            {tasks.map((task) => (
              <li key={task.changeId} className="min-w-0">
                <PolicyChangeCard task={task} refusal={refusalFor(task.changeId)} busy={busy} />
              </li>
            ))}
          </ol>
        )}
        {total > tasks.length && <p className="mt-3 text-sm text-muted-foreground">{total - tasks.length} more; each one you describe brings the next.</p>}
      </section>

      <BlindPolicyPages pages={blind} />
    </main>
  );
}
