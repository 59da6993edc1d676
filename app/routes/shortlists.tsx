import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, ResultMessage } from "~/components/ui/form-parts";
import { useReplyToast } from "~/components/ui/toast";
import { replyFor } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { SHORTLIST_NAME_MAX } from "~/lib/shortlist/shortlist";
import { formatLongDate } from "~/lib/ui/dates";
import { SHORTLIST_WORDS as WORDS } from "~/lib/words/shortlist";
import { listShortlists } from "~/models/shortlist/queries.server";
import { createShortlistWrite } from "~/models/shortlist/writes.server";
import { requireViewer } from "~/utils/guards.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/shortlists";

/** /shortlists (issue 47): the reader's own lists. Theirs alone: rendered per request, never kept. */
export const handle = { cache: "personal" } satisfies RouteHandle;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Your shortlists", description: "Your named lists of tools, with notes and what changed.", path: "/shortlists", siteUrl: siteUrlOf(matches), noindex: true });

export async function loader(args: Route.LoaderArgs) {
  const viewer = requireViewer(args);
  return { lists: await listShortlists(viewer.id) };
}

export const action = (args: Route.ActionArgs) =>
  formWrite(args, {
    create: { spec: createShortlistWrite, options: { redirect: { when: "always", to: (_fields, result) => `/shortlists/${(result as { id: number }).id}` } } },
  });

export default function ShortlistsPage({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  useReplyToast(reply);
  const busy = useNavigation().state === "submitting";
  const created = replyFor(reply, "create");
  return (
    <main id="main" className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold">{WORDS.title}</h1>
        <p className="text-muted-foreground">{WORDS.intro}</p>
      </div>
      {loaderData.lists.length ? (
        <ul className="grid gap-3" aria-label={WORDS.title}>
          {loaderData.lists.map((list) => (
            <li key={list.id} className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg border p-4">
              <Link to={`/shortlists/${list.id}`} className="text-lg font-semibold underline-offset-2 hover:underline">
                {list.name}
              </Link>
              <span className="text-sm text-muted-foreground">
                {WORDS.tools(list.tools)}
                {list.shared ? " · shared" : ""}
                {list.alerts ? " · alerts on" : ""} · {formatLongDate(list.updatedDay)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">{WORDS.none}</p>
      )}
      <Form method="post" className="grid gap-3 rounded-lg border p-4" aria-label={WORDS.newList}>
        <h2 className="text-lg font-semibold">{WORDS.newList}</h2>
        <ResultMessage result={created} />
        <input type="hidden" name="intent" value="create" />
        <Field
          id="shortlist-name"
          name="name"
          label={WORDS.nameLabel}
          required
          maxLength={SHORTLIST_NAME_MAX}
          defaultValue={(created?.values?.name as string | undefined) ?? ""}
          error={created?.fieldErrors?.name}
        />
        <Button type="submit" className="justify-self-start" disabled={busy}>
          {WORDS.create}
        </Button>
      </Form>
    </main>
  );
}
