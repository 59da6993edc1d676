import type { RouteHandle } from "~/lib/route-handle";
import { Form, useActionData, useNavigation } from "react-router";
import { ShortlistTools } from "~/components/shortlist/shortlist-tools";
import { Button } from "~/components/ui/button";
import { Field, ResultMessage } from "~/components/ui/form-parts";
import { useSiteUrl } from "~/components/use-site-url";
import { useReplyToast } from "~/components/ui/toast";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { SHORTLIST_NAME_MAX, shortlistIdOf, TEAM_SIZE_MAX } from "~/lib/shortlist/shortlist";
import { SHORTLIST_WORDS as WORDS } from "~/lib/words/shortlist";
import { getOwnShortlist } from "~/models/shortlist/queries.server";
import {
  deleteShortlistWrite,
  removeFromShortlistWrite,
  renameShortlistWrite,
  shareShortlistWrite,
  shortlistAlertsWrite,
  shortlistNoteWrite,
  shortlistTeamSizeWrite,
} from "~/models/shortlist/writes.server";
import { requireViewer } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import { backTo, formWrite } from "~/utils/write.server";
import type { Route } from "./+types/shortlists.detail";

/**
 * /shortlists/<id> (issue 47): one of the reader's lists. Read by id AND owner: another reader (or a guessed id) gets
 * the not-found page, which says nothing of whether the list exists. Rendered per request, never kept.
 */
export const handle = {
  cache: "personal",
  crumbs: (data: unknown) => {
    const list = (data as { list?: { id: number; name: string } } | undefined)?.list;
    return list
      ? [
          { label: "Home", href: "/" },
          { label: "Shortlists", href: "/shortlists" },
          { label: list.name, href: `/shortlists/${list.id}` },
        ]
      : undefined;
  },
} satisfies RouteHandle;

export async function loader(args: Route.LoaderArgs) {
  const viewer = requireViewer(args);
  const id = shortlistIdOf(args.params.id);
  const list = id ? await getOwnShortlist(viewer.id, id) : null;
  if (!list) throw notFound("page");
  return { list };
}

export function action(args: Route.ActionArgs) {
  const urlFields = { listId: args.params.id };
  const options = { urlFields, redirect: { when: "without-script" as const, to: backTo(args.request) } };
  return formWrite(args, {
    rename: { spec: renameShortlistWrite, options },
    team: { spec: shortlistTeamSizeWrite, options },
    note: { spec: shortlistNoteWrite, options },
    remove: { spec: removeFromShortlistWrite, options },
    share: { spec: shareShortlistWrite, options },
    alerts: { spec: shortlistAlertsWrite, options },
    delete: { spec: deleteShortlistWrite, options: { urlFields, redirect: { when: "always", to: () => "/shortlists" } } },
  });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const name = loaderData?.list.name ?? "Shortlist";
  return pageMeta({ title: name, description: "Your shortlist of tools.", path: `/shortlists/${loaderData?.list.id ?? ""}`, siteUrl: siteUrlOf(matches), noindex: true });
}

export default function ShortlistPage({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const reply = useActionData<typeof action>() as Reply | undefined;
  useReplyToast(reply);
  const busy = useNavigation().state === "submitting";
  const siteUrl = useSiteUrl();
  const errorsOf = (intent: string) => (reply?.intent === intent ? reply : undefined);
  return (
    <main id="main" className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold break-words">{list.name}</h1>
        <p className="text-muted-foreground">
          {WORDS.tools(list.tools.length)}. {WORDS.teamLine(list.teamSize)}
        </p>
        <ResultMessage result={reply && !reply.ok ? reply : undefined} />
      </div>

      <ShortlistTools tools={list.tools} editable />

      <section className="grid gap-4 rounded-lg border p-4 sm:grid-cols-2" aria-label="List settings">
        <Form method="post" className="grid gap-2">
          <input type="hidden" name="intent" value="rename" />
          <Field
            id="shortlist-name-field"
            name="name"
            label={WORDS.nameLabel}
            required
            maxLength={SHORTLIST_NAME_MAX}
            defaultValue={list.name}
            error={errorsOf("rename")?.fieldErrors?.name}
          />
          <Button type="submit" size="sm" variant="outline" className="justify-self-start" disabled={busy}>
            {WORDS.rename}
          </Button>
        </Form>
        <Form method="post" className="grid gap-2">
          <input type="hidden" name="intent" value="team" />
          <Field
            id="team-size"
            name="teamSize"
            type="number"
            inputMode="numeric"
            min={1}
            max={TEAM_SIZE_MAX}
            label={WORDS.teamSize}
            hint={WORDS.teamSizeHint}
            defaultValue={String(list.teamSize)}
            error={errorsOf("team")?.fieldErrors?.teamSize}
          />
          <Button type="submit" size="sm" variant="outline" className="justify-self-start" disabled={busy}>
            {WORDS.save}
          </Button>
        </Form>
      </section>

      <section className="grid gap-3 rounded-lg border p-4" aria-label={WORDS.share}>
        <h2 className="text-lg font-semibold">{WORDS.share}</h2>
        <p className="text-sm text-muted-foreground">{WORDS.shareIntro}</p>
        {list.shareToken ? (
          <p className="text-sm break-all">
            {WORDS.sharedAt}{" "}
            <a href={`/s/${list.shareToken}`} className="underline underline-offset-2" data-testid="share-link">
              {new URL(`/s/${list.shareToken}`, siteUrl).toString()}
            </a>
          </p>
        ) : null}
        <Form method="post">
          <input type="hidden" name="intent" value="share" />
          <input type="hidden" name="share" value={String(!list.shareToken)} />
          <Button type="submit" size="sm" variant="outline" disabled={busy}>
            {list.shareToken ? WORDS.stopSharing : WORDS.makeLink}
          </Button>
        </Form>
      </section>

      <section className="grid gap-3 rounded-lg border p-4" aria-label="Alerts">
        <h2 className="text-lg font-semibold">{WORDS.alerts}</h2>
        <p className="text-sm text-muted-foreground">
          {list.alerts ? WORDS.alertsAreOn : WORDS.alertsAreOff} {WORDS.alertsHint}
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="alerts" />
          <input type="hidden" name="alerts" value={String(!list.alerts)} />
          <Button type="submit" size="sm" variant="outline" aria-pressed={list.alerts} disabled={busy}>
            {list.alerts ? WORDS.alertsOff : WORDS.alertsOn}
          </Button>
        </Form>
      </section>

      <section className="flex flex-wrap items-center gap-3" aria-label={WORDS.export}>
        <a href={`/shortlists/${list.id}/export.csv`} className="btn btn-outline btn-size-sm" download>
          {WORDS.csv}
        </a>
        <a href={`/shortlists/${list.id}/print`} className="btn btn-outline btn-size-sm">
          {WORDS.print}
        </a>
        <Form method="post" className="ml-auto">
          <input type="hidden" name="intent" value="delete" />
          <Button type="submit" size="sm" variant="destructive" disabled={busy}>
            {WORDS.delete}
          </Button>
        </Form>
      </section>
    </main>
  );
}
