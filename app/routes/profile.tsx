import { Heart, LogOut, MessageSquare, Pencil, Settings, Star } from "lucide-react";
import { data, Form, Link, redirect, useActionData, useLocation, useNavigation } from "react-router";
import { Avatar } from "~/components/account/avatar";
import { SignInRequired } from "~/components/account/sign-in-required";
import { Field, ResultMessage, useResultToast, type FormResult } from "~/components/account/form-parts";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/input";
import { Skeleton } from "~/components/ui/skeleton";
import { MESSAGES } from "~/lib/account-messages";
import { cn } from "~/lib/cn";
import { pageTitle } from "~/lib/seo";
import { clientOf } from "~/models/account/client.server";
import { setFlash } from "~/models/account/flash.server";
import { checkAccountLimit } from "~/models/account/limits.server";
import { AVATAR_MAX_BYTES, getProfile, listFavorites, listOwnReviews, updateProfile } from "~/models/account/profile.server";
import { getViewer } from "~/models/account/session.server";
import { tooManyAttempts } from "~/lib/account-messages";
import { BodyTooLargeError, readFormData } from "~/utils/form-data.server";
import type { Route } from "./+types/profile";

/** /profile, /favorites and /my-reviews are this one page (spec §2.10); the path picks the tab. */
type Tab = "favorites" | "reviews";
const tabOfPath = (pathname: string): Tab => (pathname === "/my-reviews" ? "reviews" : "favorites");
const PROFILE_PATHS = ["/profile", "/favorites", "/my-reviews"];
/** Back to the tab the form was on (a script-driven submit arrives at "<path>.data"). */
const profilePathOf = (pathname: string) => PROFILE_PATHS.find((path) => pathname === path || pathname === `${path}.data`) ?? "/profile";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: pageTitle(location.pathname === "/favorites" ? "Saved Tools" : location.pathname === "/my-reviews" ? "My Reviews" : "Your Profile") },
  { name: "robots", content: "noindex" },
];

export const handle = { breadcrumbs: false };

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = getViewer(context);
  if (!viewer) return { signedIn: false as const };
  const [profile, favorites, reviews] = await Promise.all([getProfile(viewer.id), listFavorites(viewer.id), listOwnReviews(viewer.id)]);
  if (!profile) return { signedIn: false as const };
  return { signedIn: true as const, profile, favorites, reviews };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = getViewer(context);
  if (!viewer) return data<FormResult>({ intent: "update", ok: false, toast: MESSAGES.noUser }, { status: 401 });
  const limit = await checkAccountLimit("profileUpdate", { address: viewer.id, ip: clientOf(request, context).ip });
  if (!limit.allowed) return data({ intent: "update", ok: false, toast: tooManyAttempts(limit.retryAfterSeconds) } satisfies FormResult, { status: 429 });
  let form: FormData;
  try {
    // The avatar may be up to 5 MB; the rest of the form is small.
    form = await readFormData(request, AVATAR_MAX_BYTES + 64 * 1024);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    const message = "File size too large. Maximum size is 5MB.";
    return data({ intent: "update", ok: false, toast: { ...MESSAGES.profileUpdateFailed, description: message }, fieldErrors: { avatar: message } } satisfies FormResult, { status: 413 });
  }
  const result = await updateProfile(viewer.id, form);
  if (result.ok) {
    setFlash(context, "profileUpdated");
    throw redirect(profilePathOf(new URL(request.url).pathname));
  }
  const values = Object.fromEntries(["name", "username", "website"].map((name) => [name, String(form.get(name) ?? "").slice(0, 200)]));
  return data({ intent: "update", ok: false, toast: result.toast, fieldErrors: result.fieldErrors, values } satisfies FormResult, { status: result.status });
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

type LoaderData = Extract<Route.ComponentProps["loaderData"], { signedIn: true }>;

function EditProfileForm({ profile, result }: { profile: LoaderData["profile"]; result?: FormResult }) {
  const busy = useNavigation().state === "submitting";
  const errors = result?.fieldErrors ?? {};
  const values = result?.values ?? {};
  return (
    <Card>
      <CardContent className="pt-6">
        <h2 className="mb-4 text-lg font-semibold">Edit Profile</h2>
        <Form method="post" encType="multipart/form-data" className="grid gap-4" aria-label="Edit profile">
          <Field id="profile-name" name="name" label="Display name" required maxLength={80} defaultValue={values.name ?? profile.name} error={errors.name} autoComplete="name" />
          <Field
            id="profile-username"
            name="username"
            label="Username"
            required
            maxLength={30}
            pattern="[A-Za-z0-9_]{3,30}"
            hint="3 to 30 letters, digits or underscores."
            defaultValue={values.username ?? profile.username ?? ""}
            error={errors.username}
            autoComplete="username"
          />
          <Field
            id="profile-website"
            name="website"
            type="url"
            label="Website"
            maxLength={200}
            placeholder="https://example.com"
            hint="Starts with http:// or https://. Leave empty for none."
            defaultValue={values.website ?? profile.website ?? ""}
            error={errors.website}
          />
          <div className="grid gap-1.5">
            <Label htmlFor="profile-avatar">Avatar</Label>
            <Input id="profile-avatar" name="avatar" type="file" accept="image/jpeg,image/png,image/gif,image/webp" aria-describedby="profile-avatar-hint" />
            <p id="profile-avatar-hint" className="text-xs text-muted-foreground">
              JPEG, PNG, GIF or WebP, up to 5MB. We crop it to a square and remove its metadata.
            </p>
            {errors.avatar && <p className="text-sm font-medium text-destructive">{errors.avatar}</p>}
            {profile.image && (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="removeAvatar" className="size-4" /> Remove my picture
              </label>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : "Save Profile"}
            </Button>
            <Button asChild variant="outline">
              <Link to="?" replace>
                Cancel
              </Link>
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function FavoritesList({ favorites }: { favorites: LoaderData["favorites"] }) {
  if (favorites.length === 0) {
    return (
      <div className="rounded-lg border border-dashed p-10 text-center">
        <Heart className="mx-auto size-8 text-muted-foreground" aria-hidden="true" />
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

function ReviewsList({ reviews }: { reviews: LoaderData["reviews"] }) {
  if (reviews.length === 0) {
    return (
      <div className="rounded-lg border border-dashed p-10 text-center">
        <MessageSquare className="mx-auto size-8 text-muted-foreground" aria-hidden="true" />
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
                  <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" /> {review.rating}/5 stars
                </span>
              </div>
              <p className="text-xs text-muted-foreground">
                <time dateTime={new Date(review.createdAt).toISOString()}>{dateFormat.format(new Date(review.createdAt))}</time>
              </p>
              <p className="whitespace-pre-line text-sm">{review.comment}</p>
              <p className="text-xs text-muted-foreground">
                {review.helpfulCount} {review.helpfulCount === 1 ? "person" : "people"} found this helpful
              </p>
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

function ListSkeleton({ tab }: { tab: Tab }) {
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

export default function ProfilePage({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const result = useActionData<typeof action>();
  useResultToast(result);
  if (!loaderData.signedIn) return <SignInRequired returnTo={location.pathname} />;
  const { profile, favorites, reviews } = loaderData;
  const tab = tabOfPath(location.pathname);
  const editing = new URLSearchParams(location.search).get("edit") === "1" || (result !== undefined && !result.ok);
  const loadingTab = navigation.state === "loading" && navigation.location && PROFILE_PATHS.includes(navigation.location.pathname)
    ? tabOfPath(navigation.location.pathname)
    : null;
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
                <strong>{favorites.length}</strong> Favorites
              </span>
              <span>
                <strong>{reviews.length}</strong> Reviews
              </span>
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to="?edit=1" replace preventScrollReset>
                <Pencil aria-hidden="true" /> Edit Profile
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to="/settings">
                <Settings aria-hidden="true" /> Settings
              </Link>
            </Button>
            <Form method="post" action="/auth/sign-out">
              <Button type="submit" variant="outline" size="sm">
                <LogOut aria-hidden="true" /> Sign Out
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
        {loadingTab && loadingTab !== tab ? (
          <ListSkeleton tab={loadingTab} />
        ) : tab === "favorites" ? (
          <FavoritesList favorites={favorites} />
        ) : (
          <ReviewsList reviews={reviews} />
        )}
      </section>
    </main>
  );
}
