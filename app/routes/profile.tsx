import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link, useActionData, useLocation, useNavigation } from "react-router";
import { Avatar } from "~/components/account/avatar";
import { EditProfileForm } from "~/components/account/edit-profile-form";
import { FavoritesList, ListSkeleton, ReviewsList, SubmissionsList, type ProfileTab } from "~/components/account/profile-lists";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { ResultMessage } from "~/components/ui/form-parts";
import { useReplyToast } from "~/components/ui/toast";
import { cn } from "~/lib/ui/cn";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { getProfilePage } from "~/models/account/profile.server";
import { profileWrite } from "~/models/account/writes.server";
import { pagePathOf, requireViewer } from "~/utils/guards.server";
import { notFound } from "~/utils/not-found.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/profile";
import { Icon } from "~/components/ui/icon";
import { pluralise } from "~/lib/ui/plural";

/** /profile, /favorites and /my-reviews are this one page (spec §2.10); the path picks the tab. */
const tabOfPath = (pathname: string): ProfileTab => (pathname === "/my-reviews" ? "reviews" : "favorites");
const PROFILE_PATHS = ["/profile", "/favorites", "/my-reviews"];
const profilePathOf = (pathname: string) => PROFILE_PATHS.find((path) => pathname.split("?")[0] === path) ?? "/profile";

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta({
    title: location.pathname === "/favorites" ? "Saved Tools" : location.pathname === "/my-reviews" ? "My Reviews" : "Your Profile",
    description: "Your profile, the tools you saved and the reviews you wrote.",
    path: profilePathOf(location.pathname),
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });

export const handle = { cache: "personal", breadcrumbs: false } satisfies RouteHandle;

export async function loader(args: Route.LoaderArgs) {
  const viewer = requireViewer(args);
  const page = await getProfilePage(viewer.id);
  if (!page.profile) throw notFound("page");
  return { ...page, profile: page.profile };
}

// A saved profile goes back to the tab the form was on, with the message as a flash.
export const action = (args: Route.ActionArgs) =>
  formWrite(
    args,
    { update: { spec: profileWrite, options: { redirect: { when: "always", to: () => profilePathOf(pagePathOf(args.request)) } } } },
    { tooLarge: { message: "profileUpdateFailed", detail: "avatarTooLarge", fields: { avatar: "avatarTooLarge" } } },
  );

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const result = useActionData<typeof action>();
  useReplyToast(result);
  const { profile, favorites, reviews, submissions } = loaderData;
  const tab = tabOfPath(location.pathname);
  const editing = new URLSearchParams(location.search).get("edit") === "1" || (result !== undefined && !result.ok);
  const loadingTab = navigation.state === "loading" && navigation.location && PROFILE_PATHS.includes(navigation.location.pathname) ? tabOfPath(navigation.location.pathname) : null;
  const tabs = [
    { id: "favorites" as const, href: "/favorites", label: `Favorites (${favorites.length})` },
    { id: "reviews" as const, href: "/my-reviews", label: `Reviews (${reviews.length})` },
  ];

  return (
    <main id="main" className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8">
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-center">
          <Avatar name={profile.name} image={profile.image} className="size-16 text-xl" />
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-bold">{profile.name}</h1>
            {profile.username && <p className="text-sm text-muted-foreground">@{profile.username}</p>}
            <p className="truncate text-sm text-muted-foreground">{profile.email}</p>
            {profile.website && (
              <a href={profile.website} rel="nofollow noopener ugc" target="_blank" className="break-all text-sm text-primary underline-offset-2 hover:underline">
                {profile.website}
              </a>
            )}
            <p className="mt-2 flex gap-4 text-sm">
              <span>
                <strong>{favorites.length}</strong> {pluralise(favorites.length, "Favorite")}
              </span>
              <span>
                <strong>{reviews.length}</strong> {pluralise(reviews.length, "Review")}
              </span>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to="?edit=1" replace preventScrollReset>
                <Icon name="pencil" /> Edit Profile
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to="/settings">
                <Icon name="settings" /> Settings
              </Link>
            </Button>
            <Form method="post" action="/auth/sign-out">
              <Button type="submit" variant="outline" size="sm">
                <Icon name="log-out" /> Sign Out
              </Button>
            </Form>
          </div>
        </CardContent>
      </Card>

      {result && !result.ok && <ResultMessage result={result} />}
      {editing && <EditProfileForm profile={profile} result={result} />}

      <nav aria-label="Profile sections" className="flex gap-1 border-b">
        {tabs.map((item) => (
          <Link
            key={item.id}
            to={item.href}
            preventScrollReset
            aria-current={tab === item.id ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium text-muted-foreground hover:text-foreground",
              tab === item.id && "border-primary text-foreground",
            )}
          >
            {item.label}
          </Link>
        ))}
      </nav>
      <section aria-label={tab === "favorites" ? "Favorites" : "Reviews"}>
        {loadingTab && loadingTab !== tab ? <ListSkeleton tab={loadingTab} /> : tab === "favorites" ? <FavoritesList favorites={favorites} /> : <ReviewsList reviews={reviews} />}
      </section>
      <section id="submissions" aria-labelledby="submissions-heading" className="scroll-mt-20">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="submissions-heading" className="text-lg font-semibold">
            My submissions
          </h2>
          {submissions.length > 0 && (
            <Link to="/submit" className="text-sm text-primary underline underline-offset-2">
              Submit a tool
            </Link>
          )}
        </div>
        <SubmissionsList submissions={submissions} />
        <p className="mt-3 text-sm text-muted-foreground">
          Make a tool we already list? Claim it from its page, then keep it true from{" "}
          <Link to="/maker" className="text-primary underline underline-offset-2">
            your listings
          </Link>
          .
        </p>
      </section>
    </main>
  );
}
