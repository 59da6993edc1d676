import type { RouteHandle } from "~/lib/route-handle";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { PasswordField, ResultMessage } from "~/components/ui/form-parts";
import { useReplyToast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE_TEXT } from "~/lib/account/password-policy";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { resetPasswordWrite } from "~/models/account/writes.server";
import { formWrite } from "~/utils/write.server";
import type { Route } from "./+types/auth.reset-password";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Choose a New Password", description: "Choose a new password for your account.", path: "/auth/reset-password", siteUrl: siteUrlOf(matches), noindex: true });
export const handle = { cache: "personal", breadcrumbs: false } satisfies RouteHandle;

// Every session of the account has ended; the visitor signs in with the new password.
export const action = (args: Route.ActionArgs) => formWrite(args, { reset: { spec: resetPasswordWrite, options: { redirect: { when: "always", to: () => "/auth?tab=signin" } } } });

export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  useReplyToast(result);
  return (
    <main id="main" className="mx-auto grid w-full max-w-md gap-6 px-4 py-10">
      <h1 className="text-2xl font-bold">Choose a new password</h1>
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <ResultMessage result={result} />
          {token ? (
            <Form method="post" className="grid gap-4" aria-label="Choose a new password">
              <input type="hidden" name="token" value={token} />
              <PasswordField
                id="reset-password"
                name="password"
                label="New password"
                autoComplete="new-password"
                required
                minLength={PASSWORD_MIN_LENGTH}
                maxLength={PASSWORD_MAX_LENGTH}
                hint={PASSWORD_RULE_TEXT}
                error={result?.fieldErrors?.password}
              />
              <PasswordField
                id="reset-confirm"
                name="confirmPassword"
                label="Confirm new password"
                autoComplete="new-password"
                required
                minLength={PASSWORD_MIN_LENGTH}
                maxLength={PASSWORD_MAX_LENGTH}
                error={result?.fieldErrors?.confirmPassword}
              />
              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : "Set new password"}
              </Button>
            </Form>
          ) : (
            <p className="text-sm">This page needs the link from the password reset email.</p>
          )}
          <Link to="/auth?tab=forgot" className="text-center text-sm underline underline-offset-2">
            Ask for a new reset link
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
