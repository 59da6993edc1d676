import type { RouteHandle } from "~/lib/route-handle";
import { Form, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, ResultMessage, TextareaField } from "~/components/ui/form-parts";
import { Label } from "~/components/ui/input";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { SHORTLIST_NAME_MAX, SHORTLIST_NOTE_MAX } from "~/lib/shortlist/shortlist";
import { SHORTLIST_WORDS as WORDS } from "~/lib/words/shortlist";
import { toolIdBySlug } from "~/models/review/queries.server";
import { shortlistsForTool } from "~/models/shortlist/queries.server";
import { addToShortlistWrite } from "~/models/shortlist/writes.server";
import { requireViewer } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/shortlists.add";

/**
 * /shortlists/add?tool=<slug> (issue 47): "Add to shortlist" from a tool page or a card. One plain form (choose one of
 * the reader's lists or name a new one, and a note), so it is the same with or without JavaScript; a signed-out
 * visitor signs in first and comes back here. After the write, the list.
 */
export const handle = { cache: "personal", breadcrumbs: false } satisfies RouteHandle;

export async function loader(args: Route.LoaderArgs) {
  const viewer = requireViewer(args);
  const slug = new URL(args.request.url).searchParams.get("tool") ?? "";
  const tool = slug ? await toolIdBySlug(slug.slice(0, 200)) : null;
  if (!tool) throw notFound("tool", slug);
  return { tool: { slug: tool.slug, name: tool.name }, lists: await shortlistsForTool(viewer.id, tool.id) };
}

export const action = (args: Route.ActionArgs) =>
  formWrite(args, {
    add: {
      spec: addToShortlistWrite,
      options: {
        urlFields: { toolSlug: new URL(args.request.url).searchParams.get("tool") ?? "" },
        redirect: { when: "always", to: (_fields, result) => `/shortlists/${(result as { id: number }).id}` },
      },
    },
  });

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta({ title: WORDS.addTitle(loaderData?.tool.name ?? "a tool"), description: WORDS.intro, path: "/shortlists/add", siteUrl: siteUrlOf(matches), noindex: true });
}

export default function AddToShortlist({ loaderData }: Route.ComponentProps) {
  const { tool, lists } = loaderData;
  const reply = useActionData<typeof action>() as Reply | undefined;
  const busy = useNavigation().state === "submitting";
  const chosen = reply?.values?.list ?? lists.find((list) => !list.hasTool)?.id.toString() ?? "new";
  return (
    <main id="main" className="mx-auto grid w-full max-w-xl gap-6 px-4 py-8">
      <h1 className="text-2xl font-bold break-words">{WORDS.addTitle(tool.name)}</h1>
      <ResultMessage result={reply} />
      <Form method="post" className="grid gap-4" aria-label={WORDS.add}>
        <input type="hidden" name="intent" value="add" />
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{WORDS.chooseList}</legend>
          {lists.map((list) => (
            <div key={list.id} className="flex items-center gap-2">
              <input type="radio" id={`shortlist-${list.id}`} name="list" value={list.id} defaultChecked={chosen === String(list.id)} className="size-5" />
              <Label htmlFor={`shortlist-${list.id}`}>
                {list.name}
                {list.hasTool ? " (already on it)" : ""}
              </Label>
            </div>
          ))}
          <div className="flex items-center gap-2">
            <input type="radio" id="shortlist-new" name="list" value="new" defaultChecked={chosen === "new"} className="size-5" />
            <Label htmlFor="shortlist-new">{WORDS.newListOption}</Label>
          </div>
        </fieldset>
        <Field
          id="new-name"
          name="newName"
          label={WORDS.newListName}
          maxLength={SHORTLIST_NAME_MAX}
          defaultValue={reply?.values?.newName ?? ""}
          error={reply?.fieldErrors?.newName}
        />
        <TextareaField
          id="note"
          name="note"
          label={WORDS.noteLabel}
          maxLength={SHORTLIST_NOTE_MAX}
          rows={3}
          defaultValue={reply?.values?.note ?? ""}
          error={reply?.fieldErrors?.note}
        />
        <Button type="submit" className="justify-self-start" disabled={busy}>
          {WORDS.addButton}
        </Button>
      </Form>
    </main>
  );
}
