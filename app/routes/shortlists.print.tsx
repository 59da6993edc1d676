import type { RouteHandle } from "~/lib/route-handle";
import { ShortlistTools } from "~/components/shortlist/shortlist-tools";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { formatLongDate } from "~/lib/ui/dates";
import { SHORTLIST_WORDS as WORDS } from "~/lib/words/shortlist";
import { shortlistOfAddress } from "~/models/shortlist/access.server";
import { notFound } from "~/utils/not-found.server";
import type { Route } from "./+types/shortlists.print";

/**
 * A list's printable page (issue 47): `/shortlists/<id>/print` for its owner, `/s/<token>/print` for anyone with the
 * link. A page to read (decision 049): sent without React's client, so it is whole without JavaScript. Never kept,
 * never indexed.
 */
export const handle = { cache: "personal", hydrate: false as const, breadcrumbs: false } satisfies RouteHandle;

export async function loader(args: Route.LoaderArgs) {
  const found = await shortlistOfAddress(args);
  if (!found) throw notFound("page");
  return { list: found.list, shared: found.shared, today: new Date().toISOString().slice(0, 10), back: found.shared ? `/s/${args.params.token}` : `/shortlists/${found.list.id}` };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta({
    title: `${loaderData?.list.name ?? "Shortlist"} (print)`,
    description: "A shortlist of tools, to print.",
    path: loaderData?.back ?? "/shortlists",
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}

export default function ShortlistPrint({ loaderData }: Route.ComponentProps) {
  const { list, shared, today, back } = loaderData;
  return (
    <main id="main" className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8">
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold break-words">{list.name}</h1>
        <p className="text-muted-foreground">
          {WORDS.tools(list.tools.length)}. {WORDS.teamLine(list.teamSize)}
        </p>
        <p className="text-sm text-muted-foreground">
          {WORDS.printed(formatLongDate(today))}{" "}
          <a href={back} className="underline underline-offset-2 print:hidden">
            {WORDS.backToList}
          </a>
        </p>
      </div>
      <ShortlistTools tools={list.tools} shared={shared} openFacts />
    </main>
  );
}
