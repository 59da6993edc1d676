import type { RouteHandle } from "~/lib/route-handle";
import { Link } from "react-router";
import { CLAIM_METHOD_WORDS, type ClaimMethod } from "~/lib/claim/claims";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { formatLongDate } from "~/lib/ui/dates";
import { listMakerListings } from "~/models/claim/makers.server";
import { requireViewer } from "~/utils/guards.server";
import type { Route } from "./+types/maker";

/** A maker's own page: rendered for them, never kept (decision 067). */
export const handle = { cache: "personal", crumbs: () => [{ label: "Your listings", href: "/maker" }] } satisfies RouteHandle;

/**
 * /maker (issue 45, decision 084): the listings the signed-in reader has claimed, each with what its claim allows. A
 * verified claim opens the listing's maker page; a pending, lapsed or revoked one says so and links to the claim.
 */
export async function loader(args: Route.LoaderArgs) {
  const viewer = requireViewer(args, { message: "makerSignIn" });
  const listings = await listMakerListings(viewer);
  return { listings: listings.map((listing) => ({ ...listing, verifiedAt: listing.verifiedAt?.toISOString().slice(0, 10) ?? null })) };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: "Your listings", description: "The listings you claimed as their maker.", path: "/maker", siteUrl: siteUrlOf(matches), noindex: true });
}

const STATUS_WORDS: Record<string, string> = {
  pending: "Claim not yet verified: finish it on the claim page.",
  lapsed: "Claim lapsed after two failed checks: claim it again to propose changes.",
  revoked: "Claim revoked by our editors.",
};

export default function MakerPage({ loaderData }: Route.ComponentProps) {
  const { listings } = loaderData;
  return (
    <main id="main" className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Your listings</h1>
        <p className="mt-3 text-muted-foreground">
          As the verified maker of a tool you can propose corrections to its prices, description, website and platforms, each with a page on your own domain that says so; our
          editors read that page before anything changes. You can reply to reader reviews, see the figures we record for your listing, and embed a dated badge. You cannot change
          ratings, reviews, verdicts or rankings, and paying changes nothing.
        </p>
      </div>
      {listings.length === 0 ? (
        <p data-no-listings>
          You have not claimed a listing yet. Find your tool in the{" "}
          <Link to="/tools" className="underline underline-offset-2">
            directory
          </Link>{" "}
          and choose &quot;Claim this listing&quot; on its page.
        </p>
      ) : (
        <ul className="grid gap-3">
          {listings.map((listing) => (
            <li key={listing.slug} className="rounded-xl border p-4" data-listing={listing.slug} data-claim-status={listing.status}>
              <h2 className="text-lg font-semibold">
                {listing.status === "verified" ? (
                  <Link to={`/maker/tools/${listing.slug}`} className="underline underline-offset-2">
                    {listing.name}
                  </Link>
                ) : (
                  listing.name
                )}
              </h2>
              <p className="mt-1 text-sm text-muted-foreground">
                {listing.status === "verified" && listing.verifiedAt
                  ? `Claimed since ${formatLongDate(listing.verifiedAt)}, by ${CLAIM_METHOD_WORDS[listing.method as ClaimMethod]}.`
                  : STATUS_WORDS[listing.status]}{" "}
                {listing.status !== "verified" && listing.status !== "revoked" && (
                  <Link to={`/tools/${listing.slug}/claim`} className="underline underline-offset-2">
                    Open the claim
                  </Link>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
