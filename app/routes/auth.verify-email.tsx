import type { RouteHandle } from "~/lib/route-handle";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { Field, ResultMessage } from "~/components/ui/form-parts";
import { useReplyToast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { pageMeta, siteUrlOf } from "~/lib/seo/seo";
import { verifyEmail } from "~/models/account/auth-flows.server";
import { resendVerificationWrite } from "~/models/account/writes.server";
import { clientOf } from "~/utils/client.server";
import { isAppError, toastOf } from "~/utils/errors.server";
import { setFlash } from "~/utils/flash.server";
import { enforceLimit } from "~/utils/limits.server";
import { passErrorHeaders } from "~/utils/replies.server";
import { addResponseCookies } from "~/utils/session.server";
import { formWrite, noteWrite } from "~/utils/write.server";
import type { Route } from "./+types/auth.verify-email";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Confirm Your Email", description: "Confirm the email address of your account.", path: "/auth/verify-email", siteUrl: siteUrlOf(matches), noindex: true });
export const handle = { cache: "personal", breadcrumbs: false } satisfies RouteHandle;

/**
 * The link in the confirmation email: confirms the address and signs the visitor in (Better Auth autoSignInAfterVerification).
 * A GET that writes, on purpose: an email link can only be followed, and the token is single-use (RFC 9110 §9.2.1
 * allows a safe-looking request to have effects the user asked for; OWASP: one-time, expiring token).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // It signs the visitor in: the token is read, and the next pages are read, where it was written (decision 089).
  noteWrite(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const client = clientOf(request, context);
  try {
    await enforceLimit("verifyLink", { ip: client.ip });
    addResponseCookies(context, await verifyEmail(token, client));
  } catch (error) {
    if (!isAppError(error)) throw error;
    passErrorHeaders(context, error);
    return data({ toast: toastOf(error) }, { status: error.status });
  }
  setFlash(context, "emailConfirmed");
  throw redirect("/profile");
}

export const action = (args: Route.ActionArgs) => formWrite(args, { resend: { spec: resendVerificationWrite } });

export default function VerifyEmailPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  useReplyToast(result);
  return (
    <main id="main" className="mx-auto grid w-full max-w-md gap-6 px-4 py-10">
      <h1 className="text-2xl font-bold">Confirm your email</h1>
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <ResultMessage result={result ?? { ok: false, toast: loaderData.toast }} />
          <Form method="post" className="grid gap-4" aria-label="Send a new confirmation link">
            <Field
              id="resend-email"
              name="email"
              type="email"
              label="Email"
              autoComplete="email"
              required
              maxLength={254}
              defaultValue={result?.values?.email}
              error={result?.fieldErrors?.email}
            />
            <Button type="submit" disabled={busy}>
              {busy ? "Sending..." : "Send a new link"}
            </Button>
          </Form>
          <Link to="/auth" className="text-center text-sm underline underline-offset-2">
            Back to sign in
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
