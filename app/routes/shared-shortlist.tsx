import type { RouteHandle } from "~/lib/route-handle";
import { ShortlistTools } from "~/components/shortlist/shortlist-tools";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { SHORTLIST_WORDS as WORDS } from "~/lib/words/shortlist";
import { getSharedShortlist } from "~/models/shortlist/queries.server";
import { notFound } from "~/utils/not-found.server";
import type { Route } from "./+types/shared-shortlist";

/**
 * /s/<token> (issue 47): a shortlist its owner shared, read-only, for anyone holding the link, signed in or not. It
 * names no owner. Never kept (the owner can stop sharing at any moment: the next request is a 404), never indexed
 * (`noindex` in the head and `X-Robots-Tag`).
 */
export const handle = { cache: "personal", breadcrumbs: false } satisfies RouteHandle;

export async function loader({ params }: Route.LoaderArgs) {
  const list = await getSharedShortlist(params.token);
  if (!list) throw notFound("page");
  return { list, token: params.token };
}

export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow" });

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData?.list.name ?? "Shortlist",
    description: "A shared shortlist of tools.",
    path: `/s/${loaderData?.token ?? ""}`,
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });
}

export default function SharedShortlist({ loaderData }: Route.ComponentProps) {
  const { list, token } = loaderData;
  return (
    <main id="main" className="mx-auto grid w-full max-w-4xl gap-6 px-4 py-8">
      <div className="grid gap-2">
        <p className="text-sm text-muted-foreground">{WORDS.sharedNote}</p>
        <h1 className="text-3xl font-bold break-words">{list.name}</h1>
        <p className="text-muted-foreground">
          {WORDS.tools(list.tools.length)}. {WORDS.teamLine(list.teamSize)}
        </p>
      </div>
      <ShortlistTools tools={list.tools} shared />
      <section className="flex flex-wrap gap-3" aria-label={WORDS.export}>
        <a href={`/s/${token}/export.csv`} className="btn btn-outline btn-size-sm" download>
          {WORDS.csv}
        </a>
        <a href={`/s/${token}/print`} className="btn btn-outline btn-size-sm">
          {WORDS.print}
        </a>
      </section>
    </main>
  );
}
