/**
 * What the account screens say, in one place (spec part 1 §8 where it has
 * words, ours where it is silent). Server results carry one of these toasts;
 * the browser shows it, and pages without JavaScript print it inline.
 */
export type Toast = { title: string; description?: string; variant?: "destructive" };

export const MESSAGES = {
  accountExists: { title: "Account exists", description: "This email is already registered. Please sign in instead.", variant: "destructive" },
  signUpFailed: { title: "Sign up failed", description: "An unexpected error occurred", variant: "destructive" },
  signUpFailedFields: { title: "Sign up failed", description: "Please check the highlighted fields.", variant: "destructive" },
  accountCreated: { title: "Account created!", description: "Please check your email to confirm your account." },
  passwordMismatch: { title: "Password mismatch", description: "Passwords do not match. Please try again.", variant: "destructive" },
  signInFailed: { title: "Sign in failed", description: "Invalid email or password. Please try again.", variant: "destructive" },
  signInFields: { title: "Sign in failed", description: "Please enter your email and password.", variant: "destructive" },
  signInError: { title: "Sign in failed", description: "Something went wrong on our side. Please try again in a moment.", variant: "destructive" },
  welcomeBack: { title: "Welcome back!", description: "You have successfully signed in." },
  emailNotVerified: {
    title: "Please confirm your email",
    description: "Your email address is not confirmed yet. We have sent you a new confirmation link.",
    variant: "destructive",
  },
  emailNotVerifiedRecentlySent: {
    title: "Please confirm your email",
    description: "Your email address is not confirmed yet. Use the link we just sent you (you can ask for another in a minute).",
    variant: "destructive",
  },
  passwordReset: { title: "Password Reset", description: "Please check your email for password reset instructions." },
  resetLinkInvalid: { title: "Link expired", description: "This password reset link is invalid or has expired. Please ask for a new one.", variant: "destructive" },
  passwordChangedSignIn: { title: "Password changed", description: "Your new password is set. Please sign in with it." },
  emailConfirmed: { title: "Email confirmed", description: "Your email is confirmed and you are signed in." },
  verifyLinkInvalid: { title: "Link expired", description: "This confirmation link is invalid or has expired. Ask for a new one below.", variant: "destructive" },
  verificationSent: { title: "Email sent", description: "If that address has an unconfirmed account, a new confirmation link is on its way." },
  signedOut: { title: "Signed out", description: "You have been signed out." },
  profileUpdated: { title: "Profile updated", description: "Your profile has been updated successfully." },
  profileUpdateFailed: { title: "Profile update failed", description: "Please check the fields below and try again.", variant: "destructive" },
  noUser: { title: "Profile update failed", description: "No user logged in", variant: "destructive" },
  passwordChanged: { title: "Password changed", description: "Your password has been changed and your other devices were signed out." },
  currentPasswordWrong: { title: "Password not changed", description: "Your current password is not correct.", variant: "destructive" },
  otherSessionsRevoked: { title: "Signed out elsewhere", description: "Every other device signed in to your account has been signed out." },
  accountDeleted: { title: "Account deleted", description: "Your account, favourites and reviews have been deleted." },
  deleteConfirmWrong: { title: "Account not deleted", description: "Type DELETE in capital letters to confirm.", variant: "destructive" },
  deletePasswordWrong: { title: "Account not deleted", description: "Your password is not correct.", variant: "destructive" },
  crossSite: { title: "Request refused", description: "This form was sent from another website.", variant: "destructive" },
} as const satisfies Record<string, Toast>;

/** The 429 answer, in words. */
export function tooManyAttempts(retryAfterSeconds: number): Toast {
  const wait = retryAfterSeconds >= 90 ? `${Math.ceil(retryAfterSeconds / 60)} minutes` : `${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}`;
  return { title: "Too many attempts", description: `Please wait ${wait} and try again.`, variant: "destructive" };
}

export function tooManyEmails(retryAfterSeconds: number): Toast {
  return {
    title: "Email already sent",
    description: `We sent an email to this address moments ago. Please check your inbox, or wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"} before asking for another.`,
    variant: "destructive",
  };
}

/** Spec §3: lowercase the full name and turn whitespace into underscores (we also drop characters a URL would mangle). */
export function usernameFromFullName(fullName: string): string {
  const base = fullName.trim().toLowerCase().replace(/\s+/g, "_").replace(/[^a-z0-9_]/g, "").slice(0, 30);
  return base.length >= 3 ? base : `${base}user`.slice(0, 30);
}

/** Two uppercase initials of the display name (spec §2.10). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length >= 2 ? words[0]![0]! + words.at(-1)![0]! : (words[0] ?? "?").slice(0, 2);
  return letters.toUpperCase();
}
