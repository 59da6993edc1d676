import { useEffect, useRef, type ComponentType, type FormEvent, type ReactNode, type RefAttributes } from "react";
import { Link, type FormProps } from "react-router";
import { Button } from "~/components/ui/button";
import { MESSAGES } from "~/lib/messages";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_RULE_TEXT } from "~/lib/account/password-policy";
import { Field, Honeypot, PasswordField, useHydrated } from "~/components/ui/form-parts";
import { showToast } from "~/components/ui/toast";
import type { Reply } from "~/lib/reply";

/**
 * Sign-in, sign-up and forgot-password forms. The dialog drives them with a
 * fetcher, the /auth page with a navigation <Form>; both post to /auth, and
 * without JavaScript the page's forms work as plain HTML forms.
 */
export type FormDriver = {
  Form: ComponentType<FormProps & RefAttributes<HTMLFormElement>>;
  busy: boolean;
  result?: Reply;
  /** "dialog" answers with data; "page" redirects after signing in. */
  from: "dialog" | "page";
  idPrefix: string;
};

function useResetOnSuccess(result: Reply | undefined, intent: string) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // Spec §4: the fields are cleared after success.
    if (result?.ok && result.intent === intent) ref.current?.reset();
  }, [result, intent]);
  return ref;
}

function errorsFor(result: Reply | undefined, intent: string) {
  return result?.intent === intent ? (result.fieldErrors ?? {}) : {};
}

function valuesFor(result: Reply | undefined, intent: string) {
  return result?.intent === intent && !result.ok ? (result.values ?? {}) : {};
}

function Hidden({ intent, from, redirectTo }: { intent: string; from: string; redirectTo?: string }) {
  const hydrated = useHydrated();
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="from" value={from} />
      <input type="hidden" name="js" value={hydrated ? "1" : ""} />
      {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
    </>
  );
}

export function SignInForm({ driver, redirectTo, forgotPassword }: { driver: FormDriver; redirectTo?: string; forgotPassword: ReactNode }) {
  const { Form, busy, result, from, idPrefix } = driver;
  const ref = useResetOnSuccess(result, "signin");
  const errors = errorsFor(result, "signin");
  const values = valuesFor(result, "signin");
  return (
    <Form ref={ref} method="post" action="/auth" className="grid gap-4" aria-label="Sign in">
      <Hidden intent="signin" from={from} redirectTo={redirectTo} />
      <Field
        id={`${idPrefix}-signin-email`}
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        maxLength={254}
        defaultValue={values.email}
        error={errors.email}
      />
      <PasswordField
        id={`${idPrefix}-signin-password`}
        name="password"
        label="Password"
        autoComplete="current-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        error={errors.password}
      />
      <div className="-mt-2 text-right text-sm">{forgotPassword}</div>
      <Button type="submit" disabled={busy}>
        {busy ? "Signing in..." : "Sign In"}
      </Button>
    </Form>
  );
}

export function SignUpForm({ driver }: { driver: FormDriver }) {
  const { Form, busy, result, from, idPrefix } = driver;
  const ref = useResetOnSuccess(result, "signup");
  const errors = errorsFor(result, "signup");
  const values = valuesFor(result, "signup");
  function checkMatch(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    if (form.get("password") !== form.get("confirmPassword")) {
      event.preventDefault();
      showToast(MESSAGES.passwordMismatch);
    }
  }
  return (
    <Form ref={ref} method="post" action="/auth" className="grid gap-4" aria-label="Create account" onSubmit={checkMatch}>
      <Hidden intent="signup" from={from} />
      <p className="text-sm text-muted-foreground">Create a free account to save your favourite tools and submit reviews.</p>
      <Field id={`${idPrefix}-signup-name`} name="name" label="Full name" autoComplete="name" required maxLength={80} defaultValue={values.name} error={errors.name} />
      <Field
        id={`${idPrefix}-signup-email`}
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        maxLength={254}
        defaultValue={values.email}
        error={errors.email}
      />
      <PasswordField
        id={`${idPrefix}-signup-password`}
        name="password"
        label="Password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        hint={PASSWORD_RULE_TEXT}
        error={errors.password}
      />
      <PasswordField
        id={`${idPrefix}-signup-confirm`}
        name="confirmPassword"
        label="Confirm password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        error={errors.confirmPassword}
      />
      <Honeypot id={`${idPrefix}-signup-company`} />
      <Button type="submit" disabled={busy}>
        {busy ? "Creating account..." : "Create Account"}
      </Button>
      <p className="text-xs text-muted-foreground">
        By creating an account you agree to our{" "}
        <Link to="/terms" className="underline underline-offset-2">
          Terms of Service
        </Link>{" "}
        and{" "}
        <Link to="/privacy" className="underline underline-offset-2">
          Privacy Policy
        </Link>
        .
      </p>
    </Form>
  );
}

export function ForgotPasswordForm({ driver, back }: { driver: FormDriver; back: ReactNode }) {
  const { Form, busy, result, from, idPrefix } = driver;
  const ref = useResetOnSuccess(result, "forgot");
  const errors = errorsFor(result, "forgot");
  const values = valuesFor(result, "forgot");
  return (
    <Form ref={ref} method="post" action="/auth" className="grid gap-4" aria-label="Reset password">
      <Hidden intent="forgot" from={from} />
      <p className="text-sm text-muted-foreground">Enter the email of your account and we will send you a link to choose a new password.</p>
      <Field
        id={`${idPrefix}-forgot-email`}
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        maxLength={254}
        defaultValue={values.email}
        error={errors.email}
      />
      <Button type="submit" disabled={busy}>
        {busy ? "Sending..." : "Send reset link"}
      </Button>
      <div className="text-center text-sm">{back}</div>
    </Form>
  );
}
