import type { RouteHandle } from "~/lib/route-handle";
import { useActionData, useNavigation } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { ConfirmForm } from "~/components/admin/confirm-form";
import { ReceiptLink } from "~/components/provenance/receipt-link";
import { Badge } from "~/components/ui/badge";
import { ResultMessage } from "~/components/ui/form-parts";
import type { Reply } from "~/lib/reply";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { DATA_FACT_LABELS, DATA_FACT_TIER_LABELS, factValueText } from "~/lib/tool/data-facts";
import { formatLongDate } from "~/lib/ui/dates";
import { getFactsEditor, type FactState } from "~/models/fact-check/queries.server";
import { confirmFactWrite, confirmPlatformsWrite } from "~/models/fact-check/writes.server";
import { platformLabel } from "~/lib/tool/platforms";
import { requireRole } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/admin.facts.slug";

/**
 * One tool's data and security facts (issue 44): each fact's value, the page it cites, whether a recorded check
 * confirms it as it is now (with its receipt), what the automatic check last found, and a form to confirm it by hand,
 * which needs the page read and a note of what it says. Works without JavaScript.
 */
export async function loader(args: Route.LoaderArgs) {
  requireRole(args, "editor");
  const editor = await getFactsEditor(args.params.slug);
  if (!editor) throw notFound("page");
  return editor;
}

export const handle = { cache: "personal", breadcrumb: (data: unknown) => (data as { tool?: { name: string } } | undefined)?.tool?.name } satisfies RouteHandle;

export function action(args: Route.ActionArgs) {
  const options = { urlFields: { slug: args.params.slug } };
  return formWrite(args, { "confirm-fact": { spec: confirmFactWrite, options }, "confirm-platforms": { spec: confirmPlatformsWrite, options } });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta({
    title: `${loaderData?.tool.name ?? "Tool"}: data facts`,
    description: "Confirm a tool's data and security facts.",
    path: `/admin/facts/${loaderData?.tool.slug ?? ""}`,
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}

/** What the automatic check last said of a fact it did not confirm. */
const CHECK_WORDS: Record<string, string> = {
  "not-found": "read the page and found no sentence stating it",
  "needs-person": "could not read the page",
};

/** `unknown`: the fact is "not published", so there is nothing to confirm. */
function State({ state }: { state: Pick<FactState, "confirmed" | "lastCheck" | "checkable"> & { unknown?: boolean } }) {
  if (state.unknown) return <Badge variant="outline">Not published: nothing to confirm</Badge>;
  return (
    <>
      {state.confirmed ? (
        <>
          <Badge variant="success">Confirmed</Badge>
          <p className="mt-1 text-xs">
            <time dateTime={state.confirmed.day}>{formatLongDate(state.confirmed.day)}</time> by{" "}
            {state.confirmed.checkedBy === "fetch" ? "the automatic check" : (state.confirmed.editorName ?? "an editor")}.
            <ReceiptLink id={state.confirmed.id} />
          </p>
        </>
      ) : (
        <Badge variant="outline">Not confirmed</Badge>
      )}
      {state.lastCheck && (
        <p className="mt-1 text-xs text-muted-foreground" data-last-check={state.lastCheck.outcome}>
          {`On ${formatLongDate(state.lastCheck.day)} the automatic check ${CHECK_WORDS[state.lastCheck.outcome] ?? state.lastCheck.outcome}`}
          {state.lastCheck.details.error ? ` (${state.lastCheck.details.error})` : ""}.
        </p>
      )}
      {!state.checkable && !state.confirmed && <p className="mt-1 text-xs text-muted-foreground">The automatic check cannot state this value: an editor confirms it.</p>}
    </>
  );
}

export default function AdminFactsTool({ loaderData }: Route.ComponentProps) {
  const { tool, states, platforms } = loaderData;
  const reply = useActionData<typeof action>() as Reply | undefined;
  const busy = useNavigation().state === "submitting";
  const refusedHere = (key: string) => Boolean(reply && !reply.ok && (reply.values?.fact ?? "platforms") === key);
  const errorsFor = (key: string) => (refusedHere(key) ? { sourceUrl: reply!.fieldErrors?.sourceUrl, seen: reply!.fieldErrors?.seen } : undefined);
  const typedFor = (key: string) => (refusedHere(key) ? { sourceUrl: reply!.values?.sourceUrl, seen: reply!.values?.seen } : undefined);
  return (
    <main id="main" className="min-w-0">
      <h1 className="text-2xl font-bold tracking-tight">{tool.name}: data and security facts</h1>
      <p className="mt-1 max-w-3xl text-muted-foreground">
        Open the page a fact cites, read it, and confirm only what it states for that plan. Your note of what the page says is the receipt readers see. To change a value, edit{" "}
        <code>content/facts/{tool.slug}.json</code>.
      </p>
      <ResultMessage result={reply} className="mt-4" />
      <AdminTable
        caption={`${tool.name}'s facts, ${states.length} in all`}
        rows={states}
        rowKey={(state) => state.key}
        rowData={(state) => ({ "data-fact": state.key, "data-fact-state": state.confirmed ? "confirmed" : state.fact.value === "unknown" ? "unknown" : "unconfirmed" })}
        className="mt-4"
        columns={[
          {
            header: "Fact",
            rowHeader: true,
            cellClassName: "min-w-52",
            cell: (state) => (
              <>
                <p className="font-medium">{DATA_FACT_LABELS[state.fact.fact]}</p>
                <p className="text-xs text-muted-foreground">{DATA_FACT_TIER_LABELS[state.fact.tier]}</p>
              </>
            ),
          },
          {
            header: "Value and source",
            cellClassName: "min-w-64",
            cell: (state) => (
              <>
                <p>{factValueText(state.fact)}</p>
                {state.fact.source && (
                  <a href={state.fact.source} target="_blank" rel="noopener noreferrer" className="break-all font-mono text-xs text-primary underline-offset-4 hover:underline">
                    {state.fact.source}
                  </a>
                )}
                <p className="text-xs text-muted-foreground">Entered {formatLongDate(state.fact.enteredAt)}</p>
              </>
            ),
          },
          { header: "State", cellClassName: "min-w-48", cell: (state) => <State state={{ ...state, unknown: state.fact.value === "unknown" }} /> },
          {
            header: "Confirm",
            cell: (state) =>
              state.fact.value === "unknown" ? null : (
                <ConfirmForm
                  intent="confirm-fact"
                  keyName="fact"
                  keyValue={state.key}
                  label={`${DATA_FACT_LABELS[state.fact.fact]}, ${DATA_FACT_TIER_LABELS[state.fact.tier]}`}
                  defaultUrl={state.confirmed?.sourceUrl ?? state.fact.source ?? tool.websiteUrl}
                  errors={errorsFor(state.key)}
                  typed={typedFor(state.key)}
                  busy={busy}
                  buttonLabel="Confirm"
                />
              ),
          },
        ]}
        empty="This tool has no facts file (content/facts/)."
      />
      {platforms && (
        <section aria-labelledby="platforms-heading" className="mt-8" data-platforms-state={platforms.confirmed ? "confirmed" : "unconfirmed"}>
          <h2 id="platforms-heading" className="text-lg font-semibold">
            Platforms
          </h2>
          <p className="mt-1 text-sm">{platforms.platforms.map(platformLabel).join(", ")}</p>
          <p className="text-xs">
            <a href={platforms.source.url} target="_blank" rel="noopener noreferrer" className="break-all font-mono text-primary underline-offset-4 hover:underline">
              {platforms.source.url}
            </a>
            {` · entered ${formatLongDate(platforms.source.enteredAt)}`}
          </p>
          <div className="mt-2">
            <State state={{ ...platforms, checkable: true }} />
          </div>
          <div className="mt-3 max-w-md">
            <ConfirmForm
              intent="confirm-platforms"
              keyName="slug"
              keyValue={tool.slug}
              label="Platforms"
              defaultUrl={platforms.confirmed?.sourceUrl ?? platforms.source.url}
              errors={errorsFor("platforms")}
              typed={typedFor("platforms")}
              busy={busy}
              buttonLabel="Confirm"
            />
          </div>
        </section>
      )}
    </main>
  );
}
