import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Field, PasswordField, ResultMessage } from "~/components/ui/form-parts";
import { useReplyToast } from "~/components/ui/toast";
import { replyFor } from "~/lib/reply";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE_TEXT } from "~/lib/account/password-policy";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { getSettingsPage } from "~/models/account/profile.server";
import { changePasswordWrite, deleteAccountWrite, revokeSessionsWrite } from "~/models/account/writes.server";
import { followWrite, mailSettingsWrite, watchWrite } from "~/models/alerts/writes.server";
import { WATCH_WORDS } from "~/lib/words/watch";
import { requireViewer } from "~/utils/guards.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/settings";
import { Icon, type IconName } from "~/components/ui/icon";
import { formatDateTimeUtc } from "~/lib/ui/dates";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Account Settings", description: "Your account's email, password, privacy and data.", path: "/settings", siteUrl: siteUrlOf(matches), noindex: true });
export const handle = { cache: "personal", breadcrumbs: false } satisfies RouteHandle;

export async function loader(args: Route.LoaderArgs) {
  const viewer = requireViewer(args);
  return { email: viewer.email, ...(await getSettingsPage(viewer.id, viewer.sessionId)) };
}

export const action = (args: Route.ActionArgs) =>
  formWrite(args, {
    "change-password": { spec: changePasswordWrite },
    "revoke-others": { spec: revokeSessionsWrite },
    unwatch: { spec: watchWrite },
    unfollow: { spec: followWrite },
    "mail-settings": { spec: mailSettingsWrite },
    "delete-account": { spec: deleteAccountWrite, options: { redirect: { when: "always", to: () => "/" } } },
  });

/** A short, readable name for a browser's user agent ("Chrome on Linux"). */
function deviceName(userAgent: string | null) {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "an unknown system";
  return `${browser} on ${system}`;
}

function Section({ icon, title, children }: { icon: IconName; title: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Icon name={icon} className="size-5 text-muted-foreground" /> {title}
        </h2>
        {children}
      </CardContent>
    </Card>
  );
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  useReplyToast(result);
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const resultFor = (intent: string) => replyFor(result, intent);
  const errors = (intent: string) => resultFor(intent)?.fieldErrors ?? {};
  const others = loaderData.sessions.filter((session) => !session.current);

  return (
    <main id="main" className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold">Account Settings</h1>
        <p className="text-sm text-muted-foreground">
          Signed in as {loaderData.email}.{" "}
          <Link to="/profile" className="underline underline-offset-2">
            Back to your profile
          </Link>
        </p>
      </div>

      <Section icon="key-round" title="Change password">
        <ResultMessage result={resultFor("change-password")} />
        <Form method="post" className="grid gap-4" aria-label="Change password">
          <input type="hidden" name="intent" value="change-password" />
          <PasswordField
            id="current-password"
            name="currentPassword"
            label="Current password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            error={errors("change-password").currentPassword}
          />
          <PasswordField
            id="new-password"
            name="newPassword"
            label="New password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            maxLength={PASSWORD_MAX_LENGTH}
            hint={PASSWORD_RULE_TEXT}
            error={errors("change-password").newPassword}
          />
          <PasswordField
            id="confirm-new-password"
            name="confirmPassword"
            label="Confirm new password"
            autoComplete="new-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            error={errors("change-password").confirmPassword}
          />
          <p className="text-xs text-muted-foreground">Changing your password signs out every other device.</p>
          <Button type="submit" className="justify-self-start" disabled={busy("change-password")}>
            {busy("change-password") ? "Saving..." : "Change Password"}
          </Button>
        </Form>
      </Section>

      <Section icon="monitor-smartphone" title="Where you're signed in">
        <ResultMessage result={resultFor("revoke-others")} />
        <ul className="grid gap-2 text-sm">
          {loaderData.sessions.map((session, index) => (
            <li key={index} className="flex flex-wrap justify-between gap-2 rounded-md border p-3">
              <span>
                {deviceName(session.userAgent)} {session.current && <strong>(this device)</strong>}
              </span>
              <span className="text-muted-foreground">Since {formatDateTimeUtc(session.createdAt)}</span>
            </li>
          ))}
        </ul>
        <Form method="post">
          <input type="hidden" name="intent" value="revoke-others" />
          <Button type="submit" variant="outline" disabled={busy("revoke-others") || others.length === 0}>
            <Icon name="log-out" /> {others.length === 0 ? "No other sessions" : `Sign out of all other sessions (${others.length})`}
          </Button>
        </Form>
      </Section>

      <Section icon="eye" title={WATCH_WORDS.settingsTitle}>
        <ResultMessage result={resultFor("unwatch") ?? resultFor("unfollow")} />
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">Tools you watch</h3>
          {loaderData.watches.length === 0 ? (
            <p className="text-sm text-muted-foreground">{WATCH_WORDS.noWatches}</p>
          ) : (
            <ul className="grid gap-2 text-sm" aria-label="Tools you watch">
              {loaderData.watches.map((tool) => (
                <li key={tool.slug} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
                  <Link to={`/tools/${tool.slug}`} className="font-medium underline-offset-2 hover:underline">
                    {tool.name}
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="unwatch" />
                    <input type="hidden" name="toolSlug" value={tool.slug} />
                    <input type="hidden" name="watch" value="false" />
                    <Button type="submit" variant="outline" size="sm" aria-label={`${WATCH_WORDS.stopWatching} ${tool.name}`}>
                      {WATCH_WORDS.stopWatching}
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">Categories you follow</h3>
          {loaderData.follows.length === 0 ? (
            <p className="text-sm text-muted-foreground">{WATCH_WORDS.noFollows}</p>
          ) : (
            <ul className="grid gap-2 text-sm" aria-label="Categories you follow">
              {loaderData.follows.map((category) => (
                <li key={category.slug} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
                  <Link to={`/tools/category/${category.slug}`} className="font-medium underline-offset-2 hover:underline">
                    {category.name}
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="unfollow" />
                    <input type="hidden" name="categorySlug" value={category.slug} />
                    <input type="hidden" name="follow" value="false" />
                    <Button type="submit" variant="outline" size="sm" aria-label={`${WATCH_WORDS.unfollow} ${category.name}`}>
                      {WATCH_WORDS.unfollow}
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </div>
        <ResultMessage result={resultFor("mail-settings")} />
        <Form method="post" className="grid gap-3" aria-label="Email settings">
          <input type="hidden" name="intent" value="mail-settings" />
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="alerts" value="true" defaultChecked={loaderData.mail.alerts} className="mt-1 size-4" />
            <span>{WATCH_WORDS.alertsSetting}</span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="digest" value="true" defaultChecked={loaderData.mail.digest} className="mt-1 size-4" />
            <span>{WATCH_WORDS.digestSetting}</span>
          </label>
          <Button type="submit" variant="outline" className="justify-self-start" disabled={busy("mail-settings")}>
            {WATCH_WORDS.saveMailSettings}
          </Button>
        </Form>
      </Section>

      <Section icon="download" title="Download my data">
        <p className="text-sm text-muted-foreground">A JSON file with your account details, sign-in sessions, favourites, reviews, watched tools and followed categories.</p>
        <Button asChild variant="outline" className="justify-self-start">
          <a href="/settings/export" download>
            <Icon name="download" /> Download my data
          </a>
        </Button>
      </Section>

      <Section icon="trash" title="Delete my account">
        <p className="text-sm text-muted-foreground">
          This removes your account, your favourites, your reviews and their images, your watches and follows, your tool submissions, and the newsletter subscription and messages
          sent from your email address, for good. It cannot be undone.
        </p>
        <ResultMessage result={resultFor("delete-account")} />
        <Form method="post" className="grid gap-4" aria-label="Delete my account">
          <input type="hidden" name="intent" value="delete-account" />
          <PasswordField
            id="delete-password"
            name="password"
            label="Your password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
            error={errors("delete-account").password}
          />
          <Field id="delete-confirm" name="confirm" label="Type DELETE to confirm" required autoComplete="off" pattern="DELETE" error={errors("delete-account").confirm} />
          <Button type="submit" variant="destructive" className="justify-self-start" disabled={busy("delete-account")}>
            <Icon name="trash" /> {busy("delete-account") ? "Deleting..." : "Delete my account"}
          </Button>
        </Form>
      </Section>
    </main>
  );
}
