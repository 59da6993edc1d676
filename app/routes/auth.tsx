import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { ForgotPasswordForm, SignInForm, SignUpForm, type FormDriver } from "~/components/account/auth-forms";
import { ResultMessage } from "~/components/ui/form-parts";
import { useReplyToast } from "~/components/ui/toast";
import { Card, CardContent } from "~/components/ui/card";
import { cn } from "~/lib/ui/cn";
import { MESSAGES, type MessageKey } from "~/lib/messages";
import { signInReturnPath } from "~/lib/account/safe-redirect";
import { SITE_NAME } from "~/lib/site";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { forgotPasswordWrite, resendVerificationWrite, signInWrite, signUpWrite } from "~/models/account/writes.server";
import { viewerOf } from "~/utils/guards.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/auth";
import { Icon } from "~/components/ui/icon";

const TABS = [
  { id: "signin", label: "Sign In" },
  { id: "signup", label: "Sign Up" },
] as const;
type Tab = "signin" | "signup" | "forgot";

function tabOf(value: string | null): Tab {
  return value === "signup" || value === "forgot" ? value : "signin";
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Sign In or Create an Account",
    description: `Sign in to ${SITE_NAME} or create a free account to save favourite AI tools and write reviews.`,
    path: "/auth",
    siteUrl: siteUrlOf(matches),
    noindex: true,
  });

export const handle = { cache: "personal", breadcrumbs: false } satisfies RouteHandle;

export function loader({ context }: Route.LoaderArgs) {
  // Spec §6: a signed-in visitor does not need this page.
  if (viewerOf({ context }, { use: "page" })) throw redirect("/");
  return null;
}

export const action = (args: Route.ActionArgs) =>
  formWrite(args, {
    // Spec §4: a successful sign-in on the page goes home, or back to where the visitor came from; the dialog stays put.
    signin: { spec: signInWrite, options: { redirect: { when: "always", to: (fields) => (fields.from === "dialog" ? null : signInReturnPath(fields.redirectTo as string)) } } },
    signup: { spec: signUpWrite },
    forgot: { spec: forgotPasswordWrite },
    resend: { spec: resendVerificationWrite },
  });

/** Spec §2.10: a guarded page sent the visitor here to sign in (utils/guards.server.ts); say why. */
const ACCOUNT_PAGES = /^\/(profile|favorites|my-reviews|settings)(\/|\?|$)/;
const signInReason = (redirectTo: string): MessageKey => (ACCOUNT_PAGES.test(redirectTo) ? "signInRequired" : "signInToContinue");

export default function AuthPage() {
  const [searchParams] = useSearchParams();
  const result = useActionData<typeof action>();
  // A refused form stays in view with what was typed: the post goes to /auth without ?tab, so the intent says which.
  const tab = result && !result.ok && typeof result.intent === "string" ? tabOf(result.intent) : tabOf(searchParams.get("tab"));
  const redirectTo = signInReturnPath(searchParams.get("redirectTo"));
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  useReplyToast(result);
  const driver = (intent: string): FormDriver => ({ Form, busy: pendingIntent === intent, result, from: "page", idPrefix: "page" });
  const withTab = (next: Tab) => {
    const params = new URLSearchParams(searchParams);
    params.set("tab", next);
    return `?${params}`;
  };
  const signedUp = result?.intent === "signup" && result.ok;

  return (
    <main id="main" className="mx-auto grid w-full max-w-md gap-6 px-4 py-10">
      <Link to="/" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <Icon name="arrow-left" className="size-4" /> Back to Home
      </Link>
      <div>
        <h1 className="text-2xl font-bold">{tab === "signup" ? "Create your account" : tab === "forgot" ? "Reset your password" : "Welcome back"}</h1>
        <p className="mt-1 text-sm text-muted-foreground">Save favourite AI tools, write reviews and keep your comparisons in one place.</p>
      </div>
      <Card>
        <CardContent className="grid gap-5 pt-6">
          {tab !== "forgot" && (
            <nav aria-label="Sign in or sign up" className="grid grid-cols-2 rounded-lg bg-muted p-1">
              {TABS.map((item) => (
                <Link
                  key={item.id}
                  to={withTab(item.id)}
                  replace
                  preventScrollReset
                  aria-current={tab === item.id ? "page" : undefined}
                  className={cn("rounded-md px-3 py-1.5 text-center text-sm font-medium text-muted-foreground", tab === item.id && "bg-background text-foreground shadow-sm")}
                >
                  {item.label}
                </Link>
              ))}
            </nav>
          )}
          <ResultMessage result={result ?? (redirectTo !== "/" ? { ok: false, toast: MESSAGES[signInReason(redirectTo)] } : undefined)} />
          {signedUp ? (
            <p className="text-sm">
              Follow the link in the email to confirm your address; it signs you in.{" "}
              <Link to={withTab("signin")} className="font-medium underline underline-offset-2">
                Back to sign in
              </Link>
            </p>
          ) : tab === "signup" ? (
            <SignUpForm driver={driver("signup")} />
          ) : tab === "forgot" ? (
            <ForgotPasswordForm
              driver={driver("forgot")}
              back={
                <Link to={withTab("signin")} className="underline underline-offset-2">
                  Back to sign in
                </Link>
              }
            />
          ) : (
            <SignInForm
              driver={driver("signin")}
              redirectTo={redirectTo}
              forgotPassword={
                <Link to={withTab("forgot")} className="underline underline-offset-2">
                  Forgot password?
                </Link>
              }
            />
          )}
        </CardContent>
      </Card>
    </main>
  );
}
