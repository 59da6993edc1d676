import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/cn";
import type { listFavorites, listOwnReviews } from "~/models/account/profile.server";
import { Icon } from "~/components/ui/icon";
import { countOf } from "~/lib/plural";

/** The two tabs of the profile page (spec §2.10): saved tools and the visitor's own reviews. */
export type ProfileTab = "favorites" | "reviews";
type Favorites = Awaited<ReturnType<typeof listFavorites>>;
type OwnReviews = Awaited<ReturnType<typeof listOwnReviews>>;

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export function FavoritesList({ favorites }: { favorites: Favorites }) {
  if (favorites.length === 0) {
    return (
      <div className="rounded-lg border border-dashed p-10 text-center">
        <Icon name="heart" className="mx-auto size-8 text-muted-foreground" />
        <p className="mt-2 font-semibold">No favorites yet</p>
        <Button asChild variant="outline" className="mt-4">
          <Link to="/tools">Explore Tools</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {favorites.map((favorite) => (
        <li key={favorite.toolId}>
          <Card className="h-full">
            <CardContent className="grid gap-2 pt-6">
              <h3 className="font-semibold">{favorite.name}</h3>
              <p className="line-clamp-2 text-sm text-muted-foreground">{favorite.tagline}</p>
              <p className="text-xs text-muted-foreground">
                Added to favorites <time dateTime={new Date(favorite.addedAt).toISOString()}>{dateFormat.format(new Date(favorite.addedAt))}</time>
              </p>
              <Button asChild variant="outline" size="sm" className="justify-self-start">
                <Link to={`/tools/${favorite.slug}`}>View Tool</Link>
              </Button>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function ReviewsList({ reviews }: { reviews: OwnReviews }) {
  if (reviews.length === 0) {
    return (
      <div className="rounded-lg border border-dashed p-10 text-center">
        <Icon name="message-square" className="mx-auto size-8 text-muted-foreground" />
        <p className="mt-2 font-semibold">No reviews yet</p>
        <Button asChild variant="outline" className="mt-4">
          <Link to="/tools">Find Tools to Review</Link>
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid gap-4">
      {reviews.map((review) => (
        <li key={review.id}>
          <Card>
            <CardContent className="grid gap-2 pt-6">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link to={`/tools/${review.toolSlug}`} className="font-semibold hover:underline">
                  {review.toolName}
                </Link>
                <span className="flex items-center gap-1 text-sm">
                  <Icon name="star" className="size-4 fill-amber-400 text-amber-500" /> {review.rating}/5 stars
                </span>
              </div>
              <p className="text-xs text-muted-foreground">
                <time dateTime={new Date(review.createdAt).toISOString()}>{dateFormat.format(new Date(review.createdAt))}</time>
              </p>
              <p className="whitespace-pre-line text-sm">{review.comment}</p>
              <p className="text-xs text-muted-foreground">{countOf(review.helpfulCount, "person", "people")} found this helpful</p>
              <Button asChild variant="outline" size="sm" className="justify-self-start">
                <Link to={`/tools/${review.toolSlug}`}>View Tool</Link>
              </Button>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function ListSkeleton({ tab }: { tab: ProfileTab }) {
  // Spec §2.10: 6 favourite cards or 3 review cards while a tab loads.
  const cards = tab === "favorites" ? 6 : 3;
  return (
    <div className={cn("grid gap-4", tab === "favorites" && "sm:grid-cols-2 lg:grid-cols-3")} aria-busy="true" aria-label="Loading">
      {Array.from({ length: cards }, (_, index) => (
        <Skeleton key={index} className={tab === "favorites" ? "h-36" : "h-40"} />
      ))}
    </div>
  );
}
