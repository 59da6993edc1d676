import { shortlistCsv, shortlistCsvFileName, shortlistIdOf, type ShortlistCsvTool } from "~/lib/shortlist/shortlist";
import { requireViewer } from "~/utils/guards.server";
import { getEnv } from "~/utils/env.server";
import { getOwnShortlist, getSharedShortlist, type ShortlistView } from "./queries.server";

type Args = Parameters<typeof requireViewer>[0] & { params: Record<string, string | undefined> };

/**
 * The list an address names, for the pages that serve both ways (the print page, the CSV): `/shortlists/<id>/…`
 * is the signed-in owner's (sign in first; anyone else: null, the not-found answer), `/s/<token>/…` a shared list's,
 * for anyone holding the link. `shared` says which, so a shared view shows no owner's controls.
 */
export async function shortlistOfAddress(args: Args): Promise<{ list: ShortlistView; shared: boolean } | null> {
  if (args.params.token !== undefined) {
    const list = await getSharedShortlist(args.params.token);
    return list ? { list, shared: true } : null;
  }
  const viewer = requireViewer(args);
  const id = shortlistIdOf(args.params.id);
  const list = id ? await getOwnShortlist(viewer.id, id) : null;
  return list ? { list, shared: false } : null;
}

/** A list as its CSV: every tool's plans, facts, sources and confirmations, changes since added, and note. */
export function shortlistCsvOf(list: ShortlistView, today: Date): { body: string; fileName: string } {
  const site = getEnv().SITE_URL;
  const tools: ShortlistCsvTool[] = list.tools.map((tool) => ({
    name: tool.name,
    url: `${site}/tools/${tool.slug}`,
    pricing: tool.pricing,
    plans: tool.plans.map((plan) => `${plan.name}: ${plan.price}${plan.limits ? ` (${plan.limits})` : ""}`).join(" | "),
    teamMonthly: tool.teamCost.monthly,
    teamFirstYear: tool.teamCost.firstYear,
    dataFacts: tool.facts
      .map(
        (fact) =>
          `${fact.label} (${fact.tier}): ${fact.value}${fact.confirmedDay ? `, confirmed ${fact.confirmedDay}` : `, entered ${fact.enteredAt}, not yet confirmed`}${fact.source ? ` <${fact.source}>` : ""}`,
      )
      .join(" | "),
    pricesSource: tool.provenance.source?.url ?? "",
    pricesConfirmation: tool.provenance.confirmedDay ? `confirmed ${tool.provenance.confirmedDay}` : "not yet confirmed",
    addedOn: tool.addedDay,
    changes: tool.changes.map((change) => `${change.day}: ${change.text}`).join(" | "),
    note: tool.note,
  }));
  return { body: shortlistCsv(list.teamSize, tools), fileName: shortlistCsvFileName(list.name, today.toISOString().slice(0, 10)) };
}
