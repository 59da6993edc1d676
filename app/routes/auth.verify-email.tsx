import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { Field, ResultMessage, useResultToast, type FormResult } from "~/components/account/form-parts";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { pageTitle } from "~/lib/seo";
import { requestVerificationEmail, verifyEmail } from "~/models/account/auth-flows.server";
import { clientOf } from "~/models/account/client.server";
import { setFlash } from "~/models/account/flash.server";
import { addResponseCookies } from "~/models/account/session.server";
import type { Route } from "./+types/auth.verify-email";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Confirm Your Email") }, { name: "robots", content: "noindex" }];
export const handle = { breadcrumbs: false };

/** The link in the confirmation email: confirms the address and signs the visitor in (Better Auth autoSignInAfterVerification). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await verifyEmail(token, clientOf(request, context));
  if (result.ok) {
    addResponseCookies(context, result.cookies);
    setFlash(context, "emailConfirmed");
    throw redirect("/profile");
  }
  return data({ toast: result.toast }, { status: result.status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await requestVerificationEmail(form, clientOf(request, context));
  const email = form.get("email");
  return data(
    { intent: "resend", ok: result.ok, toast: result.toast, fieldErrors: result.fieldErrors, values: { email: typeof email === "string" ? email.slice(0, 254) : "" } } satisfies FormResult,
    { status: result.status },
  );
}

export default function VerifyEmailPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  useResultToast(result);
  return (
    <main id="main" className="mx-auto grid w-full max-w-md gap-6 px-4 py-10">
      <h1 className="text-2xl font-bold">Confirm your email</h1>
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <ResultMessage result={result ?? { ok: false, toast: loaderData.toast }} />
          <Form method="post" className="grid gap-4" aria-label="Send a new confirmation link">
            <Field id="resend-email" name="email" type="email" label="Email" autoComplete="email" required maxLength={254} defaultValue={result?.values?.email} error={result?.fieldErrors?.email} />
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
